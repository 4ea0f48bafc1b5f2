/**
 * A – advarselstavler (warning signs) of the Danish sign order (bekendtgørelse om vejafmærkning): red
 * triangles, point up, black symbol on white. Names as in the order.
 */
import { PALETTE } from "../render/palette";
import { cow, deer } from "../render/pictograms/animals";
import { arrowsTwoWay, roundaboutArrows } from "../render/pictograms/arrows";
import { children, pedestrian, rider, worker } from "../render/pictograms/people";
import {
  bump,
  crossroads,
  curveRight,
  dangerousShoulder,
  dip,
  doubleCurve,
  exclamation,
  fallingRocks,
  fence,
  looseChippings,
  narrowsBoth,
  narrowsRight,
  openingBridge,
  quay,
  slipperyRoad,
  trafficLight,
  tunnel,
  unevenRoad,
  windsock,
  zebra,
} from "../render/pictograms/road";
import { aeroplane, bicycle, carRearHalo, helicopter, locomotive, tram } from "../render/pictograms/vehicles";
import type { SignDrawing, SignLayer } from "../render/types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { SIGN_SIZES, fixedSize } from "./sizes";
import { boxAt, ON_WHITE, pict, TRIANGLE, text, warning } from "./templates";

const CX = TRIANGLE.centerX;

function a(code: string, name: string, draw: () => SignDrawing): SignDefinition {
  return sign(code, name, "A", { sizes: SIGN_SIZES.triangle }, draw);
}

/** A warning triangle with one pictogram in `box` (default: the standard box). */
function simple(layer: SignLayer): () => SignDrawing {
  return () => warning([layer]);
}

/** The band pictograms (bump, uneven road, dip) sit on the base of the white triangle. */
const ROAD_BAND = { x: CX - 200, y: 400, width: 400, height: 105 };

export const SERIES_A = defineSeries("A", [
  a("A 11", "Farligt vejkryds", simple(pict(crossroads, boxAt(CX, 335, 230, 300)))),
  a("A 16", "Rundkørsel", simple(pict(roundaboutArrows, boxAt(CX, 375, 270, 270)))),
  a("A 17", "Fodgængerfelt", () =>
    warning([pict(pedestrian, boxAt(CX, 320, 170, 250)), pict(zebra, boxAt(CX, 474, 340, 46))]),
  ),
  a("A 18", "Modkørende færdsel", simple(pict(arrowsTwoWay, boxAt(CX, 345, 200, 290)))),
  a("A 19", "Lyssignal", simple(pict(trafficLight, boxAt(CX, 350, 110, 290)))),
  a("A 20", "Kø", () =>
    warning([
      pict(carRearHalo, boxAt(CX - 50, 320, 130, 106)),
      pict(carRearHalo, boxAt(CX - 5, 375, 150, 122)),
      pict(carRearHalo, boxAt(CX + 45, 438, 170, 138)),
    ]),
  ),
  a("A 21", "Cyklister", simple(pict(bicycle, boxAt(CX, 395, 360, 216)))),
  a("A 22", "Børn", simple(pict(children, boxAt(CX, 360, 290, 290)))),
  a("A 23", "Ryttere", simple(pict(rider, boxAt(CX, 360, 300, 290)))),
  a("A 26", "Dyrevildt", simple(pict(deer, boxAt(CX, 380, 360, 260)))),
  a("A 27", "Kreaturer", simple(pict(cow, boxAt(CX, 405, 370, 220)))),
  a("A 31", "Glat vej", simple(pict(slipperyRoad, boxAt(CX, 360, 300, 290)))),
  a("A 33", "Løse sten", simple(pict(looseChippings, boxAt(CX, 405, 360, 230)))),
  a("A 34", "Stenskred", simple(pict(fallingRocks, { x: CX - 175, y: 200, width: 350, height: 300 }))),
  a("A 35", "Farlig rabat", simple(pict(dangerousShoulder, boxAt(CX, 415, 370, 220)))),
  a("A 36", "Bump", simple(pict(bump, ROAD_BAND, ON_WHITE, { align: "bottom" }))),
  a("A 37", "Ujævn vej", simple(pict(unevenRoad, ROAD_BAND, ON_WHITE, { align: "bottom" }))),
  a("A 38", "Lavning", simple(pict(dip, ROAD_BAND, ON_WHITE, { align: "bottom" }))),
  a("A 39", "Vejarbejde", simple(pict(worker, boxAt(CX + 5, 355, 320, 300)))),
  a("A 41.1", "Højresving", simple(pict(curveRight, boxAt(CX, 345, 210, 300)))),
  a("A 41.2", "Venstresving", simple(pict(curveRight, boxAt(CX, 345, 210, 300), ON_WHITE, { flipX: true }))),
  a("A 42.1", "Flere sving, det første til højre", simple(pict(doubleCurve, boxAt(CX, 345, 200, 300)))),
  a("A 42.2", "Flere sving, det første til venstre", simple(pict(doubleCurve, boxAt(CX, 345, 200, 300), ON_WHITE, { flipX: true }))),
  a("A 43.1", "Indsnævret vej", simple(pict(narrowsBoth, boxAt(CX, 345, 200, 300)))),
  a("A 43.2", "Indsnævret vej i venstre side", simple(pict(narrowsRight, boxAt(CX, 345, 200, 300), ON_WHITE, { flipX: true }))),
  a("A 43.3", "Indsnævret vej i højre side", simple(pict(narrowsRight, boxAt(CX, 345, 200, 300)))),
  a("A 44", "Tunnel", simple(pict(tunnel, boxAt(CX, 410, 300, 190), ON_WHITE, { align: "bottom" }))),
  a("A 46.1", "Stejl nedkørsel", () => gradientSign(false)),
  a("A 46.2", "Stejl stigning", () => gradientSign(true)),
  a("A 71", "Letbane", simple(pict(tram, boxAt(CX, 410, 360, 200)))),
  a("A 72", "Jernbaneoverkørsel uden bomme", simple(pict(locomotive, boxAt(CX, 405, 340, 220)))),
  a("A 73", "Jernbaneoverkørsel med bomme", simple(pict(fence, boxAt(CX, 420, 320, 170)))),
  sign("A 74.1", "Krydsmærke for enkeltsporet jernbaneoverkørsel", "A", { sizes: fixedSize(1.2, 0.72) }, () => crossMark(false)),
  sign("A 74.2", "Krydsmærke for flersporet jernbaneoverkørsel", "A", { sizes: fixedSize(1.2, 1.02) }, () => crossMark(true)),
  sign("A 75", "Afstandsmærker", "A", { sizes: fixedSize(1.3, 1.0, "3 mærker á 0,3 × 1 m") }, distanceMarkers),
  a("A 91", "Oplukkelig bro", simple(pict(openingBridge, boxAt(CX, 405, 380, 230)))),
  a("A 92", "Kaj eller færgeleje", simple(pict(quay, boxAt(CX, 405, 380, 230)))),
  a("A 95", "Sidevind", simple(pict(windsock, boxAt(CX, 405, 340, 220)))),
  a("A 96", "Lavtgående fly", simple(pict(aeroplane, boxAt(CX, 395, 330, 200)))),
  a("A 97", "Lavtgående helikoptere", simple(pict(helicopter, boxAt(CX, 400, 330, 200)))),
  a("A 99", "Anden fare", simple(pict(exclamation, boxAt(CX, 340, 100, 290)))),
]);

/** A 46: the gradient wedge with "10%" along the slope (descent: high on the left). */
function gradientSign(rising: boolean): SignDrawing {
  const w = TRIANGLE.width;
  const left = rising ? 520 : 300;
  const right = rising ? 300 : 520;
  const angle = (Math.atan2(right - left, w) * 180) / Math.PI;
  return warning([
    { kind: "group", clipToFace: true, layers: [{ kind: "polygon", points: [[0, left], [w, right], [w, 600], [0, 600]], fill: PALETTE.black }] },
    {
      kind: "group",
      transform: `rotate(${Math.round(angle * 10) / 10} ${CX} 380)`,
      layers: [text("10%", CX + (rising ? -10 : 10), 385, 84, PALETTE.black, { weight: 0.16 })],
    },
  ]);
}

/** One board of a cross mark (A 74). */
function crossArm(cx: number, cy: number, length: number, width: number, angle: number, turn: "pinwheel" | "reverse" | "top" = "pinwheel"): SignLayer[] {
  const x0 = cx - length / 2;
  const x1 = cx + length / 2;
  const h = width / 2;
  // Each half board is red along its inner edge, so the crossed boards show a red "><" with white
  // outer edges; the chevron of the multi-track mark is red along its top.
  const leftLow = turn === "pinwheel";
  // The red halves reach a little past the centre so the red of the two boards meets without a gap.
  const e = h * Math.tan(Math.PI / 6);
  const rightLow = turn === "reverse";
  const red: readonly (readonly [number, number])[][] =
    turn === "top"
      ? [[[x0, cy - h], [x1, cy - h], [x1, cy], [x0, cy]]]
      : [
          leftLow ? [[x0, cy], [cx + e, cy], [cx + e, cy + h], [x0, cy + h]] : [[x0, cy - h], [cx + e, cy - h], [cx + e, cy], [x0, cy]],
          rightLow ? [[cx - e, cy], [x1, cy], [x1, cy + h], [cx - e, cy + h]] : [[cx - e, cy - h], [x1, cy - h], [x1, cy], [cx - e, cy]],
        ];
  const transform = `rotate(${angle} ${cx} ${cy})`;
  // Three passes (edges, white boards, red), so where the boards cross only the red of both shows.
  return [
    { kind: "group", transform, layers: [{ kind: "rect", x: x0, y: cy - h, width: length, height: width, stroke: PALETTE.red, strokeWidth: 6 }] },
    { kind: "group", transform, layers: [{ kind: "rect", x: x0, y: cy - h, width: length, height: width, fill: PALETTE.white }] },
    { kind: "group", transform, layers: red.map((points): SignLayer => ({ kind: "polygon", points, fill: PALETTE.red })) },
  ];
}

/** The passes of several boards, in order: all edges, then all white, then all red. */
function boards(...arms: SignLayer[][]): SignLayer[] {
  return [0, 1, 2].flatMap((pass) => arms.map((arm) => arm[pass]!));
}

/** A 74: St Andrew's cross; the multi-track mark adds an inverted V below it. */
function crossMark(multiTrack: boolean): SignDrawing {
  const w = 1200;
  const h = multiTrack ? 1350 : 816;
  const length = 1270;
  const armWidth = 190;
  const cy = 408;
  const arms = [crossArm(w / 2, cy, length, armWidth, 30), crossArm(w / 2, cy, length, armWidth, -30, "reverse")];
  if (multiTrack) {
    // The chevron: two half boards from the apex, each lengthened past the apex so their tops meet in a point.
    const apexY = 900;
    const half = 690;
    const overlap = (armWidth / 2) * Math.tan(Math.PI / 6);
    const along = (half - overlap) / 2;
    const dx = along * Math.cos(Math.PI / 6);
    const dy = along * Math.sin(Math.PI / 6);
    arms.push(
      crossArm(w / 2 - dx, apexY + dy, half + overlap, armWidth, -30, "top"),
      crossArm(w / 2 + dx, apexY + dy, half + overlap, armWidth, 30, "top"),
    );
  }
  const layers = boards(...arms);
  return { shape: "rectangle", width: w, height: h, face: "none", layers };
}

/**
 * A 75: the distance boards before a level crossing (three, two and one red stripe), shown as the order
 * shows them: a set for the right-hand side and a set for the left, each under its A 72/A 73 triangle.
 */
function distanceMarkers(): SignDrawing {
  const w = 1200;
  const h = 600;
  const layers: SignLayer[] = [];
  const board = (x: number, stripes: number, rising: boolean) => {
    layers.push({ kind: "rect", x, y: 260, width: 90, height: 330, fill: PALETTE.white, stroke: PALETTE.red, strokeWidth: 4 });
    for (let s = 0; s < stripes; s++) {
      const y = 290 + s * 70;
      layers.push({
        kind: "polygon",
        points: rising ? [[x, y + 60], [x + 90, y], [x + 90, y + 30], [x, y + 90]] : [[x, y], [x + 90, y + 60], [x + 90, y + 90], [x, y + 30]],
        fill: PALETTE.red,
      });
    }
  };
  const group = (x0: number, order: number[], rising: boolean) => {
    const cx = x0 + 165;
    layers.push({ kind: "polygon", points: [[cx, 12], [cx + 130, 230], [cx - 130, 230]], fill: PALETTE.white, stroke: PALETTE.black, strokeWidth: 5, lineJoin: "round" });
    order.forEach((stripes, i) => board(x0 + i * 120, stripes, rising));
  };
  group(20, [3, 2, 1], false);
  group(850, [1, 2, 3], true);
  return { shape: "rectangle", width: w, height: h, face: "none", layers };
}
