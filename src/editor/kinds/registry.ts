/**
 * The editor's element registry: one entry per kind of `src/lib/elements/registry.ts`. A kind whose
 * editor module is not written yet is `null` (it still loads, saves and round-trips; it just cannot be
 * drawn or rendered yet); the `Record` type makes a kind missing from this table a compile error.
 * Toolbars, the map layer and dialogs iterate this and never switch on kind names.
 */
import type Geometry from "ol/geom/Geometry";
import type Style from "ol/style/Style";
import type { ElementRef } from "../core/store/plan-store";
import { arrowEditor } from "./arrow";
import { barrierEditor } from "./barrier";
import { dimensionEditor } from "./dimension";
import { entrepriseBoundaryEditor } from "./entreprise-boundary";
import { gpxEditor } from "./gpx";
import { guardrailEditor } from "./guardrail";
import { lineEditor } from "./line";
import { pipeEditor } from "./pipe";
import { pointEditor } from "./point";
import { rectangleEditor } from "./rectangle";
import { roadMarkingEditor } from "./road-marking";
import { rulerEditor } from "./ruler";
import { signEditor } from "./sign";
import { textEditor } from "./text";
import { wallEditor } from "./wall";
import type { EditorElement, PlanContext, StyleContext, StyleField, StyleValues } from "./types";
import { workAreaEditor } from "./work-area";
import { ELEMENT_KINDS, getElementDefinition, type ElementKind, type ElementOf } from "@/lib/elements/registry";
import type { SiteId } from "@/sites/site-ids";

export const EDITOR_ELEMENTS: { readonly [K in ElementKind]: EditorElement<K> | null } = {
  sign: signEditor,
  text: textEditor,
  barrier: barrierEditor,
  workArea: workAreaEditor,
  line: lineEditor,
  arrow: arrowEditor,
  ruler: rulerEditor,
  dimension: dimensionEditor,
  pipe: pipeEditor,
  gpx: gpxEditor,
  entrepriseBoundary: entrepriseBoundaryEditor,
  wall: wallEditor,
  guardrail: guardrailEditor,
  roadMarking: roadMarkingEditor,
  rectangle: rectangleEditor,
  point: pointEditor,
};

/** The editor module of a kind, or null while it has none. */
export function editorElement<K extends ElementKind>(kind: K): EditorElement<K> | null {
  return EDITOR_ELEMENTS[kind];
}

// What the editor does with an element, through its kind's module. Generic in the kind, so the kind's
// module and its element are known to belong together; each answers null for a kind without a module.

/** The element as a geometry in the map's projection. */
export function geometryOf<K extends ElementKind>(ref: ElementRef<K>): Geometry | null {
  return EDITOR_ELEMENTS[ref.kind]?.toGeometry(ref.element) ?? null;
}

/** The element with an edited geometry (moved, reshaped, rotated); its style kept. */
export function withGeometry<K extends ElementKind>(ref: ElementRef<K>, geometry: Geometry): ElementRef<K> | null {
  const editor = EDITOR_ELEMENTS[ref.kind];
  return editor && { kind: ref.kind, element: editor.withGeometry(ref.element, geometry) };
}

/**
 * The element with a dialog's values (its style or entry fields), the kind kept; a field of `fields` the
 * values leave out (an optional one the user emptied, a point's label) is removed, not left at its old
 * value. The dialog checked the values with the kind's own schema.
 */
export function withValues<K extends ElementKind>(
  ref: ElementRef<K>,
  values: StyleValues,
  fields: readonly StyleField[] = [],
): ElementRef<K> {
  const next: Record<string, unknown> = { ...ref.element, ...values };
  for (const field of fields) if (!(field.key in values)) delete next[field.key];
  return { kind: ref.kind, element: next as ElementOf<K> };
}

/** The element's look at a scale. */
export function styleOf<K extends ElementKind>(ref: ElementRef<K>, context: StyleContext): Style | Style[] | null {
  return EDITOR_ELEMENTS[ref.kind]?.style(ref.element, context) ?? null;
}

/** The element turned about itself by `degrees` clockwise, for a kind with its own orientation; else null. */
export function turned<K extends ElementKind>(ref: ElementRef<K>, degrees: number): ElementRef<K> | null {
  const rotate = EDITOR_ELEMENTS[ref.kind]?.rotate;
  return rotate ? { kind: ref.kind, element: rotate(ref.element, degrees) } : null;
}

/** Why `kind` cannot be drawn in this plan (a message key under `editor.unavailable`), or null. */
export function unavailableReason(kind: ElementKind, plan: PlanContext): string | null {
  return EDITOR_ELEMENTS[kind]?.unavailable?.(plan) ?? null;
}

/** A new element of `kind` from a finished drawing and the drawing style. */
export function createElement<K extends ElementKind>(
  kind: K,
  id: string,
  geometry: Geometry,
  style: Readonly<Partial<ElementOf<K>>>,
): ElementRef<K> | null {
  const editor = EDITOR_ELEMENTS[kind];
  return editor && { kind, element: editor.create(id, geometry, style) };
}

/**
 * The kinds with a toolbar tool, in toolbar order: the drawings (`isDrawing`) and the kinds placed by a
 * click and a dialog (`entryFields`, a text). Signs are placed from their own entry (the sign gallery).
 */
export const DRAWABLE_KINDS: readonly ElementKind[] = ELEMENT_KINDS.filter((kind) => {
  const editor = EDITOR_ELEMENTS[kind];
  return editor !== null && (getElementDefinition(kind).isDrawing || !!editor.entryFields);
});

/** Whether a site offers new elements of `kind` (its `sites`; all without them). */
export function offeredOn(kind: ElementKind, site: SiteId): boolean {
  return EDITOR_ELEMENTS[kind]?.sites?.includes(site) ?? true;
}

/** The drawable kinds a site's toolbar offers, in toolbar order (a pipe only on the sewer site). */
export function drawableKindsOn(site: SiteId): readonly ElementKind[] {
  return DRAWABLE_KINDS.filter((kind) => offeredOn(kind, site));
}

/** The kinds whose elements can be imported from and exported to a file, in registry order. */
export const FILE_KINDS: readonly ElementKind[] = ELEMENT_KINDS.filter((kind) => !!EDITOR_ELEMENTS[kind]?.fileFormat);
