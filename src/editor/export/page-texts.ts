/**
 * The texts an export prints, in the site's language (messages `editorExport.page.*`): a map page's (its
 * legend and title block, the plan information's rows) and the inventory pages'.
 */
import type { InventoryPageTexts } from "./inventory-pages";
import type { PageTexts } from "./page-svg";
import { formatMetres } from "../kinds/measure";
import type { ExportLanguage } from "../kinds/types";
import type { PlanPhase } from "@/lib/elements/phase";
import type { PlanInfo } from "@/lib/elements/plan-info";

/** A day of the plan information (`2025-03-01`) as the site writes it; noon, so no time zone moves it to another day. */
const dayText = (day: string, language: ExportLanguage) => language.date(new Date(`${day}T12:00:00`));

/** The user's organisation as the title block prints it: its name and CVR (or, on ta-planen, organisationsnummer). */
export interface ExportOrganisation {
  name: string;
  cvr_number: string;
}

/**
 * A map page's texts. A page of one phase names it; a page of the whole plan the phase the plan
 * information gives, if any. The contractor is the plan information's, else the user's organisation
 * with its company number: a plan is drawn by its contractor, and an organisation that typed nothing
 * else gets its own name on its prints.
 */
export function pageTexts(
  planInfo: PlanInfo,
  phase: PlanPhase | null,
  productName: string,
  language: ExportLanguage,
  organisation: ExportOrganisation | null = null,
): PageTexts {
  const { t, locale } = language;
  const page = (key: string, values?: Record<string, string | number>) => t(`editorExport.page.${key}`, values);
  const shownPhase = phase ?? planInfo.phase;
  const period = [planInfo.periodFrom, planInfo.periodTo]
    .filter((day): day is string => !!day)
    .map((day) => dayText(day, language))
    .join(" – ");
  const responsible = [planInfo.responsiblePerson, planInfo.responsiblePhone ? page("phone", { phone: planInfo.responsiblePhone }) : ""]
    .filter(Boolean)
    .join(", ");
  const contractor =
    planInfo.contractor?.trim() || (organisation ? page("organisation", { name: organisation.name, number: organisation.cvr_number }) : "");
  return {
    legend: page("legend"),
    legendMore: (count) => page("legendMore", { count }),
    count: (count) => page("count", { count }),
    scale: page("scale"),
    coordinates: (grid) => page("coordinates", { grid }),
    centre: page("centre"),
    date: page("date"),
    description: page("description"),
    footer: page("footer", { product: productName }),
    north: page("north"),
    decimal: (value) => language.number(value, 2),
    pipes: {
      title: page("pipes.title"),
      name: page("pipes.name"),
      dimension: page("pipes.dimension"),
      material: page("pipes.material"),
      length: page("pipes.length"),
      total: page("pipes.total"),
      more: (count) => page("pipes.more", { count }),
      metres: (metres) => formatMetres(metres, locale),
    },
    rows: [
      { label: page("phase"), value: shownPhase ? page(`phases.${shownPhase}`) : "" },
      { label: page("period"), value: period },
      { label: page("planNumber"), value: planInfo.planNumber ?? "" },
      { label: page("responsible"), value: responsible },
      { label: page("contractor"), value: contractor },
      { label: page("client"), value: planInfo.client ?? "" },
    ],
  };
}

/** The inventory pages' texts: their title, the plan's name, who made them when, the columns. */
export function inventoryTexts(planName: string, productName: string, date: string, language: ExportLanguage): InventoryPageTexts {
  const page = (key: string, values?: Record<string, string | number>) => language.t(`editorExport.page.${key}`, values);
  return {
    title: page("inventoryTitle"),
    planName,
    subtitle: `${productName} · ${date}`,
    columns: { code: page("inventoryCode"), name: page("inventoryName"), size: page("inventorySize"), count: page("inventoryCount") },
    total: page("inventoryTotal"),
    pageOf: (current, pages) => page("pageOf", { page: current, pages }),
  };
}
