/**
 * C – forbudstavler (prohibition signs) of the Danish sign order: round, red ring, black symbol on
 * white; "… forbudt" signs add the red bar; end signs have black stripes over the faded symbol. The
 * weight, dimension and speed signs are parametric (meta.parameter): one entry draws any value.
 */
import { PALETTE } from "../render/palette";
import { arrowHead, arrowTurnRight, arrowUTurn } from "../render/pictograms/arrows";
import { fillPath, pictogram } from "../render/pictograms/draw";
import { pedestrian, rider } from "../render/pictograms/people";
import { letterP } from "../render/pictograms/road";
import {
  axle,
  bicycle,
  bogie,
  bus,
  carRear,
  dangerousGoods,
  horseCarriage,
  lorry,
  lorryRear,
  moped,
  motorcycle,
  roadTrain,
  tractor,
} from "../render/pictograms/vehicles";
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
  return () => prohibition(layers, { slash: true, slashOver: true });
}

/** A down-pointing arrow (C 35, C 36): from the weight to the axle. Box 20 × 40. */
const downArrow = pictogram("down-arrow", 20, 40, ({ fg }) => fillPath("M8,0 H12 V26 H20 L10,40 L0,26 H8 Z", fg));

/** A 1–3 digit speed in the speed-limit size. */
export function speedText(value: string, color: string, capHeight = 250, maxWidth = 400): SignLayer {
  const digits = speedDigits(value);
  return text(digits, C, C + capHeight / 2, capHeight, color, { weight: 0.2, maxWidth: digits.length > 2 ? maxWidth + 30 : maxWidth });
}

/** A value such as "5 t" or "3,5 m", centred. */
function valueText(value: string, y: number, capHeight = 165, maxWidth = 400): SignLayer {
  return text(value, C, y, capHeight, black, { weight: 0.22, maxWidth });
}

const WEIGHT = (defaultValue: string): SignParameter => ({ kind: "weight", defaultValue });

export const SERIES_C = defineSeries("C", [
  c("C 11.1", "Højresving forbudt", banned(pict(arrowTurnRight, boxAt(C - 6, C - 6, 310, 390)))),
  c("C 11.2", "Venstresving forbudt", banned(pict(arrowTurnRight, boxAt(C + 6, C - 6, 310, 390), ON_WHITE, { flipX: true }))),
  c("C 12", "Vending forbudt", () => prohibition([pict(arrowUTurn, boxAt(C, C - 12, 270, 380))], { slash: true })),
  c("C 19", "Indkørsel forbudt", () =>
    prohibition([{ kind: "rect", x: 96, y: C - 54, width: 448, height: 108, fill: white }], { face: red }),
  ),
  c("C 21", "Kørsel i begge retninger forbudt", () => prohibition([])),
  c(
    "C 22.1",
    "Motorkøretøj, stor knallert, traktor og motorredskab forbudt",
    banned(pict(carRear, boxAt(C + 10, 200, 230, 176)), pict(motorcycle, boxAt(C + 10, 422, 260, 160))),
  ),
  c("C 22.2", "Motorcykel og stor knallert forbudt", banned(pict(motorcycle, boxAt(C - 12, C + 12, 396, 253)))),
  c("C 23.1", "Lastbil forbudt", banned(pict(lorry, boxAt(C - 4, C + 16, 400, 260)))),
  c("C 23.2", "Bus forbudt", banned(pict(bus, boxAt(C + 12, C + 16, 377, 202)))),
  c("C 23.3", "Kørsel med farligt gods forbudt", () => prohibition([pict(dangerousGoods, boxAt(C, C + 24, 230, 330))], { slash: true })),
  c("C 24.1", "Traktor og motorredskab forbudt", banned(pict(tractor, boxAt(C, C - 5, 380, 270)))),
  c("C 24.2", "Hestekøretøj forbudt", banned(pict(horseCarriage, boxAt(C - 12, C + 24, 400, 240)))),
  c("C 25.1", "Cykel og lille knallert forbudt", banned(pict(bicycle, boxAt(C, C + 8, 432, 259)))),
  c("C 25.2", "Lille knallert forbudt", banned(pict(moped, boxAt(C - 8, C + 16, 406, 250)))),
  c("C 26.1", "Ridning forbudt", banned(pict(rider, boxAt(C + 12, C - 12, 290, 300)))),
  c("C 26.2", "Fodgængere forbudt", banned(pict(pedestrian, boxAt(C + 4, C - 16, 216, 367)))),
  c("C 31", "Totalvægt", (v = "5 t") => prohibition([valueText(withUnit(v, "t"), 410, 172, 416)]), WEIGHT("5 t")),
  c(
    "C 32",
    "Vogntogsvægt",
    (v = "20 t") => prohibition([valueText(withUnit(v, "t"), 254, 112, 337), pict(roadTrain, boxAt(C + 12, 382, 380, 150))]),
    WEIGHT("20 t"),
  ),
  c(
    "C 35",
    "Akseltryk",
    (v = "2 t") =>
      prohibition([valueText(withUnit(v, "t"), 220, 99, 297), pict(downArrow, boxAt(C, 284, 46, 93), ON_WHITE), pict(axle, boxAt(C, 403, 324, 130))]),
    { kind: "axleWeight", defaultValue: "2 t" },
  ),
  c(
    "C 36",
    "Bogietryk",
    (v = "7 t") =>
      prohibition([valueText(withUnit(v, "t"), 239, 106, 317), pict(downArrow, boxAt(C, 280, 50, 99), ON_WHITE), pict(bogie, boxAt(C, 412, 342, 171))]),
    { kind: "axleWeight", defaultValue: "7 t" },
  ),
  c(
    "C 41",
    "Køretøjsbredde",
    (v = "2 m") =>
      prohibition([
        valueText(withUnit(v, "m"), C + 68, 136, 300),
        { kind: "polygon", points: [[82, C - 52], [150, C], [82, C + 52]], fill: black },
        { kind: "polygon", points: [[558, C - 52], [490, C], [558, C + 52]], fill: black },
      ]),
    { kind: "width", defaultValue: "2 m" },
  ),
  c(
    "C 42",
    "Køretøjshøjde",
    (v = "3,5 m") =>
      prohibition([
        valueText(withUnit(v, "m"), C + 65, 130, 390),
        { kind: "group", clipToFace: true, layers: [{ kind: "polygon", points: [[C - 70, 70], [C + 70, 70], [C, 140]], fill: black }] },
        { kind: "group", clipToFace: true, layers: [{ kind: "polygon", points: [[C - 70, 570], [C + 70, 570], [C, 500]], fill: black }] },
      ]),
    { kind: "height", defaultValue: "3,5 m" },
  ),
  c(
    "C 43",
    "Køretøjslængde",
    (v = "10 m") =>
      prohibition([
        pict(lorry, boxAt(C, 278, 357, 200)),
        text(withUnit(v, "m"), C, 490, 70, black, { weight: 0.2, maxWidth: 200 }),
        { kind: "line", x1: 172, y1: 455, x2: 235, y2: 455, stroke: black, strokeWidth: 12 },
        { kind: "line", x1: 405, y1: 455, x2: 468, y2: 455, stroke: black, strokeWidth: 12 },
        { kind: "path", d: arrowHeadPath(152, 455, 270), fill: black },
        { kind: "path", d: arrowHeadPath(488, 455, 90), fill: black },
      ]),
    { kind: "length", defaultValue: "10 m" },
  ),
  c("C 51", "Overhaling forbudt", () => overtaking(false, false)),
  c("C 52", "Overhaling forbudt for lastbil", () => overtaking(true, false)),
  c("C 53", "Overhalingsforbud ophører", () => overtaking(false, true)),
  c("C 54", "Overhalingsforbud for lastbil ophører", () => overtaking(true, true)),
  c("C 55", "Lokal hastighedsbegrænsning", (v = "50") => prohibition([speedText(v, black)]), { kind: "speed", defaultValue: "50" }),
  c("C 56", "Lokal hastighedsbegrænsning ophører", (v = "50") => endOfRestriction([speedText(v, PALETTE.grey)]), {
    kind: "speed",
    defaultValue: "50",
  }),
  c("C 59", "Forbud ophører", () => endOfRestriction([])),
  c("C 61", "Standsning forbudt", () => noStopping(true)),
  c("C 62", "Parkering forbudt", () => noStopping(false)),
  c("C 63", "Cykelparkering forbudt", () =>
    prohibition([pict(letterP, boxAt(C + 8, 197, 101, 157)), pict(bicycle, boxAt(C - 4, 392, 232, 146))], { slash: true }),
  ),
  c("C 92", "Passage uden stop forbudt", () =>
    prohibition([
      text("STOP", C, 283, 100, black, { weight: 0.2, spacing: 26, maxWidth: 340 }),
      { kind: "rect", x: 114, y: 296, width: 412, height: 66, rx: 33, fill: black },
      text("KONTROL", C, 436, 60, black, { render: "font", maxWidth: 334 }),
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
    lorryOnLeft ? pict(lorryRear, boxAt(C - 90, C + 5, 193, 281), left) : pict(carRear, boxAt(C - 115, C + 4, 200, 165), left),
    lorryOnLeft ? pict(carRear, boxAt(C + 108, C + 84, 175, 138), right) : pict(carRear, boxAt(C + 117, C + 4, 200, 165), right),
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
