/**
 * C – forbudstavler (prohibition signs) of the Danish sign order: round, red ring, black symbol on
 * white; "… forbudt" signs add the red bar; end signs have black stripes over the faded symbol. The
 * weight, dimension and speed signs are parametric (meta.parameter): one entry draws any value.
 */
import { PALETTE } from "../render/palette";
import { arrowHead } from "../render/pictograms/arrows";
import { C_ARROW_BOX, cArrowTurnRight, cArrowUTurn } from "../render/pictograms/c-arrows";
import {
  C_BUS_BOX,
  C_CARRIAGE_BOX,
  C_DANGEROUS_GOODS_BOX,
  C_FRAME_BOX,
  C_LORRY_BOX,
  C_MOPED_BOX,
  C_MOTORCYCLE_BOX,
  C_ROAD_TRAIN_BOX,
  C_TRACTOR_BOX,
  cAxle,
  cBogie,
  cBus,
  cCarFront,
  cDangerousGoods,
  cHorseCarriage,
  cLorry,
  cMoped,
  cMotorcycle,
  cRoadTrain,
  cTractor,
} from "../render/pictograms/c-vehicles";
import { pathBicycle, pathRider, walkerAdult } from "../render/pictograms/d-people";
import { letterP } from "../render/pictograms/road";
import { lorryRear } from "../render/pictograms/vehicles";
import type { SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { SIGN_SIZES } from "./sizes";
import { boxAt, CIRCLE, endOfRestriction, FADED, ON_WHITE, pict, prohibition, text } from "./templates";
import { speedDigits, withUnit } from "./values";

const { red, blue, white, black } = PALETTE;
const C = CIRCLE.center;

function c(code: string, name: string, draw: (value?: string) => SignDrawing, parameter?: SignParameter): SignDefinition {
  return sign(code, name, "C", { sizes: SIGN_SIZES.round, ...(parameter ? { parameter } : {}) }, draw);
}

/** "… forbudt": the symbol over the red bar. */
function banned(...layers: SignLayer[]): () => SignDrawing {
  return () => prohibition(layers, { slash: true });
}

/** A 1–3 digit speed in the speed-limit size. */
export function speedText(value: string, color: string, capHeight = 250, maxWidth = 400): SignLayer {
  const digits = speedDigits(value);
  return text(digits, C, C + capHeight / 2, capHeight, color, { weight: 0.2, maxWidth: digits.length > 2 ? maxWidth + 30 : maxWidth });
}

/** C 55/C 56: the speed digits spaced a little wider, their ink centred on the face. */
function localSpeed(value: string, color: string): SignLayer {
  const digits = speedDigits(value);
  return text(digits, C + 5, C + 125, 250, color, { weight: 0.2, maxWidth: digits.length > 2 ? 430 : 400, spacing: 30 });
}

/** A value such as "5 t" or "3,5 m", centred. */
function valueText(value: string, y: number, capHeight = 165, maxWidth = 400, x = C): SignLayer {
  return text(value, x, y, capHeight, black, { weight: 0.22, maxWidth });
}

const WEIGHT = (defaultValue: string): SignParameter => ({ kind: "weight", defaultValue });

export const SERIES_C = defineSeries("C", [
  c("C 11.1", "Højresving forbudt", () => prohibition([pict(cArrowTurnRight, C_ARROW_BOX)], { slash: true, slashOver: true })),
  c("C 11.2", "Venstresving forbudt", () =>
    prohibition([pict(cArrowTurnRight, C_ARROW_BOX, ON_WHITE, { flipX: true })], { slash: true, slashOver: true }),
  ),
  c("C 12", "Vending forbudt", () => prohibition([pict(cArrowUTurn, C_ARROW_BOX)], { slash: true, slashOver: true })),
  c("C 19", "Indkørsel forbudt", () =>
    prohibition([{ kind: "rect", x: 96, y: C - 54, width: 448, height: 108, fill: white }], { face: red }),
  ),
  c("C 21", "Kørsel i begge retninger forbudt", () => prohibition([])),
  c(
    "C 22.1",
    "Motorkøretøj, stor knallert, traktor og motorredskab forbudt",
    banned(pict(cCarFront, boxAt(C, 208, 235, 168)), pict(cMotorcycle, boxAt(C + 2, 414, 302, 186))),
  ),
  c("C 22.2", "Motorcykel og stor knallert forbudt", banned(pict(cMotorcycle, C_MOTORCYCLE_BOX))),
  c("C 23.1", "Lastbil forbudt", banned(pict(cLorry, C_LORRY_BOX))),
  c("C 23.2", "Bus forbudt", banned(pict(cBus, C_BUS_BOX))),
  c("C 23.3", "Kørsel med farligt gods forbudt", () => prohibition([pict(cDangerousGoods, C_DANGEROUS_GOODS_BOX)], { slash: true })),
  c("C 24.1", "Traktor og motorredskab forbudt", banned(pict(cTractor, C_TRACTOR_BOX))),
  c("C 24.2", "Hestekøretøj forbudt", banned(pict(cHorseCarriage, C_CARRIAGE_BOX))),
  c("C 25.1", "Cykel og lille knallert forbudt", banned(pict(pathBicycle, boxAt(C + 4, C + 4, 440, 285)))),
  c("C 25.2", "Lille knallert forbudt", banned(pict(cMoped, C_MOPED_BOX))),
  c("C 26.1", "Ridning forbudt", banned(pict(pathRider, boxAt(C - 12, C, 360, 388)))),
  c("C 26.2", "Fodgængere forbudt", banned(pict(walkerAdult, boxAt(C - 4, C + 4, 173, 428)))),
  c("C 31", "Totalvægt", (v = "5 t") => prohibition([valueText(withUnit(v, "t"), 410, 172, 416)]), WEIGHT("5 t")),
  c(
    "C 32",
    "Vogntogsvægt",
    (v = "20 t") => prohibition([valueText(withUnit(v, "t"), 254, 112, 337), pict(cRoadTrain, C_ROAD_TRAIN_BOX)]),
    WEIGHT("20 t"),
  ),
  c("C 35", "Akseltryk", (v = "2 t") => prohibition([valueText(withUnit(v, "t"), 220, 99, 297), pict(cAxle, C_FRAME_BOX)]), {
    kind: "axleWeight",
    defaultValue: "2 t",
  }),
  c("C 36", "Bogietryk", (v = "7 t") => prohibition([valueText(withUnit(v, "t"), 220, 99, 297), pict(cBogie, C_FRAME_BOX)]), {
    kind: "axleWeight",
    defaultValue: "7 t",
  }),
  c(
    "C 41",
    "Køretøjsbredde",
    (v = "2 m") =>
      prohibition([
        valueText(withUnit(v, "m"), 384, 144, 318, C - 10),
        {
          kind: "polygon",
          points: [
            [82, C - 52],
            [150, C],
            [82, C + 52],
          ],
          fill: black,
        },
        {
          kind: "polygon",
          points: [
            [558, C - 52],
            [490, C],
            [558, C + 52],
          ],
          fill: black,
        },
      ]),
    { kind: "width", defaultValue: "2 m" },
  ),
  c(
    "C 42",
    "Køretøjshøjde",
    (v = "3,5 m") =>
      prohibition([
        valueText(withUnit(v, "m"), 388, 138, 418, C - 8),
        {
          kind: "group",
          clipToFace: true,
          layers: [
            {
              kind: "polygon",
              points: [
                [C - 70, 70],
                [C + 70, 70],
                [C, 140],
              ],
              fill: black,
            },
          ],
        },
        {
          kind: "group",
          clipToFace: true,
          layers: [
            {
              kind: "polygon",
              points: [
                [C - 70, 570],
                [C + 70, 570],
                [C, 500],
              ],
              fill: black,
            },
          ],
        },
      ]),
    { kind: "height", defaultValue: "3,5 m" },
  ),
  c(
    "C 43",
    "Køretøjslængde",
    (v = "10 m") =>
      prohibition([
        pict(cLorry, boxAt(C, 278, 350, 228)),
        text(withUnit(v, "m"), C, 497, 69, black, { weight: 0.2, maxWidth: 196 }),
        { kind: "line", x1: 172, y1: 462, x2: 235, y2: 462, stroke: black, strokeWidth: 12 },
        { kind: "line", x1: 405, y1: 462, x2: 468, y2: 462, stroke: black, strokeWidth: 12 },
        { kind: "path", d: arrowHeadPath(152, 462, 270), fill: black },
        { kind: "path", d: arrowHeadPath(488, 462, 90), fill: black },
      ]),
    { kind: "length", defaultValue: "10 m" },
  ),
  c("C 51", "Overhaling forbudt", () => overtaking(false, false)),
  c("C 52", "Overhaling forbudt for lastbil", () => overtaking(true, false)),
  c("C 53", "Overhalingsforbud ophører", () => overtaking(false, true)),
  c("C 54", "Overhalingsforbud for lastbil ophører", () => overtaking(true, true)),
  c("C 55", "Lokal hastighedsbegrænsning", (v = "50") => prohibition([localSpeed(v, black)]), { kind: "speed", defaultValue: "50" }),
  c("C 56", "Lokal hastighedsbegrænsning ophører", (v = "50") => endOfRestriction([localSpeed(v, PALETTE.grey)]), {
    kind: "speed",
    defaultValue: "50",
  }),
  c("C 59", "Forbud ophører", () => endOfRestriction([])),
  c("C 61", "Standsning forbudt", () => noStopping(true)),
  c("C 62", "Parkering forbudt", () => noStopping(false)),
  c("C 63", "Cykelparkering forbudt", () =>
    prohibition([pict(letterP, boxAt(C + 8, 197, 101, 157)), pict(pathBicycle, boxAt(C, 415, 308, 201))], { slash: true }),
  ),
  c("C 92", "Passage uden stop forbudt", () =>
    prohibition([
      text("STOP", C, 290, 106, black, { weight: 0.2, spacing: 26, maxWidth: 360 }),
      { kind: "rect", x: 114, y: 296, width: 412, height: 66, rx: 33, fill: black },
      text("KONTROL", C, 437, 61, black, { render: "font", maxWidth: 341 }),
    ]),
  ),
]);

/** The head of a small dimension arrow as path data (for C 43). */
function arrowHeadPath(x: number, y: number, angle: number): string {
  const markup = arrowHead(x, y, angle, black, 40, 46);
  return /d="([^"]+)"/.exec(markup)?.[1] ?? "";
}

/** C 51 – C 54: red vehicle (the one not allowed to overtake) on the left, black car on the right. */
function overtaking(lorryOnLeft: boolean, end: boolean): SignDrawing {
  const left = end ? FADED : { fg: red, bg: white };
  const right = end ? FADED : ON_WHITE;
  const layers: SignLayer[] = [
    lorryOnLeft
      ? pict(lorryRear, boxAt(C - 90, C + 5, 193, 281), left)
      : pict(cCarFront, { x: 104, y: 251, width: 203, height: 145 }, left),
    lorryOnLeft
      ? pict(cCarFront, { x: 342, y: 342, width: 171, height: 122 }, right)
      : pict(cCarFront, { x: 336, y: 251, width: 203, height: 145 }, right),
  ];
  return end ? endOfRestriction(layers) : prohibition(layers);
}

/** C 61 (standsning forbudt: red cross) and C 62 (parkering forbudt: one red bar) on a blue face. */
function noStopping(cross: boolean): SignDrawing {
  const bar = (x1: number, y1: number, x2: number, y2: number): SignLayer => ({
    kind: "group",
    clipToFace: true,
    layers: [{ kind: "line", x1, y1, x2, y2, stroke: red, strokeWidth: 74 }],
  });
  return prohibition([bar(60, 60, 580, 580), ...(cross ? [bar(580, 60, 60, 580)] : [])], { face: blue });
}
