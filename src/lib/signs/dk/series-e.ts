/**
 * E – oplysningstavler (information signs) of the Danish sign order: blue rectangles with white symbols,
 * and the zone signs (white plates with a black edge carrying a sign and "Zone"). Speeds on E 39/E 40,
 * E 53 and E 68.4/E 69.4 are parametric; E 55/E 56 print the town name the user types.
 */
import { PALETTE } from "../render/palette";
import { arrowHead } from "../render/pictograms/arrows";
import { pictogram, strokePath } from "../render/pictograms/draw";
import { adultAndChild, blindPerson, child, pedestrian, rider, stairsUp, wheelchair } from "../render/pictograms/people";
import {
  ball,
  cctv,
  deadEnd,
  house,
  layBy,
  letterP,
  motorway,
  skyline,
  speedCamera,
  tunnel,
  zebra,
} from "../render/pictograms/road";
import { bicycle, bus, carRear, dangerousGoods, lorry, moped, tractor, tram } from "../render/pictograms/vehicles";
import type { Paint, Pictogram, SignDrawing, SignLayer } from "../render/types";
import type { SignSize } from "../types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { speedText } from "./series-c";
import { rectangleSizes, SIGN_SIZES } from "./sizes";
import { boxAt, endOfRestriction, FADED, information, ON_BLUE, ON_WHITE, pict, prohibition, text } from "./templates";
import { speedDigits } from "./values";

const { white, black, blue, red, yellow, green, grey } = PALETTE;

interface EOptions {
  sizes?: readonly SignSize[];
  speed?: string;
  prompt?: string;
}

function e(code: string, name: string, draw: (value?: string) => SignDrawing, options: EOptions = {}): SignDefinition {
  return sign(
    code,
    name,
    "E",
    {
      sizes: options.sizes ?? SIGN_SIZES.square,
      ...(options.speed ? { parameter: { kind: "speed" as const, defaultValue: options.speed } } : {}),
      ...(options.prompt ? { parameter: { kind: "text" as const, defaultValue: options.prompt }, shouldPromptForName: true } : {}),
    },
    draw,
  );
}

/**
 * The blue square of the E signs with a dark hairline edge: the white rim is 22 mm including the edge
 * and the corners are rounded less (r 30) than those of the overhead signs with a blue edge (E 11, r 56).
 */
function darkEdged(layers: readonly SignLayer[], radius = 30): SignDrawing {
  return { ...information(layers, { radius }), rim: { color: white, width: 22 } };
}

/** A blue square with one white pictogram. */
function blueSquare(p: Pictogram, box = boxAt(320, 320, 470, 470), extra: Parameters<typeof pict>[3] = {}, colouredEdge = false): () => SignDrawing {
  return () => (colouredEdge ? information([pict(p, box, ON_BLUE, extra)], { colouredEdge }) : darkEdged([pict(p, box, ON_BLUE, extra)]));
}

/** Portrait and zone plates: width 640 mm, height by the official proportion. */
const PORTRAIT = { width: 640, height: 830 };
const ZONE = { width: 640, height: 800 };

/** Zone plate (E 47 – E 53, E 68, E 69): white, black edge, a sign or panel above and "Zone" below. */
function zonePlate(
  content: readonly SignLayer[],
  word = "Zone",
  ended = false,
  height = ZONE.height,
  options: { border?: Paint; borderWidth?: number; stripes?: SignLayer[] } = {},
): SignDrawing {
  const layers: SignLayer[] = [...content];
  if (word === "Zone") layers.push(text(word, 320, height - 78, 98, ended ? grey : black, { weight: 0.17, maxWidth: 460, spacing: 22 }));
  if (ended) layers.push(...(options.stripes ?? endStripes(ZONE.width, height)));
  return {
    shape: "plate",
    width: ZONE.width,
    height,
    cornerRadius: 28,
    border: { color: options.border ?? (ended ? grey : black), width: options.borderWidth ?? 14 },
    face: white,
    layers,
  };
}

/**
 * The five narrow black stripes across an end-of-zone plate, from the lower left to the upper right,
 * through (cx, cy) with the slope `slope` (rise per run); `width` and `period` across the stripes.
 */
function endStripes(w: number, h: number, cx = w / 2, cy = h / 2, slope = 1.036, width = 10.8, period = 21.2): SignLayer[] {
  const len = Math.hypot(1, slope);
  const ux = 1 / len;
  const uy = -slope / len;
  const L = w + h;
  const lines: SignLayer[] = [];
  for (let i = 0; i < 5; i++) {
    const o = (i - 2) * period;
    // The normal (slope, 1)/len points down and right.
    const px = cx + (o * slope) / len;
    const py = cy + o / len;
    lines.push({ kind: "line", x1: px - ux * L, y1: py - uy * L, x2: px + ux * L, y2: py + uy * L, stroke: black, strokeWidth: width, lineCap: "butt" });
  }
  return [{ kind: "group", clipToFace: true, layers: lines }];
}

/** A smaller round sign placed on a zone plate. */
function discOnPlate(sign: SignDrawing, cx: number, cy: number, size: number): SignLayer {
  const k = size / sign.width;
  return {
    kind: "group",
    transform: `translate(${Math.round((cx - size / 2) * 10) / 10} ${Math.round((cy - size / 2) * 10) / 10}) scale(${Math.round(k * 10000) / 10000})`,
    layers: [
      ...(sign.rim ? [{ kind: "circle" as const, cx: sign.width / 2, cy: sign.width / 2, r: sign.width / 2, fill: sign.rim.color }] : []),
      ...(sign.border
        ? [{ kind: "circle" as const, cx: sign.width / 2, cy: sign.width / 2, r: sign.width / 2 - (sign.rim?.width ?? 0), fill: sign.border.color }]
        : []),
      {
        kind: "circle",
        cx: sign.width / 2,
        cy: sign.width / 2,
        r: sign.width / 2 - (sign.rim?.width ?? 0) - (sign.border?.width ?? 0),
        fill: sign.face,
      },
      ...sign.layers.map((l) => stripFaceClip(l)),
      ...(sign.outline
        ? [{ kind: "circle" as const, cx: sign.width / 2, cy: sign.width / 2, r: sign.width / 2 - sign.outline.width / 2, stroke: sign.outline.color, strokeWidth: sign.outline.width }]
        : []),
    ],
  };
}

/** Clip paths refer to the outer sign's face; inside a zone plate a disc's content is clipped by a circle instead. */
function stripFaceClip(layer: SignLayer): SignLayer {
  if (layer.kind !== "group" || !layer.clipToFace) return layer;
  return { ...layer, clipToFace: false, layers: layer.layers.map(clipLineToDisc) };
}

/** Lines of a disc (bars of C 61/C 62) shortened so they stay inside the ring (no clip path needed). */
function clipLineToDisc(layer: SignLayer): SignLayer {
  if (layer.kind !== "line") return layer;
  const c = 320;
  const r = 238;
  const dx = layer.x2 - layer.x1;
  const dy = layer.y2 - layer.y1;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  // Project the centre on the line and keep the chord of the face circle.
  const t0 = (c - layer.x1) * ux + (c - layer.y1) * uy;
  const px = layer.x1 + ux * t0;
  const py = layer.y1 + uy * t0;
  const half = Math.sqrt(Math.max(0, r * r - (px - c) ** 2 - (py - c) ** 2));
  return { ...layer, x1: px - ux * half, y1: py - uy * half, x2: px + ux * half, y2: py + uy * half };
}

/** A blue panel with rounded corners inside a zone plate. */
function bluePanel(x: number, y: number, w: number, h: number, color: Paint = blue): SignLayer {
  return { kind: "rect", x, y, width: w, height: h, rx: 18, fill: color };
}

/** A thin lane arrow: shaft path plus a small head (E 15, E 16, E 37). */
function laneArrow(shaft: string, tipX: number, tipY: number, angle: number, fg: Paint): string {
  return strokePath(shaft, fg, 6, "butt") + arrowHead(tipX, tipY, angle, fg, 16, 18);
}

/** E 15 / E 16 / E 37: lane arrows on blue, thin and full height as in the official drawings. */
const laneArrows = {
  e15: pictogram("lanes-e15", 150, 100, ({ fg }) =>
    [
      laneArrow("M24,100 V40 Q24,30 14,30 H14", 0, 30, 270, fg),
      laneArrow("M70,100 V15", 70, 0, 0, fg),
      laneArrow("M112,100 V15", 112, 0, 0, fg),
      laneArrow("M112,60 Q112,48 124,48 H134", 150, 48, 90, fg),
    ].join(""),
  ),
  merge: pictogram("lanes-merge", 100, 100, ({ fg }) =>
    [laneArrow("M30,100 V15", 30, 0, 0, fg), laneArrow("M70,100 V60 C70,46 58,42 58,30 V15", 58, 0, 0, fg)].join(""),
  ),
  change: pictogram("lanes-change", 100, 100, ({ fg }) =>
    [
      laneArrow("M20,100 V15", 20, 0, 0, fg),
      laneArrow("M52,100 V15", 52, 0, 0, fg),
      strokePath("M68,100 V90 M68,82 V72 M68,64 V54 M68,46 V36 M68,28 V18 M68,10 V0", fg, 3, "butt"),
      strokePath("M86,100 V78 C86,64 70,60 56,44", fg, 6, "butt"),
    ].join(""),
  ),
  crawler: pictogram("lanes-crawler", 100, 130, ({ fg }) =>
    [
      laneArrow("M52,130 V15", 52, 0, 0, fg),
      laneArrow("M80,130 V15", 80, 0, 0, fg),
      strokePath("M66,130 V118 M66,108 V96 M66,86 V74 M66,64 V52 M66,42 V30", fg, 3, "butt"),
      laneArrow("M52,124 Q30,108 30,80 V15", 30, 0, 0, fg),
    ].join(""),
  ),
};

/** An overhead lane arrow of E 11: thinner than the arrows of the round D signs. */
function overheadArrow(shaft: string, tipX: number, tipY: number, angle: number, fg: Paint): string {
  return strokePath(shaft, fg, 8, "butt", "round") + arrowHead(tipX, tipY, angle, fg, 24, 28);
}

/** E 11.x arrows, drawn for a 100 × 100 box. */
const overhead = {
  up: pictogram("e11-up", 100, 100, ({ fg }) => overheadArrow("M50,100 V23", 50, 0, 0, fg)),
  left: pictogram("e11-left", 100, 100, ({ fg }) => overheadArrow("M64,100 V44 Q64,32 52,32 H23", 0, 32, 270, fg)),
  upLeft: pictogram("e11-up-left", 100, 100, ({ fg }) =>
    overheadArrow("M60,100 V23", 60, 0, 0, fg) + overheadArrow("M60,70 Q60,56 48,56 H23", 0, 56, 270, fg),
  ),
  leftRight: pictogram("e11-left-right", 100, 100, ({ fg }) =>
    overheadArrow("M50,100 V50 Q50,38 38,38 H23", 0, 38, 270, fg) + overheadArrow("M50,50 Q50,38 62,38 H77", 100, 38, 90, fg),
  ),
  all: pictogram("e11-all", 100, 100, ({ fg }) =>
    overheadArrow("M50,100 V23", 50, 0, 0, fg) +
    overheadArrow("M50,66 Q50,54 38,54 H23", 0, 54, 270, fg) +
    overheadArrow("M50,66 Q50,54 62,54 H77", 100, 54, 90, fg),
  ),
};

/** E 41: the exit curve with its advised speed. */
const exitCurve = pictogram("exit-curve", 60, 100, ({ fg }) => strokePath("M16,100 V60 Q16,30 40,22 L60,14", fg, 16, "butt"));

/** The town name and silhouette of E 55/E 56. */
function townSign(name: string, ended: boolean): SignDrawing {
  const layers: SignLayer[] = [
    text(name, 640, 250, 150, black, { render: "font", maxWidth: 1100 }),
    pict(skyline, { x: 120, y: 400, width: 1040, height: 208 }, ON_WHITE, { align: "bottom" }),
  ];
  if (ended) layers.push({ kind: "group", clipToFace: true, layers: [{ kind: "line", x1: 40, y1: 620, x2: 1240, y2: 20, stroke: red, strokeWidth: 64 }] });
  return {
    shape: "plate",
    width: 1280,
    height: 640,
    cornerRadius: 30,
    outline: { color: PALETTE.edge, width: 2 },
    rim: { color: white, width: 12 },
    border: { color: black, width: 18 },
    face: white,
    layers,
  };
}

/** E 42 – E 45: motorway (green) and expressway (blue) portrait signs; the end signs add a red bar. */
function roadType(motorwaySign: boolean, ended: boolean): SignDrawing {
  const w = 640;
  const h = 940;
  return information(
    [
      motorwaySign ? pict(motorway, boxAt(320, 470, 480, 620), ON_BLUE) : pict(carRear, boxAt(320, 470, 420, 340), { fg: white, bg: blue }),
      ...(ended ? [{ kind: "group" as const, clipToFace: true, layers: [{ kind: "line" as const, x1: 40, y1: h - 40, x2: w - 40, y2: 40, stroke: red, strokeWidth: 50 }] }] : []),
    ],
    { width: w, height: h, face: motorwaySign ? green : blue },
  );
}

/** E 47 – E 52: a blue panel with a word and a symbol over "Zone"; end versions grey with stripes. */
function areaSign(word: string, symbol: SignLayer[], ended: boolean, y = 70): SignDrawing {
  const panel: SignLayer[] = [
    bluePanel(74, y, 494, 496, ended ? grey : blue),
    ...(word ? [text(word, 320, y + 82, 56, white, { render: "font", maxWidth: 440, bold: true })] : []),
    ...symbol,
  ];
  return zonePlate(panel, "Zone", ended);
}

export const SERIES_E = defineSeries("E", [
  e("E 11.1", "Ophængt pilafmærkning, ligeud", blueSquare(overhead.up, boxAt(320, 320, 480, 480), {}, true)),
  e("E 11.4", "Ophængt pilafmærkning, til venstre", blueSquare(overhead.left, boxAt(320, 320, 480, 480), {}, true)),
  e("E 11.5", "Ophængt pilafmærkning, til højre", blueSquare(overhead.left, boxAt(320, 320, 480, 480), { flipX: true }, true)),
  e("E 11.6", "Ophængt pilafmærkning, ligeud eller til venstre", blueSquare(overhead.upLeft, boxAt(320, 320, 480, 480), {}, true)),
  e("E 11.7", "Ophængt pilafmærkning, ligeud eller til højre", blueSquare(overhead.upLeft, boxAt(320, 320, 480, 480), { flipX: true }, true)),
  e("E 11.8", "Ophængt pilafmærkning, til venstre eller højre", blueSquare(overhead.leftRight, boxAt(320, 320, 480, 480), {}, true)),
  e("E 11.9", "Ophængt pilafmærkning, ligeud, til venstre eller højre", blueSquare(overhead.all, boxAt(320, 320, 480, 480), {}, true)),
  e("E 15", "Vognbaner ved kryds", () => information([pict(laneArrows.e15, boxAt(410, 320, 700, 520), ON_BLUE)], { width: 820, height: 640 }), {
    sizes: rectangleSizes(0.82, 0.64),
  }),
  e("E 16.1", "Vognbaneforløb med sammenfletning", blueSquare(laneArrows.merge, boxAt(320, 320, 520, 540), {}, true)),
  e("E 16.2", "Vognbaneforløb med vognbaneskift", blueSquare(laneArrows.change, boxAt(320, 320, 520, 540), {}, true)),
  e("E 17", "Fodgængerfelt", () =>
    darkEdged([
      { kind: "polygon", points: [[320, 64], [584, 540], [56, 540]], fill: white, lineJoin: "round" },
      pict(pedestrian, boxAt(320, 355, 150, 260), ON_WHITE),
      pict(zebra, boxAt(320, 505, 380, 48), ON_WHITE),
    ]),
  ),
  e("E 18", "Blind vej", () => information([pict(deadEnd, boxAt(320, 340, 380, 480), ON_BLUE)])),
  e(
    "E 19",
    "Ensrettet færdsel",
    () =>
      information(
        [
          { kind: "path", d: "M40,150 L200,40 V95 H1030 V205 H200 V260 Z", fill: white },
          text("Ensrettet", 640, 190, 88, blue, { render: "font", maxWidth: 760 }),
        ],
        { width: 1100, height: 300, radius: 20, rim: white },
      ),
    { sizes: rectangleSizes(1.1, 0.3) },
  ),
  e("E 21.1", "Anbefalet rute for cyklister", blueSquare(bicycle, boxAt(320, 320, 480, 300))),
  e("E 21.2", "Anbefalet rute for fodgængere", blueSquare(pedestrian, boxAt(320, 320, 260, 460))),
  e("E 21.3", "Anbefalet rute for ryttere", blueSquare(rider, boxAt(320, 320, 460, 460))),
  e("E 21.4", "Anbefalet rute for knallerter", blueSquare(moped, boxAt(320, 330, 480, 300))),
  e("E 22.1", "Anbefalet rute for lastbiler", blueSquare(lorry, boxAt(320, 330, 480, 320))),
  e("E 22.2", "Anbefalet rute for køretøjer med farligt gods", blueSquare(dangerousGoods, boxAt(320, 320, 360, 460), {}, true)),
  e("E 22.3", "Anbefalet rute for traktorer og motorredskaber", blueSquare(tractor, boxAt(320, 320, 470, 340), {}, true)),
  e("E 22.4", "Anbefalet rute for busser", blueSquare(bus, boxAt(320, 320, 480, 260), {}, true)),
  e("E 23", "Vejledning for invalide", blueSquare(wheelchair, boxAt(330, 330, 380, 450))),
  e("E 24", "Vejledning for blinde og svagsynede", blueSquare(blindPerson, boxAt(330, 320, 330, 460))),
  e("E 26.1", "Fodgængerbro", blueSquare(stairsUp, boxAt(320, 340, 450, 430))),
  e("E 26.2", "Fodgængertunnel", blueSquare(stairsUp, boxAt(320, 340, 450, 430), { flipX: true, flipY: false })),
  e(
    "E 30",
    "Letbanestoppested",
    () => stopPlate(tram),
    { sizes: rectangleSizes(0.64, 0.32) },
  ),
  e("E 31", "Stoppested", () => stopPlate(bus), { sizes: rectangleSizes(0.64, 0.32) }),
  e("E 33.1", "Parkering", blueSquare(letterP, boxAt(320, 320, 300, 470))),
  e("E 33.2", "Parkeringshus", () =>
    darkEdged([
      { kind: "path", d: "M70,210 L320,80 L570,210 V260 L320,130 L70,260 Z", fill: white },
      pict(letterP, boxAt(320, 400, 200, 300), ON_BLUE),
    ]),
  ),
  e("E 34", "Nødholdeplads", () =>
    information(
      [
        { kind: "rect", x: 170, y: 60, width: 50, height: 710, fill: white },
        pict(layBy, boxAt(330, 415, 170, 600), ON_BLUE),
        { kind: "rect", x: 360, y: 200, width: 150, height: 430, fill: white },
        { kind: "group", transform: "rotate(90 435 415)", layers: [text("SOS", 435, 445, 70, blue, { weight: 0.18 })] },
      ],
      { width: PORTRAIT.width, height: PORTRAIT.height },
    ),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e(
    "E 35",
    "Tunnel",
    () =>
      information(
        [{ kind: "rect", x: 90, y: 150, width: 460, height: 460, rx: 16, fill: white }, pict(tunnel, boxAt(320, 400, 360, 300), ON_WHITE)],
        { width: PORTRAIT.width, height: PORTRAIT.height, colouredEdge: true },
      ),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e(
    "E 37",
    "Krybespor",
    () =>
      information(
        [
          pict(laneArrows.crawler, boxAt(320, 415, 420, 700), ON_BLUE),
          { kind: "circle", cx: 240, cy: 460, r: 78, fill: red },
          { kind: "circle", cx: 240, cy: 460, r: 58, fill: white },
          text("50", 240, 490, 60, black, { weight: 0.2 }),
        ],
        { width: PORTRAIT.width, height: PORTRAIT.height, colouredEdge: true },
      ),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e("E 39", "Anbefalet hastighed", (v = "60") => information([speedText(v, white, 300, 470)]), { speed: "60" }),
  e(
    "E 40",
    "Ophør af anbefalet hastighed",
    (v = "60") =>
      information([
        speedText(v, white, 300, 470),
        { kind: "group", clipToFace: true, layers: [{ kind: "line", x1: 20, y1: 620, x2: 620, y2: 20, stroke: red, strokeWidth: 44 }] },
      ]),
    { speed: "60" },
  ),
  e(
    "E 41",
    "Hastighedsangivelse for frakørsel",
    (v = "40") => ({
      ...information(
        [pict(exitCurve, boxAt(220, 320, 240, 500), { fg: red, bg: white }), text(speedDigits(v), 450, 520, 170, black, { weight: 0.2, maxWidth: 250 })],
        { face: white },
      ),
      outline: undefined,
      rim: undefined,
      border: { color: black, width: 22 },
    }),
    { speed: "40" },
  ),
  e("E 42", "Motorvej", () => roadType(true, false), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 43", "Motortrafikvej", () => roadType(false, false), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 44", "Motorvej ophører", () => roadType(true, true), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 45", "Motortrafikvej ophører", () => roadType(false, true), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 47", "Cykelgade", () => areaSign("Cykelgade", [pict(bicycle, boxAt(325, 405, 400, 250), ON_BLUE)], false), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 48", "Cykelgade ophører", () => areaSign("Cykelgade", [pict(bicycle, boxAt(325, 405, 400, 250), { fg: white, bg: grey })], true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e("E 49", "Gågade", () => areaSign("Gågade", [pict(adultAndChild, boxAt(326, 350, 300, 330), ON_BLUE)], false, 53), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 50", "Gågade ophører", () => areaSign("Gågade", [pict(adultAndChild, boxAt(326, 367, 300, 330), { fg: white, bg: grey })], true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e("E 51", "Opholds- og legeområde", () => areaSign("", playArea(ON_BLUE), false), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 52", "Opholds- og legeområde ophører", () => areaSign("", playArea({ fg: white, bg: grey }), true), { sizes: rectangleSizes(0.64, 0.8) }),
  e(
    "E 53",
    "Område med hastighedsdæmpning",
    (v = "30") => zonePlate([bluePanel(67, 63, 512, 492), text(speedDigits(v), 320, 426, 234, white, { weight: 0.2, maxWidth: 420 })]),
    { speed: "30", sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 55", "Byzone", (v = "Bynavn") => townSign(v, false), { prompt: "Bynavn", sizes: rectangleSizes(1.28, 0.64) }),
  e("E 56", "Byzone ophører", (v = "Bynavn") => townSign(v, true), { prompt: "Bynavn", sizes: rectangleSizes(1.28, 0.64) }),
  e("E 68", "Zone med parkeringsforbud", () => zonePlate([discOnPlate(noParking(false), 320, 319, 495)]), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 68.2", "Zone med standsningsforbud", () => zonePlate([discOnPlate(noParking(true), 320, 319, 495)]), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 68.3", "Parkeringszone", () => zonePlate([bluePanel(77, 68, 486, 482), pict(letterP, boxAt(320, 309, 260, 400), ON_BLUE)]), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 68.4",
    "Zone med lokal hastighedsbegrænsning",
    (v = "40") => zonePlate([discOnPlate(prohibition([speedText(v, black)]), 320, 325, 536)]),
    { speed: "40", sizes: rectangleSizes(0.64, 0.8) },
  ),
  e(
    "E 68.5",
    "Zone hvor lastbil er forbudt",
    () => zonePlate([discOnPlate(prohibition([pict(lorry, boxAt(320, 325, 400, 260))], { slash: true }), 320, 319, 495)]),
    { sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 68.9", "Miljøzone", () => environmentalZone(false), { sizes: rectangleSizes(0.64, 1.08) }),
  e("E 69", "Zone med parkeringsforbud ophører", () => zonePlate([discOnPlate(fadedNoStopping(), 320, 308, 508)], "Zone", true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 69.3",
    "Parkeringszone ophører",
    () => zonePlate([bluePanel(73, 63, 500, 500, grey), pict(letterP, boxAt(320, 313, 260, 400), { fg: white, bg: grey })], "Zone", true),
    { sizes: rectangleSizes(0.64, 0.8) },
  ),
  e(
    "E 69.4",
    "Zone med lokal hastighedsbegrænsning ophører",
    (v = "40") => zonePlate([discOnPlate(prohibition([speedText(v, grey)], { border: grey }), 320, 324, 535)], "Zone", true),
    { speed: "40", sizes: rectangleSizes(0.64, 0.8) },
  ),
  e(
    "E 69.5",
    "Zone hvor lastbil er forbudt ophører",
    () =>
      zonePlate([discOnPlate(prohibition([pict(lorry, boxAt(320, 325, 400, 260), FADED)], { slash: true, border: grey }), 320, 331, 504)], "Zone", true),
    { sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 69.9", "Miljøzone ophører", () => environmentalZone(true), { sizes: rectangleSizes(0.64, 1.08) }),
  e("E 70", "Parkeringsinformation", () =>
    information([pict(letterP, boxAt(300, 280, 270, 420), ON_BLUE), text("info", 430, 575, 70, white, { render: "font" })], { colouredEdge: true }),
  ),
  e("E 90", "Automatisk trafikkontrol", blueSquare(speedCamera, boxAt(320, 330, 460, 460))),
  e(
    "E 91",
    "Hastighedsvisning",
    () => ({
      shape: "plate",
      width: 640,
      height: 810,
      cornerRadius: 24,
      outline: { color: PALETTE.edge, width: 3 },
      face: white,
      layers: [
        { kind: "circle", cx: 90, cy: 90, r: 45, fill: white, stroke: PALETTE.edge, strokeWidth: 4 },
        { kind: "circle", cx: 550, cy: 90, r: 45, fill: white, stroke: PALETTE.edge, strokeWidth: 4 },
        text("Din", 320, 270, 90, black, { render: "font" }),
        text("fart", 320, 430, 90, black, { render: "font" }),
        { kind: "rect", x: 80, y: 540, width: 480, height: 180, fill: black },
        text("44", 250, 680, 110, white, { weight: 0.16 }),
        text("km/t", 470, 650, 45, white, { render: "font" }),
      ],
    }),
    { sizes: rectangleSizes(0.64, 0.81) },
  ),
  e(
    "E 92",
    "Variabel tavle",
    () => ({
      shape: "rectangle",
      width: 1400,
      height: 300,
      cornerRadius: 10,
      face: black,
      layers: [text("Ulykke", 700, 130, 70, white, { render: "font" }), text("om 2 km", 700, 250, 70, white, { render: "font" })],
    }),
    { sizes: rectangleSizes(1.4, 0.3) },
  ),
  e("E 93", "Tv-overvågning", blueSquare(cctv, boxAt(320, 330, 460, 420), {}, true)),
]);

/** E 30/E 31: yellow stop plate with a black edge and the vehicle. */
function stopPlate(vehicle: Pictogram): SignDrawing {
  return {
    shape: "plate",
    width: 640,
    height: 320,
    cornerRadius: 24,
    rim: { color: black, width: 12 },
    face: yellow,
    layers: [pict(vehicle, boxAt(320, 165, 520, 250), { fg: black, bg: yellow })],
  };
}

/** C 61/C 62 on a zone plate. */
function noParking(cross: boolean): SignDrawing {
  const bar = (x1: number, y1: number, x2: number, y2: number): SignLayer => ({
    kind: "group",
    clipToFace: true,
    layers: [{ kind: "line", x1, y1, x2, y2, stroke: red, strokeWidth: 74 }],
  });
  return prohibition([bar(60, 60, 580, 580), ...(cross ? [bar(580, 60, 60, 580)] : [])], { face: blue });
}

/** The faded C 62 shown on E 69: grey ring and cross on white. */
function fadedNoStopping(): SignDrawing {
  const bar = (x1: number, y1: number, x2: number, y2: number): SignLayer => ({
    kind: "group",
    clipToFace: true,
    layers: [{ kind: "line", x1, y1, x2, y2, stroke: grey, strokeWidth: 64 }],
  });
  return prohibition([bar(60, 60, 580, 580), bar(580, 60, 60, 580)], { border: grey });
}

/** E 51: house, pedestrian, child with ball and a car in a blue panel. */
function playArea(paint: { fg: Paint; bg: Paint }): SignLayer[] {
  return [
    pict(carRear, boxAt(215, 170, 150, 100), paint),
    pict(house, boxAt(470, 165, 150, 140), paint),
    pict(pedestrian, boxAt(150, 385, 110, 230), paint),
    pict(child, boxAt(420, 400, 130, 170), paint),
    pict(ball, boxAt(310, 508, 60, 60), paint),
  ];
}

/** E 68.9/E 69.9 miljøzone: a red ring (C 21) over a small plate "Miljøgodkendte køretøjer undtaget" and "Miljøzone". */
function environmentalZone(ended: boolean): SignDrawing {
  const h = 1080;
  const layers: SignLayer[] = ended
    ? [{ kind: "circle", cx: 320, cy: 468, r: 238, stroke: grey, strokeWidth: 70 }]
    : [
        { kind: "circle", cx: 320, cy: 316, r: 217, stroke: red, strokeWidth: 64 },
        { kind: "rect", x: 70.5, y: 620.5, width: 505, height: 257, rx: 30, fill: white, stroke: red, strokeWidth: 19 },
        text("Miljøgodkendte", 320, 690, 44, black, { render: "font", maxWidth: 460, bold: true }),
        text("køretøjer", 320, 762, 44, black, { render: "font", maxWidth: 460, bold: true }),
        text("undtaget", 320, 834, 44, black, { render: "font", maxWidth: 460, bold: true }),
      ];
  layers.push(text("Miljøzone", 320, ended ? 950 : 1000, 80, ended ? grey : black, { render: "font", maxWidth: 550, bold: true }));
  return zonePlate(layers, "Miljøzone", ended, h, {
    border: black,
    borderWidth: 12,
    stripes: endStripes(ZONE.width, h, 320, 543.5, 1.5, 7.5, 18.3),
  });
}
