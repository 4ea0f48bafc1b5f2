/**
 * The plan document (spec 1-core §3, Signplan content): one list per element kind, the map view and the
 * rotation flag. Built from the registry, so a new kind appears here without edits. The server validates
 * every saved plan with `parsePlanContent`; the editor's plan store holds a `PlanContent`.
 */
import * as z from "zod";
import { positionSchema, type Position } from "./common";
import { inPhase, type PhaseView, type PlanPhase } from "./phase";
import { planInfoSchema } from "./plan-info";
import { ELEMENT_DEFINITIONS, type Elements, type ElementKind } from "./registry";

/** The national map service's topographic screen map (Dataforsyningen skærmkort), the spec's default layer. */
export const DEFAULT_MAP_LAYER_ID = "dataforsyningen-skaermkort";
/** Odense, roughly the middle of Denmark, so a new plan opens on familiar ground (spec 1-core §3). */
export const DEFAULT_MAP_CENTER: Readonly<Position> = [10.38551, 55.40178];
/** Deepest zoom any of our map layers serves. */
export const MAX_ZOOM = 24;

/** Loose like the elements (see `elementObject`): fields added by a newer client survive a save. Built on first use, as they are. */
export const mapViewSchema = z.lazy(() =>
  z.looseObject({
    /** [lon, lat] of the map's centre. */
    center: positionSchema.default((): Position => [DEFAULT_MAP_CENTER[0], DEFAULT_MAP_CENTER[1]]),
    /** OpenLayers zoom level; fractional while the user pinches. */
    zoom: z.number().min(0).max(MAX_ZOOM).default(12),
    /**
     * Map rotation in degrees clockwise (the UI's unit; the editor converts to OpenLayers' radians).
     * The sign-plan site snaps it to 5° steps, but the schema does not enforce the step.
     */
    rotation: z.number().default(0),
    /** Which base map layer is shown; an id from the site's layer list. */
    activeMapLayerId: z.string().min(1).max(100).default(DEFAULT_MAP_LAYER_ID),
  }),
);
export type MapView = z.output<typeof mapViewSchema>;

/**
 * Every element's id is unique within the plan, across kinds: selection, undo, live updates and the
 * export's legend find elements by id, and two with one id would make an edit of one land on the other.
 */
function uniqueIds(content: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const definition of ELEMENT_DEFINITIONS) {
    const list = content[definition.listKey] as readonly { id: string }[];
    for (const [index, element] of list.entries()) {
      if (seen.has(element.id)) {
        ctx.addIssue({ code: "custom", path: [definition.listKey, index, "id"], message: "duplicateElementId" });
        return;
      }
      seen.add(element.id);
    }
  }
}

type ListShape = {
  [K in ElementKind as Elements[K]["listKey"]]: z.ZodDefault<z.ZodArray<Elements[K]["schema"]>>;
};

/** One list per kind; built by iterating the registry, the mapped type keeps each list's element type. */
const listShape = () =>
  Object.fromEntries(
    ELEMENT_DEFINITIONS.map((definition) => [definition.listKey, z.array(definition.schema).default(() => [])]),
  ) as unknown as ListShape;

/**
 * Loose at the top level too: a key added by a newer client (or a list of a kind this server does not
 * know yet) is kept rather than stripped on save. Built on first use (see `elementObject`).
 */
export const planContentSchema = z.lazy(() =>
  z
    .looseObject({
      ...listShape(),
      mapView: mapViewSchema.default(() => mapViewSchema.parse({})),
      /** Plans made before map rotation existed keep a north-up map; new plans allow rotating. */
      supportsMapRotation: z.boolean().default(true),
      /** Responsible person, contractor, client, plan number, period and phase, for the title block. */
      planInfo: planInfoSchema.default(() => ({})),
    })
    .superRefine(uniqueIds),
);
export type PlanContent = z.output<typeof planContentSchema>;

/** The content of a new plan: every list empty, the default map view, rotation allowed. */
export function defaultPlanContent(): PlanContent {
  return planContentSchema.parse({});
}

/** Reset (spec 1-core §4): every sign, text and drawing removed; map view, rotation flag and unknown keys kept. */
export function resetPlanContent(content: PlanContent): PlanContent {
  const emptied = Object.fromEntries(ELEMENT_DEFINITIONS.map((definition) => [definition.listKey, []]));
  return { ...content, ...emptied };
}

/** Number of elements of every kind, stored beside the plan for the plan list. */
export function countElements(content: PlanContent): number {
  return ELEMENT_DEFINITIONS.reduce((sum, definition) => sum + content[definition.listKey].length, 0);
}

/** The content as it is in one phase: the lists hold only that phase's elements. */
export function contentInPhase(content: PlanContent, view: PhaseView): PlanContent {
  if (view === "all") return content;
  const lists = Object.fromEntries(
    ELEMENT_DEFINITIONS.map((definition) => [
      definition.listKey,
      (content[definition.listKey] as readonly { phase?: PlanPhase }[]).filter((element) => inPhase(element, view)),
    ]),
  );
  return { ...content, ...lists } as PlanContent;
}

/** Whether any element of the plan belongs to one phase only (the plan uses phases). */
export function usesPhases(content: PlanContent): boolean {
  return ELEMENT_DEFINITIONS.some((definition) =>
    (content[definition.listKey] as readonly { phase?: PlanPhase }[]).some((element) => element.phase !== undefined),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Brings every element to its kind's current version; `raw` itself is not modified. */
function migrateElements(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const migrated: Record<string, unknown> = { ...raw };
  for (const definition of ELEMENT_DEFINITIONS) {
    const list = raw[definition.listKey];
    // Anything but an array is left for the schema to report with its path.
    if (Array.isArray(list)) migrated[definition.listKey] = list.map((element) => definition.migrate(element));
  }
  return migrated;
}

/**
 * Validates a plan document from outside (a save, an import, a stored row): each element is migrated to
 * its kind's current version, then the whole is checked. Returns zod's safeParse result; on failure the
 * first issue's path names the invalid field, e.g. `["signs", 3, "position", 0]`.
 */
export function parsePlanContent(raw: unknown): z.ZodSafeParseResult<PlanContent> {
  return planContentSchema.safeParse(migrateElements(raw));
}
