/**
 * A – advarselstavler (warning signs) of the Danish sign order (bekendtgørelse om vejafmærkning): red
 * triangles, point up, black symbol on white. Names as in the order.
 */
import { PALETTE } from "../render/palette";
import { cow, deer } from "../render/pictograms/animals";
import { arrowsTwoWay, roundaboutArrows } from "../render/pictograms/arrows";
import { children, pedestrian, rider, worker } from "../render/pictograms/people";
import {
  crossroads,
  curveRight,
  dangerousShoulder,
  doubleCurve,
  exclamation,
  fence,
  looseChippings,
  narrowsBoth,
  narrowsRight,
  openingBridge,
  quay,
  slipperyRoad,
  trafficLight,
  windsock,
  zebra,
} from "../render/pictograms/road";
import { bumpBand, dipBand, fallingRocksCliff, tunnelPortal, unevenBand } from "../render/pictograms/ab-warning";
import { aeroplane, bicycle, carRearHalo, helicopter, locomotive, tram } from "../render/pictograms/vehicles";
import { shapePath } from "../render/geometry";
import type { Pictogram, SignDrawing, SignLayer } from "../render/types";
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

/** A symbol drawn over the whole triangle (the road band of A 36–38, the cliff of A 34), clipped to the face. */
function band(symbol: Pictogram): SignDrawing {
  return warning([{ kind: "group", clipToFace: true, layers: [pict(symbol, { x: 0, y: 0, width: symbol.width, height: symbol.height })] }]);
}

/** A 36.1: the triangle over its plate "Aktiv ved høj hastighed", one sign 654.6 × 919.2 mm of drawing. */
const ACTIVE_BUMP_HEIGHT = 919.2;
const ACTIVE_BUMP_SIZES = SIGN_SIZES.triangle.map((size) => ({
  ...size,
  heightInMeters: Math.round(size.widthInMeters * (ACTIVE_BUMP_HEIGHT / TRIANGLE.width) * 1000) / 1000,
}));

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
  a("A 34", "Stenskred", () => band(fallingRocksCliff)),
  a("A 35", "Farlig rabat", simple(pict(dangerousShoulder, boxAt(CX, 415, 370, 220)))),
  a("A 36", "Bump", () => band(bumpBand)),
  sign("A 36.1", "Variabelt vejbump", "A", { sizes: ACTIVE_BUMP_SIZES }, activeBump),
  a("A 37", "Ujævn vej", () => band(unevenBand)),
  a("A 38", "Lavning", () => band(dipBand)),
  a("A 39", "Vejarbejde", simple(pict(worker, boxAt(CX + 5, 355, 320, 300)))),
  a("A 41.1", "Højresving", simple(pict(curveRight, boxAt(CX, 345, 210, 300)))),
  a("A 41.2", "Venstresving", simple(pict(curveRight, boxAt(CX, 345, 210, 300), ON_WHITE, { flipX: true }))),
  a("A 42.1", "Flere sving, det første til højre", simple(pict(doubleCurve, boxAt(CX, 345, 200, 300)))),
  a("A 42.2", "Flere sving, det første til venstre", simple(pict(doubleCurve, boxAt(CX, 345, 200, 300), ON_WHITE, { flipX: true }))),
  a("A 43.1", "Indsnævret vej", simple(pict(narrowsBoth, boxAt(CX, 345, 200, 300)))),
  a("A 43.2", "Indsnævret vej i venstre side", simple(pict(narrowsRight, boxAt(CX, 345, 200, 300), ON_WHITE, { flipX: true }))),
  a("A 43.3", "Indsnævret vej i højre side", simple(pict(narrowsRight, boxAt(CX, 345, 200, 300)))),
  a("A 44", "Tunnel", simple(pict(tunnelPortal, { x: CX - 132.9, y: 296.4, width: 265.8, height: 208.6 }))),
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

/**
 * A 36.1 (variable bump, "Actibump"): the road band with a step down and a ramp back up (the plate that
 * drops at speed) in the red triangle, and below it a red-bordered plate reading "Aktiv ved høj hastighed".
 */
function activeBump(): SignDrawing {
  const tri = warning([]);
  const { red, white, black } = PALETTE;
  // The inner (white) triangle's sides at the band's top, so the band runs out to the border.
  const top = 442;
  const half = ((top - TRIANGLE.innerTop) / (TRIANGLE.innerBottom - TRIANGLE.innerTop)) * 228.8;
  const band: Pt[] = [
    [CX - half, top],
    [253, top],
    [253, 484],
    [413, top],
    [CX + half, top],
    [556.1, 505.2],
    [98.5, 505.2],
  ];
  const plateTop = 615.2;
  const plateHeight = ACTIVE_BUMP_HEIGHT - plateTop;
  return {
    shape: "rectangle",
    width: tri.width,
    height: ACTIVE_BUMP_HEIGHT,
    face: "none",
    layers: [
      { kind: "path", d: shapePath(tri, 0), fill: red },
      { kind: "path", d: shapePath(tri, 70), fill: white },
      poly(band, black),
      { kind: "rect", x: 0, y: plateTop, width: tri.width, height: plateHeight, rx: 52, fill: red },
      { kind: "rect", x: 26, y: plateTop + 26, width: tri.width - 52, height: plateHeight - 52, rx: 26, fill: white },
      text("Aktiv ved høj", CX, 743, 58, black, { maxWidth: 545 }),
      text("hastighed", CX, 838, 58, black, { maxWidth: 545 }),
    ],
  };
}

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

type Pt = readonly [number, number];

/** A board of a cross mark (A 74): a white rectangle rotated by `angle` degrees about its centre. */
function boardCorners(cx: number, cy: number, length: number, width: number, angle: number): Pt[] {
  const a = (angle * Math.PI) / 180;
  const u: Pt = [Math.cos(a), Math.sin(a)];
  const n: Pt = [-Math.sin(a), Math.cos(a)];
  const l = length / 2;
  const h = width / 2;
  return [
    [cx - u[0] * l - n[0] * h, cy - u[1] * l - n[1] * h],
    [cx + u[0] * l - n[0] * h, cy + u[1] * l - n[1] * h],
    [cx + u[0] * l + n[0] * h, cy + u[1] * l + n[1] * h],
    [cx - u[0] * l + n[0] * h, cy - u[1] * l + n[1] * h],
  ];
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const poly = (points: readonly Pt[], fill: string): SignLayer => ({ kind: "polygon", points: points.map(([x, y]) => [r1(x), r1(y)] as const), fill });

/**
 * A 74: St Andrew's cross of two white boards with a thin red edge. The red halves lie between the two
 * board axes, so the red shows as "><" meeting in the centre and the white as a V above and below; the
 * multi-track mark adds an inverted V below, red along its top.
 */
function crossMark(multiTrack: boolean): SignDrawing {
  const w = 1200;
  const h = multiTrack ? 1350 : 816;
  const length = 1270;
  const armWidth = 190;
  const half = armWidth / 2;
  const c: Pt = [w / 2, 408];
  const sin = Math.sin(Math.PI / 6);
  const cos = Math.cos(Math.PI / 6);
  const outlines = [boardCorners(c[0], c[1], length, armWidth, 30), boardCorners(c[0], c[1], length, armWidth, -30)];
  const reds: Pt[][] = [];
  for (const s of [-1, 1]) {
    for (const v of [-1, 1]) {
      // The half board towards (s, v): red from its end to the centre, on the side towards the horizontal
      // axis, up to the other board's axis.
      const end: Pt = [c[0] + s * (length / 2) * cos, c[1] + v * (length / 2) * sin];
      const n: Pt = [s * sin, -v * cos];
      reds.push([c, end, [end[0] + half * n[0], end[1] + half * n[1]], [c[0] + s * half, c[1] - v * half * Math.tan(Math.PI / 6)]]);
    }
  }
  if (multiTrack) {
    // The chevron: two boards from the apex, each lengthened past the apex so their tops meet in a point;
    // red along the upper half.
    const apexY = 900;
    const arm = 690;
    const overlap = half * Math.tan(Math.PI / 6);
    const along = (arm - overlap) / 2;
    for (const s of [-1, 1]) {
      const bx = c[0] + s * along * cos;
      const by = apexY + along * sin;
      const corners = boardCorners(bx, by, arm + overlap, armWidth, s * 30);
      outlines.push(corners);
      // Corners run: start-top, end-top, end-bottom, start-bottom (top = −n side); the red is the top half.
      const mid = (a: Pt, b: Pt): Pt => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const [p0, p1, p2, p3] = corners as [Pt, Pt, Pt, Pt];
      reds.push([p0, p1, mid(p1, p2), mid(p0, p3)]);
    }
  }
  const layers: SignLayer[] = [
    ...outlines.map((o) => ({ ...poly(o, PALETTE.red), strokeWidth: 6, stroke: PALETTE.red, lineJoin: "miter" as const })),
    ...outlines.map((o) => poly(o, PALETTE.white)),
    ...reds.map((r) => poly(r, PALETTE.red)),
  ];
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
