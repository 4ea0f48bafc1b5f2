/**
 * A – advarselstavler (warning signs) of the Danish sign order (bekendtgørelse om vejafmærkning): red
 * triangles, point up, black symbol on white. Names as in the order.
 */
import { PALETTE } from "../render/palette";
import { pedestrian } from "../render/pictograms/people";
import { exclamation, narrowsBoth, narrowsRight, trafficLight } from "../render/pictograms/road";
import {
  aeroplaneTop,
  bendRight,
  bicycleLine,
  bumpBand,
  crossingStripes,
  dipBand,
  doubleBend,
  fallingRocksCliff,
  horseRider,
  junctionCross,
  leapingDeer,
  looseStones,
  openingBridgeBanks,
  pickets,
  quayEdge,
  queueCar,
  roadWorker,
  roundaboutRing,
  schoolChildren,
  shoulderBand,
  skidMarks,
  tankEngine,
  tunnelPortal,
  twoWayArrows,
  unevenBand,
  walkingCow,
  windsockBanded,
} from "../render/pictograms/ab-warning";
import { carRear, carSide, helicopter, tram } from "../render/pictograms/vehicles";
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

/** A symbol drawn in the triangle's own coordinates (its box is the whole sign); `flipX` mirrors it about the centre. */
function onTriangle(symbol: Pictogram, flipX = false): SignDrawing {
  return warning([pict(symbol, { x: 0, y: 0, width: symbol.width, height: symbol.height }, ON_WHITE, { flipX })]);
}

/**
 * A symbol drawn over the whole triangle and clipped to the white face, for symbols that run out under
 * the red border (road bands, banks, water, the cliff); `.layers` adds it under other layers.
 */
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
  a("A 11", "Farligt vejkryds", () => onTriangle(junctionCross)),
  a("A 16", "Rundkørsel", () => onTriangle(roundaboutRing)),
  a("A 17", "Fodgængerfelt", () => warning([pict(pedestrian, boxAt(331.5, 302, 147, 262)), ...band(crossingStripes).layers])),
  a("A 18", "Modkørende færdsel", simple(pict(twoWayArrows, { x: 188, y: 285, width: 284, height: 205 }))),
  a("A 19", "Lyssignal", simple(pict(trafficLight, boxAt(CX, 350, 110, 290)))),
  a("A 20", "Kø", () =>
    warning([
      pict(queueCar, boxAt(272.8, 327, 119, 87)),
      pict(queueCar, boxAt(335.5, 376.3, 150, 110)),
      pict(queueCar, boxAt(413.5, 437.4, 185, 135)),
    ]),
  ),
  a("A 21", "Cyklister", () => onTriangle(bicycleLine)),
  a("A 22", "Børn", () => onTriangle(schoolChildren)),
  a("A 23", "Ryttere", () => onTriangle(horseRider)),
  a("A 26", "Dyrevildt", () => onTriangle(leapingDeer)),
  a("A 27", "Kreaturer", () => onTriangle(walkingCow)),
  a("A 31", "Glat vej", () => warning([...band(skidMarks).layers, pict(carRear, boxAt(314.6, 327, 122, 98), ON_WHITE, { rotate: 8 })])),
  a("A 33", "Løse sten", () => band(looseStones)),
  a("A 34", "Stenskred", () => band(fallingRocksCliff)),
  a("A 35", "Farlig rabat", () =>
    warning([...band(shoulderBand).layers, pict(carRear, boxAt(346, 398, 215, 172), ON_WHITE, { rotate: 12 })]),
  ),
  a("A 36", "Bump", () => band(bumpBand)),
  sign("A 36.1", "Variabelt vejbump", "A", { sizes: ACTIVE_BUMP_SIZES }, activeBump),
  a("A 37", "Ujævn vej", () => band(unevenBand)),
  a("A 38", "Lavning", () => band(dipBand)),
  a("A 39", "Vejarbejde", () => band(roadWorker)),
  a("A 41.1", "Højresving", () => onTriangle(bendRight)),
  a("A 41.2", "Venstresving", () => onTriangle(bendRight, true)),
  a("A 42.1", "Flere sving, det første til højre", () => onTriangle(doubleBend)),
  a("A 42.2", "Flere sving, det første til venstre", () => onTriangle(doubleBend, true)),
  a("A 43.1", "Indsnævret vej", simple(pict(narrowsBoth, boxAt(330, 363, 174, 244)))),
  a("A 43.2", "Indsnævret vej i venstre side", simple(pict(narrowsRight, boxAt(2 * CX - 346.5, 361, 171, 244), ON_WHITE, { flipX: true }))),
  a("A 43.3", "Indsnævret vej i højre side", simple(pict(narrowsRight, boxAt(346.5, 361, 171, 244)))),
  a("A 44", "Tunnel", simple(pict(tunnelPortal, { x: CX - 132.9, y: 296.4, width: 265.8, height: 208.6 }))),
  a("A 46.1", "Stejl nedkørsel", () => gradientSign(false)),
  a("A 46.2", "Stejl stigning", () => gradientSign(true)),
  a("A 71", "Letbane", simple(pict(tram, boxAt(CX, 410, 360, 200)))),
  a("A 72", "Jernbaneoverkørsel uden bomme", () => onTriangle(tankEngine)),
  a("A 73", "Jernbaneoverkørsel med bomme", () => onTriangle(pickets)),
  sign("A 74.1", "Krydsmærke for enkeltsporet jernbaneoverkørsel", "A", { sizes: fixedSize(1.2, 0.816) }, () => crossMark(false)),
  sign("A 74.2", "Krydsmærke for flersporet jernbaneoverkørsel", "A", { sizes: fixedSize(1.2, 1.332) }, () => crossMark(true)),
  sign("A 75", "Afstandsmærker", "A", { sizes: fixedSize(2.0, 1.0, "2 × 3 mærker á 0,3 × 1 m") }, distanceMarkers),
  a("A 91", "Oplukkelig bro", () => band(openingBridgeBanks)),
  a("A 92", "Kaj eller færgeleje", () =>
    warning([...band(quayEdge).layers, pict(carSide, boxAt(344.5, 382, 235, 108), ON_WHITE, { rotate: 15 })]),
  ),
  a("A 95", "Sidevind", () => band(windsockBanded)),
  a("A 96", "Lavtgående fly", () => onTriangle(aeroplaneTop)),
  a("A 97", "Lavtgående helikoptere", simple(pict(helicopter, boxAt(316.5, 409.5, 279, 157)))),
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
  // The slope runs from high on one side to the lower corner of the white triangle on the other (25°).
  const left = rising ? 549 : 244;
  const right = rising ? 244 : 549;
  const angle = (Math.atan2(right - left, w) * 180) / Math.PI;
  const cx = rising ? w - 347 : 347;
  const cy = 347;
  return warning([
    {
      kind: "group",
      clipToFace: true,
      layers: [
        {
          kind: "polygon",
          points: [
            [0, left],
            [w, right],
            [w, 600],
            [0, 600],
          ],
          fill: PALETTE.black,
        },
      ],
    },
    {
      kind: "group",
      transform: `rotate(${Math.round(angle * 10) / 10} ${Math.round(cx * 10) / 10} ${cy})`,
      layers: [text("10%", cx, cy + 46, 92, PALETTE.black, { weight: 0.17, spacing: 14 })],
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
const poly = (points: readonly Pt[], fill: string): SignLayer => ({
  kind: "polygon",
  points: points.map(([x, y]) => [r1(x), r1(y)] as const),
  fill,
});

/**
 * A 74: St Andrew's cross of two white boards with a thin red edge. The red halves lie between the two
 * board axes, so the red shows as "><" meeting in the centre and the white as a V above and below; the
 * multi-track mark adds an inverted V below, red along its top.
 */
function crossMark(multiTrack: boolean): SignDrawing {
  const w = 1200;
  const h = multiTrack ? 1332 : 816;
  const length = 1254;
  const armWidth = 216;
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
    const apexY = 922;
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
  const boardWidth = 128;
  const stripe = 34;
  const drop = 67;
  const layers: SignLayer[] = [];
  const board = (x: number, stripes: number, rising: boolean) => {
    layers.push({
      kind: "rect",
      x,
      y: 262,
      width: boardWidth,
      height: 336,
      rx: 4,
      fill: PALETTE.white,
      stroke: PALETTE.red,
      strokeWidth: 3,
    });
    for (let s = 0; s < stripes; s++) {
      const y = 315 + s * 64.5;
      const [l, r] = rising ? [y + drop, y] : [y, y + drop];
      layers.push(
        poly(
          [
            [x, l],
            [x + boardWidth, r],
            [x + boardWidth, r + stripe],
            [x, l + stripe],
          ],
          PALETTE.red,
        ),
      );
    }
  };
  const triangle = (cx: number) => {
    const half = 138;
    layers.push({
      kind: "path",
      d: roundedTriangle(cx, 3, half, 237),
      fill: PALETTE.white,
      stroke: PALETTE.black,
      strokeWidth: 4,
    });
    layers.push(text("A 72 / A 73", cx, 232, 22, PALETTE.black, { bold: false }));
  };
  // Left-hand set: boards with 3, 2, 1 stripes falling to the right, the triangle over the first board.
  [3, 2, 1].forEach((stripes, i) => board(76 + i * 162.5, stripes, false));
  // Right-hand set: 1, 2, 3 stripes rising to the right, the triangle over the last board.
  [1, 2, 3].forEach((stripes, i) => board(669 + i * 163, stripes, true));
  triangle(138);
  triangle(1061);
  return { shape: "rectangle", width: w, height: h, face: "none", layers };
}

/** An equilateral-ish triangle outline, apex at (cx, top), base `height` lower and `half` to each side, corners rounded. */
function roundedTriangle(cx: number, top: number, half: number, height: number): string {
  const rc = 14;
  const b = top + height;
  // Cut each corner by rc along both edges and round it with a quadratic through the corner.
  const len = Math.hypot(half, height);
  const ex = (half / len) * rc;
  const ey = (height / len) * rc;
  const f = (v: number) => Math.round(v * 10) / 10;
  return (
    `M${f(cx - ex)},${f(top + ey)} Q${f(cx)},${f(top)} ${f(cx + ex)},${f(top + ey)}` +
    ` L${f(cx + half - ex)},${f(b - ey)} Q${f(cx + half)},${f(b)} ${f(cx + half - rc)},${f(b)}` +
    ` L${f(cx - half + rc)},${f(b)} Q${f(cx - half)},${f(b)} ${f(cx - half + ex)},${f(b - ey)} Z`
  );
}
