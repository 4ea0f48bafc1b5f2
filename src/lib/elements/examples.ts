/**
 * One valid, fully filled element of every kind, around Odense. For tests (here and in
 * src/editor/kinds/<kind>/) and for the editor's legend previews; typed so a missing kind is a compile error.
 */
import { type Position } from "./common";
import { type ElementKind, type ElementOf } from "./registry";

const A: Position = [10.38551, 55.40178];
const B: Position = [10.38651, 55.40178];
const C: Position = [10.38651, 55.40238];
const D: Position = [10.38551, 55.40238];

export const EXAMPLE_ELEMENTS: { readonly [K in ElementKind]: ElementOf<K> } = {
  sign: {
    id: "sign-1",
    imageUrl: "/signs/A/A11.webp",
    position: A,
    rotation: 45,
    heightInMeters: 0.6,
    widthInMeters: 0.6,
    name: "Vejarbejde",
    text: "Vejarbejde",
    subSign: { imageUrl: "/signs/U/UA.webp", text: "200 m" },
  },
  text: {
    id: "text-1",
    text: "Omkørsel",
    position: B,
    colour: "#1a2b3c",
    size: 18,
    fontWeight: "bold",
    letterSpacing: 1,
    whiteBackground: true,
    relativePosition: "top",
  },
  barrier: { id: "barrier-1", coordinates: [A, B], colour: "#ff0000" },
  workArea: { id: "workArea-1", coordinates: [A, B, C, D], colour: "#f00", width: 0.5 },
  line: { id: "line-1", coordinates: [A, B, C], colour: "#000000", width: 0.1 },
  arrow: { id: "arrow-1", coordinates: [A, C], colour: "#00ff00", width: 100, headStyle: "open" },
  ruler: { id: "ruler-1", coordinates: [A, B, C] },
  dimension: { id: "dimension-1", coordinates: [A, D], colour: "#333333", name: "Gangsti", rounded: true },
  pipe: {
    id: "pipe-1",
    coordinates: [A, B],
    presetId: "preset-1",
    colour: "#8b4513",
    widthMm: 160,
    dashPattern: "long-short",
    textAbove: "PVC 160",
    textBelow: "Fald 10‰",
  },
  gpx: { id: "gpx-1", name: "Rute 1", coordinates: [A, B, C, D] },
  entrepriseBoundary: { id: "entrepriseBoundary-1", coordinates: [A, D] },
  wall: { id: "wall-1", coordinates: [B, C], colour: "#808080" },
  guardrail: { id: "guardrail-1", coordinates: [C, D] },
  roadMarking: {
    id: "roadMarking-1",
    coordinates: [A, B],
    style: "give-way-triangles",
    colour: "yellow",
    width: 0.3,
    subtype: "large",
    flip: true,
  },
  rectangle: { id: "rectangle-1", coordinates: [A, B, C, D], colour: "#0000ff", width: 0.5, rightAngle: true },
  point: { id: "point-1", position: C, colour: "#ff00ff", sizeInMeters: 2, label: "Brønd 1" },
};

/** A geometry of the given shape, for building elements from a definition's defaults. */
export const EXAMPLE_GEOMETRY = {
  point: { position: A },
  line: { coordinates: [A, B] },
  area: { coordinates: [A, B, C] },
} as const;
