/**
 * The export's assembly (spec 2-content §3 "Export", §5, §8): from the plan, the settings and the site to
 * an ExportJob (a map page per phase with its texts and legend, the inventory pages, the title block's
 * table) and the run that makes the file (export-plan.ts). What each kind adds comes through the optional
 * fields of its editor module (`legend`, `pictures`, `pictureRows`, `titleTable`), so nothing here names a
 * kind. React-free: the export panel collects the settings, calls `runExport` and shows its progress.
 */
import type OlMap from "ol/Map";
import type BaseLayer from "ol/layer/Base";
import BaseImageLayer from "ol/layer/BaseImage";
import BaseTileLayer from "ol/layer/BaseTile";
import { exportPlan, titleContent, type ExportJob, type ExportPage, type ExportResult } from "./export-plan";
import { legendDrawings } from "./legend";
import type { PageLayout } from "./page-layout";
import { layoutFor } from "./page-svg";
import { inventoryTexts, pageTexts, type ExportOrganisation } from "./page-texts";
import { editorElement } from "../kinds/registry";
import type { ExportLanguage, PictureRow } from "../kinds/types";
import { elementRefsOf, type ElementRef } from "../core/store/plan-store";
import { inPhase } from "@/lib/elements/phase";
import type { PlanContent } from "@/lib/elements/plan-content";
import { ELEMENT_KINDS, type AnyElement, type ElementKind } from "@/lib/elements/registry";
import { phasePagesOf, type ExportSettings } from "@/lib/schemas/export";
import type { SiteId } from "@/sites/site-ids";

/** What an export is made of: the settings the panel collected, the plan as it is now and the site. */
export interface ExportRequest {
  settings: ExportSettings;
  site: SiteId;
  productName: string;
  planName: string;
  content: PlanContent;
  language: ExportLanguage;
  /** The company logo chosen in the panel, or null. */
  logo: Blob | null;
  /**
   * The user's organisation, printed as the contractor when the plan information names none (issue 30:
   * the title block shows the organisation's name and CVR or organisationsnummer by default); null
   * for a user in none, or while it loads.
   */
  organisation?: ExportOrganisation | null;
}

/** What the run needs beyond the request: the map's raster layers, a way to stop it, and where to report. */
export interface ExportRun {
  /** The editor's visible raster layers (`rasterLayers`). */
  layers: readonly BaseLayer[];
  signal?: AbortSignal;
  onProgress?: ExportJob["onProgress"];
}

/**
 * The visible raster layers of the editor's map: what lies under the drawing (base maps and a plan's
 * background). By type, not by name: the editor's vector layers (elements, print frame, colleagues'
 * pointers and selections, conflict outlines, a version preview) are never part of the base map.
 */
export function rasterLayers(map: OlMap): BaseLayer[] {
  return map
    .getLayers()
    .getArray()
    .filter((layer) => layer.getVisible() && (layer instanceof BaseTileLayer || layer instanceof BaseImageLayer));
}

/** The elements of each kind, in the registry's order; kinds without elements left out. */
function byKind(refs: readonly ElementRef[]): [ElementKind, AnyElement[]][] {
  const lists = new Map<ElementKind, AnyElement[]>();
  for (const ref of refs) {
    const list = lists.get(ref.kind);
    if (list) list.push(ref.element);
    else lists.set(ref.kind, [ref.element]);
  }
  return ELEMENT_KINDS.filter((kind) => lists.has(kind)).map((kind) => [kind, lists.get(kind)!]);
}

/** The rows with pictures the kinds give for these elements (signs), in the registry's order of kinds. */
export async function pictureRowsOf(refs: readonly ElementRef[], language: ExportLanguage): Promise<PictureRow[]> {
  const rows: PictureRow[] = [];
  for (const [kind, elements] of byKind(refs)) {
    const contribute = editorElement(kind)?.pictureRows;
    if (contribute) rows.push(...(await contribute(elements as never, language)));
  }
  return rows;
}

/**
 * The title block's table (a sewer drawing's pipe specifications): the first a kind gives from all its
 * elements of the plan, on the sites whose toolbar offers the kind (a sign plan prints no pipe table).
 */
export function titleTableOf(refs: readonly ElementRef[], site: SiteId, language: ExportLanguage): ExportJob["pipes"] {
  for (const [kind, elements] of byKind(refs)) {
    const editor = editorElement(kind);
    if (!editor?.titleTable || !(editor.sites?.includes(site) ?? true)) continue;
    const rows = editor.titleTable(elements as never, language);
    if (rows.length) return rows;
  }
  return [];
}

/** What every page of the export shares. */
function common(request: ExportRequest, refs: readonly ElementRef[]) {
  const { settings, site, productName, planName, language, logo } = request;
  return { settings, site, productName, planName, date: language.date(new Date()), logo, pipes: titleTableOf(refs, site, language) };
}

/**
 * The first page's layout, known without loading anything: its map box decides the print frame's size
 * on the ground, shown on the map while the settings are chosen. (The logo's proportions can still change
 * the title block's height when the file is made; the frame on the map is drawn without them, as before.)
 */
export function frameLayout(request: ExportRequest): PageLayout {
  const { settings, content } = request;
  const job = common(request, elementRefsOf(content));
  const phase = phasePagesOf(settings.phases)[0] ?? null;
  return layoutFor(
    settings.paperSize,
    settings.landscape,
    titleContent(job, pageTexts(content.planInfo, phase, request.productName, request.language, request.organisation), null),
  );
}

/**
 * The job for exportPlan: a map page per phase the settings ask for, each with its own elements, texts
 * and legend (the drawings' looks, then the signs counted in what the page shows), and the inventory
 * pages of what the pages show (PDF only).
 */
export async function exportJobOf(request: ExportRequest, run: ExportRun): Promise<ExportJob> {
  const { settings, content, language } = request;
  const all = elementRefsOf(content);
  const job = common(request, all);
  const phases = phasePagesOf(settings.phases);
  const pageElements = phases.map((phase) => all.filter((ref) => inPhase(ref.element, phase ?? "all")));
  const pageRows = await Promise.all(pageElements.map((elements) => pictureRowsOf(elements, language)));
  const pages: ExportPage[] = phases.map((phase, index) => ({
    elements: pageElements[index]!,
    texts: pageTexts(content.planInfo, phase, request.productName, language, request.organisation),
    legend: pageRows[index]!,
    legendDrawings: legendDrawings(pageElements[index]!, language),
  }));
  const inventory = settings.signInventory && settings.format === "pdf";
  // The inventory lists what the pages show: one page's signs, or every sign of the plan.
  const rows = !inventory ? [] : pageRows.length === 1 ? pageRows[0]! : await pictureRowsOf(all, language);
  return {
    ...job,
    pages,
    layers: run.layers,
    inventory: inventory ? { rows, texts: inventoryTexts(request.planName, request.productName, job.date, language) } : null,
    signal: run.signal,
    onProgress: run.onProgress,
  };
}

/** Makes the export's file: the job, then the PDF or JPG (export-plan.ts). */
export async function runExport(request: ExportRequest, run: ExportRun): Promise<ExportResult> {
  return exportPlan(await exportJobOf(request, run));
}
