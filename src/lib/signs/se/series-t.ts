/**
 * T – tilläggstavlor (Vägmärkesförordningen 2007:90, 2 kap. 17 §) under the warning and prohibition signs of
 * a TA-plan: yellow ground (as the sign above), black border and text. The distances, lengths and widths
 * are parametric: one entry draws any value ("200 m", "1,5 km", T1 "0-2 km"), a unit added when left out.
 */
import { lettering } from "../dk/lettering";
import { withUnit } from "../dk/values";
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, seSign, type SignDefinition } from "./define";
import { seRectangleSizes } from "./sizes";
import { tPlate } from "./templates";

const { black } = PALETTE;
const W = 640;
const H = 250;
/**
 * Text height 100 mm: the recommended text size of a tilläggstavla under a varningsmärke of size class
 * normal on roads of 70 km/h and more (liten 60, normal ≤ 60 km/h 80, stor 150 mm; VVFS 2008:272 as quoted
 * in sign makers' guidance), the class our "normal" plate goes with.
 */
const CAP = 100;

/** "200" → "200 m", "1.5 km" → "1,5 km". */
const metres = (v: string) => withUnit(v, "m");

function t(code: string, name: string, parameter: SignParameter | null, draw: (value: string) => SignDrawing): SignDefinition {
  return seSign(code, name, "se_T", { sizes: seRectangleSizes(W / 1000, H / 1000), ...(parameter ? { parameter } : {}) }, (v) =>
    draw(v ?? parameter?.defaultValue ?? ""),
  );
}

function line(value: string, x: number, room: number): SignLayer {
  return lettering(value, x, H / 2 + CAP / 2, CAP, black, { maxWidth: room, tracking: 4 });
}

/**
 * T1 gives where the stretch begins and ends, "0-2 km", "200-800 m" (the sign applies from the first figure
 * on to the second): a range keeps its own unit or gets metres, a single length is read as from here on.
 */
function stretch(v: string): string {
  const range = /^(\d+(?:[.,]\d+)?)\s*[-–]\s*(\d+(?:[.,]\d+)?)\s*([a-zA-Z]*)$/.exec(v.trim());
  if (!range) return metres(v);
  const [, from, to, unit] = range;
  const comma = (n: string) => n.replace(".", ",");
  return `${comma(from!)}-${comma(to!)} ${unit ? unit.toLowerCase() : "m"}`;
}

/** T4: two arrowheads pointing at each other across the value. */
function widthArrows(): SignLayer[] {
  const head = (tip: number, dir: 1 | -1): SignLayer => ({
    kind: "polygon",
    points: [
      [tip, H / 2],
      [tip - dir * 60, H / 2 - 42],
      [tip - dir * 60, H / 2 + 42],
    ],
    fill: black,
  });
  return [
    { kind: "line", x1: 40, y1: H / 2, x2: 100, y2: H / 2, stroke: black, strokeWidth: 16 },
    head(130, 1),
    { kind: "line", x1: W - 100, y1: H / 2, x2: W - 40, y2: H / 2, stroke: black, strokeWidth: 16 },
    head(W - 130, -1),
  ];
}

export const SE_SERIES_T = defineSeries("se_T", [
  t("T1", "Vägsträckans längd", { kind: "length", defaultValue: "0-500 m" }, (v) => tPlate([line(stretch(v), W / 2, 540)], W, H)),
  t("T2", "Avstånd", { kind: "distance", defaultValue: "200 m" }, (v) => tPlate([line(metres(v), W / 2, 540)], W, H)),
  t("T4", "Fri bredd", { kind: "width", defaultValue: "3 m" }, (v) => tPlate([...widthArrows(), line(metres(v), W / 2, 320)], W, H)),
  t("T6", "Tidsangivelse", { kind: "text", defaultValue: "7-16" }, (v) => tPlate([line(v, W / 2, 540)], W, H)),
]);
