/**
 * Walking people of the round signs (D 22 gangsti, the D 26/D 27 path signs, C 26.2): an adult striding
 * to the left with a child beside him, limbs as round-capped strokes. Drawn in mm of the D 22 layout;
 * the origin of both pictograms is (170, 90) of that sign.
 */
import type { Paint } from "../types";
import { circle, pictogram } from "./draw";

const OX = 170;
const OY = 90;
const n = (v: number) => Math.round(v * 10) / 10;

function limb(x1: number, y1: number, x2: number, y2: number, width: number, paint: Paint): string {
  return `<path d="M${n(x1 - OX)},${n(y1 - OY)} L${n(x2 - OX)},${n(y2 - OY)}" fill="none" stroke="${paint}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function torso(points: readonly (readonly [number, number])[], radius: number, paint: Paint): string {
  const d = points.map(([x, y], i) => `${i ? "L" : "M"}${n(x - OX)},${n(y - OY)}`).join(" ");
  return `<path d="${d} Z" fill="${paint}" stroke="${paint}" stroke-width="${radius}" stroke-linejoin="round"/>`;
}

function adult(fg: Paint): string {
  return (
    circle(n(260 - OX), n(130 - OY), 39, fg) +
    torso(
      [
        [222, 196],
        [300, 196],
        [298, 360],
        [240, 360],
      ],
      26,
      fg,
    ) +
    limb(222, 206, 186, 334, 34, fg) +
    bent(303, 206, 336, 262, 336, 334, 28, fg) +
    limb(252, 362, 191, 496, 46, fg) +
    limb(284, 362, 325, 496, 46, fg)
  );
}

function child(fg: Paint): string {
  return (
    circle(n(424 - OX), n(252 - OY), 32, fg) +
    torso(
      [
        [400, 306],
        [448, 306],
        [445, 408],
        [411, 408],
      ],
      20,
      fg,
    ) +
    limb(400, 313, 375, 406, 24, fg) +
    bent(449, 313, 480, 357, 482, 404, 24, fg) +
    limb(419, 408, 380, 503, 34, fg) +
    limb(437, 408, 467, 503, 34, fg)
  );
}

/** A limb bent at (x2, y2), e.g. an arm hanging from the elbow. */
function bent(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, width: number, paint: Paint): string {
  const p = (x: number, y: number) => `${n(x - OX)},${n(y - OY)}`;
  return `<path d="M${p(x1, y1)} L${p(x2, y2)} L${p(x3, y3)}" fill="none" stroke="${paint}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** An adult walking with a child (D 22 and the path signs). */
export const walkersAdultChild = pictogram("walkers-adult-child", 330, 435, ({ fg }) => adult(fg) + child(fg));

/** One walking adult (C 26.2). */
export const walkerAdult = pictogram("walker-adult", 175, 435, ({ fg }) => adult(fg));

/**
 * The bicycle of the round signs (D 21 and the path signs), riding to the left: open wheels, fork and
 * handlebar in front, diamond frame, saddle over the rear wheel. Drawn in mm of the D 21 layout with its
 * origin at (75, 159) of that sign. `weight` is the tube width (C signs draw it a little heavier).
 */
function bicycleMarkup(fg: Paint, weight: number): string {
  const line = (d: string, w = weight) => roundStroke(d, w, fg);
  const wheel = (cx: number) => `<circle cx="${cx}" cy="380.6" r="85.3" fill="none" stroke="${fg}" stroke-width="${weight + 1}"/>`;
  return (
    `<g transform="translate(-75 -159)">` +
    wheel(172.5) +
    wheel(468) +
    line("M170,382 L238,176 L243,168 H278") +
    line("M238,224 H386") +
    line("M220,266 L335,379 H468 L392,248") +
    line("M335,379 L402,192") +
    line("M372,181 H430", weight * 0.75) +
    circle(335, 379.4, weight * 0.9, fg) +
    `</g>`
  );
}

export const pathBicycle = pictogram("path-bicycle", 490, 320, ({ fg }) => bicycleMarkup(fg, 22));

/** Points of the walking horse (facing left) in mm of the D 23 layout. */
const HORSE: readonly (readonly [number, number])[] = [
  [132, 162],
  [157, 176],
  [175, 172],
  [200, 174],
  [225, 185],
  [245, 202],
  [259, 222],
  [300, 245],
  [345, 262],
  [399, 262],
  [437, 272],
  [465, 285],
  [476, 302],
  [478, 368],
  [476, 412],
  [490, 500],
  [465, 500],
  [460, 418],
  [424, 390],
  [424, 412],
  [415, 423],
  [374, 456],
  [371, 486],
  [352, 489],
  [355, 445],
  [393, 409],
  [380, 365],
  [272, 379],
  [308, 478],
  [305, 500],
  [285, 500],
  [253, 392],
  [188, 390],
  [187, 434],
  [201, 445],
  [198, 470],
  [178, 468],
  [163, 440],
  [163, 368],
  [173, 361],
  [217, 357],
  [207, 340],
  [198, 302],
  [182, 242],
  [160, 266],
  [148, 283],
  [133, 281],
  [127, 266],
  [143, 178],
];

const path = (list: readonly (readonly [number, number])[]) => list.map(([x, y], i) => `${i ? "L" : "M"}${x},${y}`).join(" ");
const roundStroke = (d: string, w: number, fg: Paint) =>
  `<path d="${d}" fill="none" stroke="${fg}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The walking horse with its tail, in mm of the D 23 layout (x 127–510, y 162–500). */
export function horseMarkup(fg: Paint): string {
  return (
    `<path d="${path(HORSE)} Z" fill="${fg}" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>` +
    roundStroke("M466,291 C500,292 498,320 497,340 L499,392", 22, fg)
  );
}

/**
 * A rider on a walking horse facing left (D 23 and the path signs; C 26.1 in black): drawn in mm of the
 * D 23 layout with its origin at (120, 85) of that sign.
 */
function riderMarkup(fg: Paint): string {
  return (
    `<g transform="translate(-120 -85)">` +
    horseMarkup(fg) +
    `<circle cx="307" cy="116" r="25" fill="${fg}"/>` +
    roundStroke("M318,162 L338,248", 40, fg) +
    roundStroke("M302,203 L262,226", 22, fg) +
    `<path d="M272,243 L306,225 L310,247 L292,258 Z" fill="${fg}"/>` +
    `</g>`
  );
}

export const pathRider = pictogram("path-rider", 395, 425, ({ fg }) => riderMarkup(fg));
