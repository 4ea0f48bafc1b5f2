/**
 * The element registry (STYLE.md, "Element kinds"): every kind a plan can hold, in toolbar order, with its
 * universal definition. The plan store, toolbars, dialogs, exporters and the server iterate this; nothing
 * switches on kind names. Adding a kind = its module here, its folder in src/editor/kinds, one entry in
 * ELEMENT_KINDS and one in ELEMENTS (the compiler reports a kind missing from either).
 */
import type * as z from "zod";
import { arrowDefinition } from "./arrow";
import { barrierDefinition } from "./barrier";
import { type ElementDefinition } from "./common";
import { dimensionDefinition } from "./dimension";
import { entrepriseBoundaryDefinition } from "./entreprise-boundary";
import { gpxDefinition } from "./gpx";
import { guardrailDefinition } from "./guardrail";
import { lineDefinition } from "./line";
import { pipeDefinition } from "./pipe";
import { pointDefinition } from "./point";
import { rectangleDefinition } from "./rectangle";
import { roadMarkingDefinition } from "./road-marking";
import { rulerDefinition } from "./ruler";
import { signDefinition } from "./sign";
import { textDefinition } from "./text";
import { wallDefinition } from "./wall";
import { workAreaDefinition } from "./work-area";

export const ELEMENT_KINDS = [
  "sign",
  "text",
  "barrier",
  "workArea",
  "line",
  "arrow",
  "ruler",
  "dimension",
  "pipe",
  "gpx",
  "entrepriseBoundary",
  "wall",
  "guardrail",
  "roadMarking",
  "rectangle",
  "point",
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

/**
 * A `Record<ElementKind, ElementDefinition>` whose entries keep their precise types: `satisfies` makes a
 * missing or unknown kind, or an entry filed under the wrong kind, a compile error.
 */
export const ELEMENTS = {
  sign: signDefinition,
  text: textDefinition,
  barrier: barrierDefinition,
  workArea: workAreaDefinition,
  line: lineDefinition,
  arrow: arrowDefinition,
  ruler: rulerDefinition,
  dimension: dimensionDefinition,
  pipe: pipeDefinition,
  gpx: gpxDefinition,
  entrepriseBoundary: entrepriseBoundaryDefinition,
  wall: wallDefinition,
  guardrail: guardrailDefinition,
  roadMarking: roadMarkingDefinition,
  rectangle: rectangleDefinition,
  point: pointDefinition,
} as const satisfies { readonly [K in ElementKind]: ElementDefinition<K> };

export type Elements = typeof ELEMENTS;
/** The stored shape of one element of kind K. */
export type ElementOf<K extends ElementKind> = z.output<Elements[K]["schema"]>;
/** Any stored element. */
export type AnyElement = ElementOf<ElementKind>;
/** The plan content's list key of kind K (`signs`, `workAreas`, `gpx`, …). */
export type ListKeyOf<K extends ElementKind> = Elements[K]["listKey"];
export type ListKey = ListKeyOf<ElementKind>;

/** The definitions in ELEMENT_KINDS order, for code that iterates them all. */
export const ELEMENT_DEFINITIONS: readonly Elements[ElementKind][] = ELEMENT_KINDS.map((kind) => ELEMENTS[kind]);

/** The definition of a kind, typed by it. */
export function getElementDefinition<K extends ElementKind>(kind: K): Elements[K] {
  return ELEMENTS[kind];
}

/** Type guard for a kind id from outside (a URL, a socket payload, a drag-and-drop). */
export function isElementKind(value: unknown): value is ElementKind {
  return typeof value === "string" && Object.hasOwn(ELEMENTS, value);
}
