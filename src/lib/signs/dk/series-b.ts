/** B – vigepligtstavler (yield and priority signs) of the Danish sign order. */
import { PALETTE } from "../render/palette";
import { mergeFork, priorityOverOncoming, yieldToOncoming } from "../render/pictograms/ab-warning";
import { roundedPolygonPath } from "../render/geometry";
import type { SignDrawing } from "../render/types";
import { defineSeries, sign } from "./define";
import { SIGN_SIZES, rectangleSizes } from "./sizes";
import { information, pict, prohibition, text, yieldTriangle } from "./templates";

const { red, white, black, yellow } = PALETTE;

export const SERIES_B = defineSeries("B", [
  sign("B 11", "Ubetinget vigepligt", "B", { sizes: SIGN_SIZES.triangle }, () => yieldTriangle([])),
  sign("B 13", "Stop", "B", { sizes: SIGN_SIZES.square }, stopSign),
  sign("B 15", "Sammenfletning", "B", { sizes: rectangleSizes(0.48, 0.64) }, () => ({
    shape: "rectangle",
    width: 480,
    height: 640,
    cornerRadius: 20,
    border: { color: red, width: 10 },
    face: white,
    layers: [pict(mergeFork, { x: 0, y: 0, width: 480, height: 640 }, { fg: red, bg: white })],
  })),
  sign("B 16", "Hovedvej", "B", { sizes: SIGN_SIZES.square }, () => priorityRoad(false)),
  sign("B 17", "Hovedvej ophører", "B", { sizes: SIGN_SIZES.square }, () => priorityRoad(true)),
  sign("B 18", "Hold tilbage for modkørende", "B", { sizes: SIGN_SIZES.round }, () =>
    prohibition([pict(yieldToOncoming, { x: 0, y: 0, width: 640, height: 640 }, { fg: black, bg: white, accent: red })]),
  ),
  sign("B 19", "Modkørende færdsel skal holde tilbage", "B", { sizes: SIGN_SIZES.square }, () =>
    information([pict(priorityOverOncoming, { x: 0, y: 0, width: 640, height: 640 }, { fg: white, bg: PALETTE.blue, accent: red })], {
      radius: 24,
    }),
  ),
]);

/** B 13: red octagon with a white rim and STOP in white. */
function stopSign(): SignDrawing {
  return {
    shape: "octagon",
    width: 640,
    height: 640,
    cornerRadius: 8,
    outline: { color: red, width: 3 },
    rim: { color: white, width: 16 },
    face: red,
    layers: [text("STOP", 320, 425, 218, white, { weight: 0.16, spacing: 40, maxWidth: 490 })],
  };
}

/**
 * B 16: a white diamond with a broad black edge and well-rounded corners around a yellow square; B 17
 * adds the black bar of its end, from the lower left to the upper right edge of the white. The corners
 * are rounded so much that the sharp diamond would overhang the 640 mm box: the rounded outline touches it.
 */
function priorityRoad(end: boolean): SignDrawing {
  const c = 320;
  // Half diagonals of the sharp outer diamond, of the white inside the 24 mm black edge, of the yellow.
  const outer = 340;
  const edge = 24;
  const white = outer - edge * Math.SQRT2;
  const inner = 152 * Math.SQRT2;
  const diamond = (half: number) =>
    [
      [c, c - half],
      [c + half, c],
      [c, c + half],
      [c - half, c],
    ] as const;
  // The bar: 62 mm wide, perpendicular to the lower-left and upper-right edges of the white.
  const bar = 31;
  const reach = white / 2;
  const u = Math.SQRT1_2;
  const ends = [
    [c - reach, c + reach],
    [c + reach, c - reach],
  ] as const;
  const barPolygon: [number, number][] = [
    [ends[0][0] - bar * u, ends[0][1] - bar * u],
    [ends[1][0] - bar * u, ends[1][1] - bar * u],
    [ends[1][0] + bar * u, ends[1][1] + bar * u],
    [ends[0][0] + bar * u, ends[0][1] + bar * u],
  ];
  return {
    shape: "diamond",
    width: 640,
    height: 640,
    face: "none",
    layers: [
      { kind: "path", d: roundedPolygonPath(diamond(outer), 48), fill: black },
      { kind: "path", d: roundedPolygonPath(diamond(white), 48 - edge), fill: PALETTE.white },
      { kind: "polygon", points: diamond(inner), fill: yellow },
      ...(end ? [{ kind: "polygon" as const, points: barPolygon, fill: black }] : []),
    ],
  };
}
