/**
 * The editor's element registry: one entry per kind of `src/lib/elements/registry.ts`. A kind whose
 * editor module is not written yet is `null` (it still loads, saves and round-trips; it just cannot be
 * drawn or rendered yet); the `Record` type makes a kind missing from this table a compile error.
 * Toolbars, the map layer and dialogs iterate this and never switch on kind names.
 */
import { lineEditor } from "./line";
import { signEditor } from "./sign";
import type { EditorElement } from "./types";
import { ELEMENT_KINDS, getElementDefinition, type ElementKind } from "@/lib/elements/registry";

export const EDITOR_ELEMENTS: { readonly [K in ElementKind]: EditorElement<K> | null } = {
  sign: signEditor,
  text: null,
  barrier: null,
  workArea: null,
  line: lineEditor,
  arrow: null,
  ruler: null,
  pipe: null,
  gpx: null,
  entrepriseBoundary: null,
  wall: null,
  guardrail: null,
  roadMarking: null,
  rectangle: null,
  point: null,
};

/** The editor module of a kind, or null while it has none. */
export function editorElement<K extends ElementKind>(kind: K): EditorElement<K> | null {
  return EDITOR_ELEMENTS[kind] as EditorElement<K> | null;
}

/**
 * The kinds that can be drawn today, in toolbar order: the drawings (`isDrawing`). Signs and texts are
 * not drawings; they are placed from their own toolbar entries (the sign gallery).
 */
export const DRAWABLE_KINDS: readonly ElementKind[] = ELEMENT_KINDS.filter((kind) => EDITOR_ELEMENTS[kind] !== null && getElementDefinition(kind).isDrawing);
