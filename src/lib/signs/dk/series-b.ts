/** B – vigepligtstavler (yield and priority signs) of the Danish sign order. */
import { PALETTE } from "../render/palette";
import { arrowsTwoWay, mergeLanes } from "../render/pictograms/arrows";
import type { SignDrawing } from "../render/types";
import { defineSeries, sign } from "./define";
import { SIGN_SIZES, rectangleSizes } from "./sizes";
import { boxAt, CIRCLE, information, pict, prohibition, text, yieldTriangle } from "./templates";

const { red, white, black, yellow } = PALETTE;

export const SERIES_B = defineSeries("B", [
  sign("B 11", "Ubetinget vigepligt", "B", { sizes: SIGN_SIZES.triangle }, () => yieldTriangle([])),
  sign("B 13", "Stop", "B", { sizes: SIGN_SIZES.square }, stopSign),
  sign("B 15", "Sammenfletning", "B", { sizes: rectangleSizes(0.48, 0.64) }, () => ({
    shape: "rectangle",
    width: 480,
    height: 640,
    cornerRadius: 20,
    rim: { color: white, width: 6 },
    border: { color: red, width: 14 },
    face: white,
    layers: [pict(mergeLanes, boxAt(240, 320, 400, 560), { fg: red, bg: white })],
  })),
  sign("B 16", "Hovedvej", "B", { sizes: SIGN_SIZES.square }, () => priorityRoad(false)),
  sign("B 17", "Hovedvej ophører", "B", { sizes: SIGN_SIZES.square }, () => priorityRoad(true)),
  sign("B 18", "Hold tilbage for modkørende", "B", { sizes: SIGN_SIZES.round }, () =>
    prohibition([pict(arrowsTwoWay, boxAt(CIRCLE.center, CIRCLE.center, 270, 386), { fg: black, bg: white, accent: red })]),
  ),
  sign("B 19", "Modkørende færdsel skal holde tilbage", "B", { sizes: SIGN_SIZES.square }, () =>
    information([pict(arrowsTwoWay, boxAt(320, 320, 350, 500), { fg: red, bg: PALETTE.blue, accent: white })]),
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
    layers: [text("STOP", 320, 425, 222, white, { weight: 0.15, spacing: 40, maxWidth: 490 })],
  };
}

/** B 16: yellow square on a white diamond with a black edge; B 17 adds the black bar of its end. */
function priorityRoad(end: boolean): SignDrawing {
  const c = 320;
  const inner = 152;
  return {
    shape: "diamond",
    width: 640,
    height: 640,
    cornerRadius: 16,
    rim: { color: black, width: 14 },
    face: white,
    layers: [
      { kind: "polygon", points: [[c, c - inner * Math.SQRT2], [c + inner * Math.SQRT2, c], [c, c + inner * Math.SQRT2], [c - inner * Math.SQRT2, c]], fill: yellow },
      ...(end
        ? [{ kind: "group" as const, clipToFace: true, layers: [{ kind: "line" as const, x1: 120, y1: 520, x2: 520, y2: 120, stroke: black, strokeWidth: 62 }] }]
        : []),
    ],
  };
}
