/**
 * E – oplysningstavler (information signs) of the Danish sign order: blue rectangles with white symbols,
 * and the zone signs (white plates with a black edge carrying a sign and "Zone"). Speeds on E 39/E 40,
 * E 53 and E 68.4/E 69.4 are parametric; E 55/E 56 print the town name the user types.
 */
import { PALETTE } from "../render/palette";
import { arrowHead } from "../render/pictograms/arrows";
import { circle, fillPath, pictogram, rect, strokePath } from "../render/pictograms/draw";
import { house } from "../render/pictograms/road";
import { carRear } from "../render/pictograms/vehicles";
import type { Paint, Pictogram, SignDrawing, SignLayer } from "../render/types";
import type { SignSize } from "../types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { speedText } from "./series-c";
import { rectangleSizes, SIGN_SIZES } from "./sizes";
import { boxAt, FADED, information, ON_BLUE, ON_WHITE, pict, prohibition, text } from "./templates";
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

/** Text stretched horizontally by `k` about x = cx (the wide digits of E 39/E 40). */
function widened(layer: SignLayer, k: number, cx = 320): SignLayer {
  return { kind: "group", transform: `matrix(${k} 0 0 1 ${Math.round(cx * (1 - k) * 10) / 10} 0)`, layers: [layer] };
}

/** The advised speed of E 39/E 40: wide white digits, 300 mm high. */
function advisedSpeed(v: string): SignLayer {
  return widened(text(speedDigits(v), 321, 473, 300, white, { weight: 0.16, maxWidth: 420 }), 1.2, 321);
}

/** E 11: an overhead lane sign, the arrows mirrored for the right-hand versions. */
function overheadSign(p: Pictogram, mirror = false): () => SignDrawing {
  return () => information([pict(p, { x: 0, y: 0, width: 640, height: 640 }, ON_BLUE, { flipX: mirror })], { colouredEdge: true });
}

/** A blue square with one white pictogram. */
function blueSquare(
  p: Pictogram,
  box = boxAt(320, 320, 470, 470),
  extra: Parameters<typeof pict>[3] = {},
  colouredEdge = false,
): () => SignDrawing {
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
  options: { border?: Paint; borderWidth?: number; stripes?: SignLayer[]; baseline?: number } = {},
): SignDrawing {
  const layers: SignLayer[] = [...content];
  if (word === "Zone")
    layers.push(text(word, 320, options.baseline ?? height - 76, 98, ended ? grey : black, { weight: 0.18, maxWidth: 460, spacing: 34 }));
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
    lines.push({
      kind: "line",
      x1: px - ux * L,
      y1: py - uy * L,
      x2: px + ux * L,
      y2: py + uy * L,
      stroke: black,
      strokeWidth: width,
      lineCap: "butt",
    });
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
        ? [
            {
              kind: "circle" as const,
              cx: sign.width / 2,
              cy: sign.width / 2,
              r: sign.width / 2 - (sign.rim?.width ?? 0),
              fill: sign.border.color,
            },
          ]
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
        ? [
            {
              kind: "circle" as const,
              cx: sign.width / 2,
              cy: sign.width / 2,
              r: sign.width / 2 - sign.outline.width / 2,
              stroke: sign.outline.color,
              strokeWidth: sign.outline.width,
            },
          ]
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

/** An arrow drawn in sign millimetres: a butt-ended shaft path and a head with its tip at (x, y). */
function mmArrow(
  shaft: string,
  x: number,
  y: number,
  angle: number,
  fg: Paint,
  width: number,
  headLength: number,
  headWidth: number,
): string {
  return strokePath(shaft, fg, width, "butt", "round") + arrowHead(x, y, angle, fg, headLength, headWidth);
}

/** Dashes of a lane line at x from y0 every `period` mm, `dash` long, not below `end`. */
function dashes(x: number, y0: number, period: number, dash: number, end: number, width: number, fg: Paint): string {
  const parts: string[] = [];
  for (let y = y0; y < end; y += period) parts.push(`M${x},${y} V${Math.min(y + dash, end)}`);
  return strokePath(parts.join(" "), fg, width, "butt");
}

/** A pictogram drawn in the millimetres of a whole sign face, laid over the sign unscaled. */
function whole(p: Pictogram, paint = ON_BLUE): SignLayer {
  return pict(p, { x: 0, y: 0, width: p.width, height: p.height }, paint);
}

/** E 15 / E 16 / E 37: lane arrows on blue, in sign millimetres as in the official drawings. */
const laneArrows = {
  e15: pictogram("e15-lanes", 820, 640, ({ fg }) =>
    [
      mmArrow("M240,564 V352 Q240,310 198,310 H148", 88, 310, 270, fg, 31, 62, 95),
      mmArrow("M406,564 V131", 406, 71, 0, fg, 31, 62, 95),
      mmArrow("M572,564 V133", 572, 73, 0, fg, 31, 62, 95),
      mmArrow("M572,400 Q572,310 640,310 H670", 730, 310, 90, fg, 31, 62, 95),
    ].join(""),
  ),
  merge: pictogram("e16-merge", 640, 640, ({ fg }) =>
    [mmArrow("M157,581 V118", 157, 50, 0, fg, 35, 70, 90), mmArrow("M535,581 V409 L347,279 V118", 347, 50, 0, fg, 35, 70, 90)].join(""),
  ),
  change: pictogram("e16-change", 640, 640, ({ fg }) =>
    [
      mmArrow("M157,581 V118", 157, 50, 0, fg, 35, 70, 90),
      dashes(438.5, 62, 156, 86, 601, 13, fg),
      mmArrow("M535,581 V409 L347,279 V118", 347, 50, 0, fg, 35, 70, 90),
    ].join(""),
  ),
  crawler: pictogram("e37-crawler", 640, 830, ({ fg }) =>
    [
      mmArrow("M198,284 V129", 198, 76, 0, fg, 26, 55, 80),
      strokePath("M198,507 V764", fg, 26, "butt"),
      dashes(361, 50, 192, 96, 710, 22, fg),
      mmArrow("M198,700 Q198,665 230,640 C300,590 498,540 498,480 V129", 498, 76, 0, fg, 26, 55, 80),
      `<circle cx="198" cy="395" r="101" fill="none" stroke="${fg}" stroke-width="8"/>`,
    ].join(""),
  ),
};

/** E 11.x overhead lane arrows, in sign millimetres (640 × 640). */
const overhead = {
  up: pictogram("e11-up", 640, 640, ({ fg }) => mmArrow("M320,550 V204", 320, 76, 0, fg, 52, 130, 190)),
  left: pictogram("e11-left", 640, 640, ({ fg }) => mmArrow("M482,513 V252 Q482,220 450,220 H220", 92, 220, 270, fg, 50, 130, 190)),
  upLeft: pictogram(
    "e11-up-left",
    640,
    640,
    ({ fg }) => mmArrow("M381,552 V220", 381, 92, 0, fg, 48, 130, 190) + mmArrow("M381,371 H233", 105, 371, 270, fg, 48, 130, 190),
  ),
  leftRight: pictogram(
    "e11-left-right",
    640,
    640,
    ({ fg }) => mmArrow("M324,508 V266 H212", 84, 266, 270, fg, 45, 130, 190) + mmArrow("M324,266 H428", 556, 266, 90, fg, 45, 130, 190),
  ),
  all: pictogram(
    "e11-all",
    640,
    640,
    ({ fg }) =>
      mmArrow("M320,555 V191", 320, 83, 0, fg, 44, 110, 170) +
      mmArrow("M320,313 H188", 80, 313, 270, fg, 44, 110, 170) +
      mmArrow("M320,313 H452", 560, 313, 90, fg, 44, 110, 170),
  ),
};

/** E 35: a tunnel portal of masonry with a black opening, in sign millimetres (640 × 830). */
const e35Tunnel = pictogram("e35-tunnel", 640, 830, ({ fg }) => {
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const joints: string[] = [];
  for (let i = 1; i < 8; i++) {
    const a = (Math.PI * i) / 8;
    joints.push(
      `M${r1(321 - 113 * Math.cos(a))},${r1(359 - 113 * Math.sin(a))} L${r1(321 - 178 * Math.cos(a))},${r1(359 - 176 * Math.sin(a))}`,
    );
  }
  const courses = [262, 307, 350, 402, 454].map((y) => `M136,${y} H206 M436,${y} H506`).join(" ");
  return [
    strokePath("M136,506 V258 L178,177 H464 L506,258 V506 Z", fg, 9, "butt", "miter"),
    strokePath(`${joints.join(" ")} ${courses}`, fg, 5, "butt"),
    fillPath("M208,510 V359 A113,113 0 0 1 434,359 V510 Z", fg),
  ].join("");
});

/** E 42/E 44: two carriageways narrowing into the distance under a bridge, in sign millimetres (640 × 940). */
const e42Motorway = pictogram("e42-motorway", 640, 940, ({ fg }) => {
  const outer = (y: number) => 260 - 0.1878 * (y - 94);
  const inner = (y: number) => 309 - 0.036 * (y - 94);
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const road = (y0: number, y1: number, side: 1 | -1) => {
    const x = (v: number) => r1(side === 1 ? v : 640 - v);
    return `M${x(outer(y0))},${y0} L${x(inner(y0))},${y0} L${x(inner(y1))},${y1} L${x(outer(y1))},${y1} Z`;
  };
  return [
    fillPath([road(72, 356, 1), road(472, 848, 1), road(72, 356, -1), road(472, 848, -1)].join(" "), fg),
    rect(60, 387, 520, 34, fg),
    rect(117, 421, 39, 51, fg),
    rect(484, 421, 40, 51, fg),
  ].join("");
});

/** The parking "P" of E 33 and the parking zones (stem, round bowl), 318 × 463 as on E 33.1. */
const parkingP = pictogram(
  "e33-p",
  318,
  463,
  ({ fg }) =>
    `<path d="M0,463 V0 H170.5 A147.5,147.5 0 0 1 170.5,295 H87 V463 Z M87,82 V213 H152.5 A65.5,65.5 0 0 0 152.5,82 Z" fill="${fg}" fill-rule="evenodd"/>`,
);

/** E 26.1/E 26.2: a person climbing a staircase that rises to the right, in sign millimetres (640 × 640). */
const e26Stairs = pictogram("e26-stairs", 640, 640, ({ fg }) =>
  [
    fillPath("M88,551 V517 H158 V472 H254 V428 H349 V383 H445 V335 H551 V371 H481 V419 H386 V463 H290 V508 H194 V551 Z", fg),
    `<circle cx="219" cy="116" r="31.5" fill="${fg}"/>`,
    `<rect x="187" y="160" width="63" height="175" rx="26" fill="${fg}"/>`,
    strokePath("M244,196 L270,252 L284,308", fg, 24),
    strokePath("M216,320 V472", fg, 36, "butt"),
    strokePath("M230,322 L296,352 L291,428", fg, 30, "butt"),
  ].join(""),
);

/** E 93: a surveillance camera on its bracket, in sign millimetres (640 × 640). */
const e93Camera = pictogram("e93-camera", 640, 640, ({ fg }) =>
  [
    fillPath("M131,110 L567,220 L438,400 L85,308 Z", fg),
    rect(508, 314, 30, 24, fg),
    rect(544, 281, 31, 66, fg),
    rect(228, 365, 104, 28, fg),
    rect(238, 403, 85, 158, fg),
  ].join(""),
);

/** E 31: the bus of the stop plate, five windows and two wheels, in sign millimetres (640 × 320). */
const e31Bus = pictogram("e31-bus", 640, 320, ({ fg, bg }) =>
  [
    fillPath("M73,251 V91 Q73,61 103,61 H566 V251 Z", fg),
    ...[114, 204, 293, 382, 472].map((x) => rect(x, 81, 69, 71, bg)),
    circle(193, 250, 47, bg),
    circle(420, 250, 47, bg),
    circle(193, 250, 35, fg),
    circle(420, 250, 35, fg),
  ].join(""),
);

/** E 30: the tram of the light-rail stop plate with its pantograph, in sign millimetres (640 × 320). */
const e30Tram = pictogram("e30-tram", 640, 320, ({ fg, bg }) =>
  [
    strokePath("M252,84 L208,57 L252,32", fg, 14, "butt", "miter"),
    fillPath("M111,82 H523 L554,259 H80 Z", fg),
    ...[
      [107, 21],
      [143, 46],
      [203, 46],
      [264, 107],
      [386, 46],
      [446, 46],
      [506, 22],
    ].map(([x, w]) => rect(x!, 127, w!, 71, bg)),
    ...[166, 225, 408, 469].map((x) => circle(x, 267, 19, fg)),
  ].join(""),
);

/** The bicycle of E 21.1 and the cycle-street zone: ring wheels, diamond frame, saddle and bar. Box 502 × 330. */
const e21Bicycle = pictogram("e21-bicycle", 502, 330, ({ fg }) =>
  [
    `<circle cx="98" cy="230" r="86" fill="none" stroke="${fg}" stroke-width="24"/>`,
    `<circle cx="403" cy="230" r="86" fill="none" stroke="${fg}" stroke-width="24"/>`,
    strokePath("M172,25 L252,221 L98,230 L177,71 H337 L252,221 M327,40 L403,230", fg, 25, "round", "round"),
    circle(252, 221, 23, fg),
    `<rect x="156" y="0" width="58" height="25" rx="10" fill="${fg}"/>`,
    `<rect x="298" y="15" width="72" height="25" rx="10" fill="${fg}"/>`,
  ].join(""),
);

/** E 22.2: the rear of a lorry with the orange plate for dangerous goods, in sign millimetres (640 × 640). */
const e22DangerousGoods = pictogram("e22-dangerous-goods", 640, 640, ({ fg }) =>
  [
    rect(155, 56, 330, 394, fg),
    rect(171, 72, 298, 362, PALETTE.orange),
    rect(152, 464, 336, 40, fg),
    ...[165, 208, 399, 442].map((x) => rect(x, 500, 35, 60, fg)),
    rect(294, 500, 58, 37, fg),
  ].join(""),
);

/** E 21.4: a moped seen from the side, front to the left, in sign millimetres (640 × 640). */
const e21Moped = pictogram("e21-moped", 640, 640, ({ fg }) =>
  [
    `<circle cx="157" cy="386" r="70" fill="none" stroke="${fg}" stroke-width="33"/>`,
    `<circle cx="485" cy="388" r="70" fill="none" stroke="${fg}" stroke-width="33"/>`,
    circle(157, 386, 22, fg),
    strokePath("M238,196 L157,386 M240,262 L300,352 M404,240 L384,345 M422,316 Q485,288 548,318", fg, 32, "butt", "round"),
    fillPath("M262,345 H500 Q515,345 515,362 V418 H305 Q272,418 262,392 Z", fg),
    `<rect x="237" y="166" width="59" height="22" rx="8" fill="${fg}"/>`,
    `<rect x="181" y="190" width="27" height="46" rx="8" fill="${fg}"/>`,
    `<rect x="357" y="217" width="93" height="30" rx="12" fill="${fg}"/>`,
    rect(444, 255, 110, 20, fg),
  ].join(""),
);

/** E 22.4: a bus seen from the side, windscreen to the left, in sign millimetres (640 × 640). */
const e22Bus = pictogram("e22-bus", 640, 640, ({ fg, bg }) =>
  [
    `<rect x="78" y="256" width="484" height="187" rx="8" fill="${fg}"/>`,
    rect(70, 276, 28, 69, bg),
    ...[119, 207, 294, 382, 469].map((x) => rect(x, 276, 67, 69, bg)),
    circle(195.5, 443, 46, bg),
    circle(419, 443, 46, bg),
    circle(195.5, 443, 35, fg),
    circle(419, 443, 35, fg),
  ].join(""),
);

/** E 22.3: a tractor, bonnet to the left, big rear wheel under a mudguard, in sign millimetres (640 × 640). */
const e22Tractor = pictogram("e22-tractor", 640, 640, ({ fg, bg }) =>
  [
    rect(312, 156, 166, 19, fg),
    strokePath("M316,175 L296,300 M385,175 V300 M453,175 L469,300", fg, 20, "butt"),
    fillPath("M128,286 H300 V300 H480 V340 H350 V395 H128 Z", fg),
    strokePath("M322,372 A112,112 0 0 1 540,352", fg, 25, "butt"),
    circle(430.5, 390.5, 108, bg),
    circle(156.5, 428, 72, bg),
    `<circle cx="430.5" cy="390.5" r="71" fill="none" stroke="${fg}" stroke-width="48"/>`,
    `<circle cx="156.5" cy="428" r="42" fill="none" stroke="${fg}" stroke-width="31"/>`,
  ].join(""),
);

/** E 21.3: a rider on a walking horse, head to the left, in sign millimetres (640 × 640). */
const e21Rider = pictogram("e21-rider", 640, 640, ({ fg }) =>
  [
    fillPath(
      "M107,160 L127,174 Q170,170 205,185 Q245,215 287,278 H400 Q460,282 490,302 L478,360 Q460,395 420,400 H190 Q170,380 168,320 Q160,290 150,268 L133,292 Q120,302 100,296 Q90,290 96,262 Z",
      fg,
    ),
    strokePath(
      "M175,380 L145,402 L142,470 L178,508 M240,390 L290,555 M405,392 L445,458 L368,492 V548 M448,385 L503,452 L514,555",
      fg,
      27,
      "butt",
      "round",
    ),
    strokePath("M488,306 Q535,325 540,430", fg, 27, "round"),
    circle(309, 104, 27, fg),
    strokePath("M318,162 L338,272", fg, 46, "round"),
    strokePath("M316,190 L262,246", fg, 26, "round"),
  ].join(""),
);

/** E 23: the wheelchair user (ISO 7001 style), facing left, in sign millimetres (640 × 640). */
const e23Wheelchair = pictogram("e23-wheelchair", 640, 640, ({ fg }) =>
  [
    circle(349, 137, 40, fg),
    strokePath("M349,213 L344,340", fg, 56, "round"),
    strokePath("M333,273 L253,277", fg, 37, "round"),
    strokePath("M340,349 H213 L156,484", fg, 42, "round", "round"),
    strokePath("M128,470 L170,492", fg, 32, "round"),
    strokePath("M385.8,305.6 A119,119 0 1 1 235.2,436.6", fg, 29, "butt"),
  ].join(""),
);

/** E 24: a blind person walking with a white cane, in sign millimetres (640 × 640). */
const e24BlindPerson = pictogram("e24-blind", 640, 640, ({ fg }) =>
  [
    circle(320, 131, 43, fg),
    fillPath("M290,390 V215 Q290,188 322,188 Q352,188 362,200 L372,390 Z", fg),
    strokePath("M364,200 L417,269 L374,357", fg, 29, "round", "round"),
    strokePath("M293,200 L221,364", fg, 29, "round"),
    strokePath("M221,369 L103,560", fg, 7, "round"),
    strokePath("M307,386 L250,550 M357,386 L411,550", fg, 46, "round"),
  ].join(""),
);

/** E 21.2: a pedestrian walking to the left, in sign millimetres (640 × 640). */
const e21Pedestrian = pictogram("e21-pedestrian", 640, 640, ({ fg }) =>
  [
    circle(304, 127, 44, fg),
    fillPath("M271,360 V215 Q271,186 302,186 H332 Q350,186 364,205 V360 Z", fg),
    strokePath("M350,203 L407,303 L400,367", fg, 29, "round", "round"),
    strokePath("M279,217 L229,367", fg, 29, "round"),
    strokePath("M307,360 L233,546 M343,346 V453 L383,546", fg, 46, "round", "round"),
  ].join(""),
);

/** E 49/E 50: an adult and a child walking, in millimetres of the zone plate (640 × 800, E 49 panel). */
const e49Walkers = pictogram("e49-walkers", 640, 800, ({ fg }) =>
  [
    circle(268, 218, 30, fg),
    strokePath("M268,268 V360", fg, 40, "round"),
    strokePath("M268,366 L214,500 M286,366 L316,500 M286,268 L327,375 M250,268 L214,375", fg, 24, "round"),
    circle(389, 307, 23, fg),
    strokePath("M390,345 V425", fg, 30, "round"),
    strokePath("M382,429 L357,504 M398,429 L425,504 M375,350 L348,429 M405,350 L437,425", fg, 19, "round"),
  ].join(""),
);

/** E 51/E 52: a pedestrian and a child kicking a ball (the car and house are shared pictograms), in plate millimetres. */
const e51People = pictogram("e51-people", 640, 800, ({ fg }) =>
  [
    circle(371, 348, 25, fg),
    strokePath("M388,379 L438,436", fg, 28, "round"),
    strokePath("M378,390 L348,432 M411,382 L464,432 M438,441 L392,525 M446,441 L473,486 H514", fg, 24, "round", "round"),
    circle(313, 500, 30, fg),
  ].join(""),
);

/** E 22.1: a lorry seen from the side, cab to the left, in sign millimetres (640 × 640). */
const e22Lorry = pictogram("e22-lorry", 640, 640, ({ fg, bg }) =>
  [
    fillPath("M83,430 V300 L104,232 H208 V430 Z", fg),
    rect(104, 251, 75, 64, bg),
    rect(224, 179, 333, 202, fg),
    rect(224, 400, 93, 35, fg),
    circle(171, 440, 43, fg),
    circle(376, 440, 43, fg),
    circle(467, 440, 43, fg),
  ].join(""),
);

/** E 43/E 45: a car seen from the front, in millimetres of the portrait sign (640 × 940). */
const e43Car = pictogram("e43-car", 640, 940, ({ fg, bg }) =>
  [
    fillPath("M187,309 H462 L516,440 H132 Z", fg),
    fillPath("M217,340 H437 L455,434 H199 Z", bg),
    `<rect x="87" y="430" width="467" height="154" rx="22" fill="${fg}"/>`,
    circle(157, 490, 33, bg),
    circle(484, 490, 33, bg),
    `<rect x="232" y="492" width="210" height="57" rx="10" fill="${bg}"/>`,
    rect(117, 570, 70, 75, fg),
    rect(482, 570, 70, 75, fg),
  ].join(""),
);

/** Annular sector below (cx, cy): radii r1 < r2, from -a to +a degrees either side of straight down. */
function arcBand(cx: number, cy: number, r1: number, r2: number, a: number): string {
  const p = (r: number, deg: number) => {
    const t = (deg * Math.PI) / 180;
    return `${Math.round((cx + r * Math.sin(t)) * 10) / 10},${Math.round((cy + r * Math.cos(t)) * 10) / 10}`;
  };
  return `M${p(r2, -a)} A${r2},${r2} 0 0 0 ${p(r2, a)} L${p(r1, a)} A${r1},${r1} 0 0 1 ${p(r1, -a)} Z`;
}

/** E 90: camera with a ringed lens over three radar waves, drawn in sign millimetres (640 × 640). */
const e90Camera = pictogram("e90-camera", 640, 640, ({ fg, bg }) =>
  [
    fillPath("M232,120 V102 Q232,87 247,87 H393 Q408,87 408,102 V120 Z", fg),
    `<rect x="148" y="118" width="346" height="178" rx="16" fill="${fg}"/>`,
    `<circle cx="320" cy="201" r="80" fill="${bg}"/>`,
    `<circle cx="320" cy="201" r="56" fill="none" stroke="${fg}" stroke-width="15"/>`,
    fillPath(arcBand(320, 302, 67, 97, 58), fg),
    fillPath(arcBand(320, 302, 152, 184, 58), fg),
    fillPath(arcBand(320, 302, 236, 269, 58), fg),
  ].join(""),
);

/** The town silhouette of E 55/E 56 (houses, a church and a tall gable), in sign millimetres (1280 × 640). */
const townSkyline = pictogram("e55-skyline", 1280, 640, ({ fg }) =>
  fillPath(
    "M214,597 V502 L298,428 L374,502 V540 H406 V432 L430,412 L448,330 L466,412 L490,432 V597 Z " +
      "M523,597 V505 L544,440 H704 L725,505 V535 H768 V505 L811,462 L854,505 V545 H874 V597 Z " +
      "M886,597 V440 L970,372 L1056,440 V597 Z",
    fg,
  ),
);

/** The town name and silhouette of E 55/E 56; the end sign has a red bar under the name. */
function townSign(name: string, ended: boolean): SignDrawing {
  const bar: SignLayer[] = ended
    ? [
        {
          kind: "group",
          clipToFace: true,
          layers: [{ kind: "line", x1: -40, y1: 621.2, x2: 1320, y2: 18.8, stroke: red, strokeWidth: 128, lineCap: "butt" }],
        },
      ]
    : [];
  return {
    shape: "plate",
    width: 1280,
    height: 640,
    cornerRadius: 30,
    border: { color: black, width: 21 },
    face: white,
    layers: [...bar, text(name, 640, 282, 128, black, { render: "font", maxWidth: 870, bold: true }), whole(townSkyline, ON_WHITE)],
  };
}

/** E 42 – E 45: motorway (green) and expressway (blue) portrait signs; the end signs add a red bar. */
function roadType(motorwaySign: boolean, ended: boolean): SignDrawing {
  const w = 640;
  const h = 940;
  return information(
    [
      motorwaySign ? whole(e42Motorway, { fg: white, bg: green }) : whole(e43Car),
      ...(ended
        ? [
            {
              kind: "group" as const,
              clipToFace: true,
              layers: [{ kind: "line" as const, x1: 40, y1: h - 40, x2: w - 40, y2: 40, stroke: red, strokeWidth: 50 }],
            },
          ]
        : []),
    ],
    { width: w, height: h, face: motorwaySign ? green : blue },
  );
}

/** E 47 – E 52: a blue panel with a word and a symbol over "Zone"; end versions grey with stripes. */
function areaSign(word: string, symbol: SignLayer[], ended: boolean, y = 70, baseline?: number): SignDrawing {
  const panel: SignLayer[] = [
    bluePanel(74, y, 494, 496, ended ? grey : blue),
    ...(word ? [text(word, 320, y + 82, 56, white, { render: "font", maxWidth: 440, bold: true })] : []),
    ...symbol,
  ];
  return zonePlate(panel, "Zone", ended, ZONE.height, { baseline });
}

export const SERIES_E = defineSeries("E", [
  e("E 11.1", "Ophængt pilafmærkning, ligeud", overheadSign(overhead.up)),
  e("E 11.4", "Ophængt pilafmærkning, til venstre", overheadSign(overhead.left)),
  e("E 11.5", "Ophængt pilafmærkning, til højre", overheadSign(overhead.left, true)),
  e("E 11.6", "Ophængt pilafmærkning, ligeud eller til venstre", overheadSign(overhead.upLeft)),
  e("E 11.7", "Ophængt pilafmærkning, ligeud eller til højre", overheadSign(overhead.upLeft, true)),
  e("E 11.8", "Ophængt pilafmærkning, til venstre eller højre", overheadSign(overhead.leftRight)),
  e("E 11.9", "Ophængt pilafmærkning, ligeud, til venstre eller højre", overheadSign(overhead.all)),
  e(
    "E 15",
    "Vognbaner ved kryds",
    () => ({
      ...information([whole(laneArrows.e15)], { width: 820, height: 640, colouredEdge: true, radius: 62 }),
      outline: { color: blue, width: 8 },
      rim: { color: white, width: 34 },
    }),
    {
      sizes: rectangleSizes(0.82, 0.64),
    },
  ),
  e("E 16.1", "Vognbaneforløb med sammenfletning", () => information([whole(laneArrows.merge)], { colouredEdge: true })),
  e("E 16.2", "Vognbaneforløb med vognbaneskift", () => information([whole(laneArrows.change)], { colouredEdge: true })),
  e("E 17", "Fodgængerfelt", () =>
    darkEdged([
      {
        kind: "polygon",
        points: [
          [320, 52],
          [597, 530],
          [43, 530],
        ],
        fill: white,
        lineJoin: "round",
      },
      pict(e21Pedestrian, { x: 113, y: 72, width: 420, height: 420 }, ON_WHITE),
      // The zebra in perspective: stripes widen and lean outwards towards the viewer.
      ...[89, 191, 294, 395, 498].map((x): SignLayer => {
        const spread = (v: number) => Math.round((320 + (v - 320) * 1.15) * 10) / 10;
        return {
          kind: "polygon",
          points: [
            [x, 442],
            [x + 51, 442],
            [spread(x + 51), 510],
            [spread(x), 510],
          ],
          fill: black,
        };
      }),
    ]),
  ),
  e("E 18", "Blind vej", () => ({
    ...darkEdged(
      [
        { kind: "rect", x: 193, y: 87, width: 255, height: 140, fill: white },
        { kind: "rect", x: 206, y: 100, width: 229, height: 114, fill: red },
        { kind: "rect", x: 283, y: 214, width: 75, height: 362, fill: white },
      ],
      52,
    ),
    rim: { color: white, width: 20 },
  })),
  e(
    "E 19",
    "Ensrettet færdsel",
    () =>
      information(
        [
          { kind: "path", d: "M25,150 L228,45 V77 H1050 V223 H228 V255 Z", fill: white },
          // The word is set to a fixed length (textLength) and stretched to the wide lettering of the sign,
          // so it spans the same 840 mm whichever fallback font renders it.
          widened(text("Ensrettet", 625, 199, 105, black, { render: "font", maxWidth: 734, bold: true }), 1.14, 625),
        ],
        { width: 1100, height: 300, radius: 20, rim: white },
      ),
    { sizes: rectangleSizes(1.1, 0.3) },
  ),
  e("E 21.1", "Anbefalet rute for cyklister", blueSquare(e21Bicycle, { x: 68, y: 170, width: 502, height: 330 })),
  e("E 21.2", "Anbefalet rute for fodgængere", blueSquare(e21Pedestrian, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 21.3", "Anbefalet rute for ryttere", blueSquare(e21Rider, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 21.4", "Anbefalet rute for knallerter", blueSquare(e21Moped, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 22.1", "Anbefalet rute for lastbiler", blueSquare(e22Lorry, { x: 0, y: 0, width: 640, height: 640 })),
  e(
    "E 22.2",
    "Anbefalet rute for køretøjer med farligt gods",
    blueSquare(e22DangerousGoods, { x: 0, y: 0, width: 640, height: 640 }, {}, true),
  ),
  e("E 22.3", "Anbefalet rute for traktorer og motorredskaber", blueSquare(e22Tractor, { x: 0, y: 0, width: 640, height: 640 }, {}, true)),
  e("E 22.4", "Anbefalet rute for busser", blueSquare(e22Bus, { x: 0, y: 0, width: 640, height: 640 }, {}, true)),
  e("E 23", "Vejledning for invalide", blueSquare(e23Wheelchair, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 24", "Vejledning for blinde og svagsynede", blueSquare(e24BlindPerson, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 26.1", "Fodgængerbro", blueSquare(e26Stairs, { x: 0, y: 0, width: 640, height: 640 })),
  e("E 26.2", "Fodgængertunnel", blueSquare(e26Stairs, { x: 0, y: 0, width: 640, height: 640 }, { flipX: true })),
  e("E 30", "Letbanestoppested", () => stopPlate(e30Tram), { sizes: rectangleSizes(0.64, 0.32) }),
  e("E 31", "Stoppested", () => stopPlate(e31Bus), { sizes: rectangleSizes(0.64, 0.32) }),
  e("E 33.1", "Parkering", blueSquare(parkingP, { x: 179, y: 90, width: 318, height: 463 })),
  e("E 33.2", "Parkeringshus", () =>
    darkEdged([
      { kind: "path", d: "M84,148 L320,74 L556,148 V205 L320,131 L84,205 Z", fill: white },
      pict(parkingP, { x: 213, y: 213, width: 234, height: 340 }, ON_BLUE),
    ]),
  ),
  e(
    "E 34",
    "Nødholdeplads",
    () =>
      information(
        [
          // The hard shoulder (white), its edge line and the lay-by with "SOS" read downwards.
          { kind: "rect", x: 85, y: 20, width: 230, height: 790, fill: white },
          { kind: "rect", x: 276, y: 20, width: 25, height: 790, fill: black },
          {
            kind: "polygon",
            points: [
              [300, 140],
              [542, 244],
              [542, 586],
              [300, 690],
            ],
            fill: white,
          },
          text("S", 432, 354, 87, black, { weight: 0.18 }),
          text("O", 432, 461, 87, black, { weight: 0.18 }),
          text("S", 432, 573, 87, black, { weight: 0.18 }),
        ],
        { width: PORTRAIT.width, height: PORTRAIT.height, colouredEdge: true },
      ),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e(
    "E 35",
    "Tunnel",
    () =>
      information([{ kind: "rect", x: 97, y: 97, width: 448, height: 448, rx: 14, fill: white }, whole(e35Tunnel, ON_WHITE)], {
        width: PORTRAIT.width,
        height: PORTRAIT.height,
        colouredEdge: true,
      }),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e(
    "E 37",
    "Krybespor",
    () =>
      information([whole(laneArrows.crawler), text("50", 200, 440, 92, white, { weight: 0.17 })], {
        width: PORTRAIT.width,
        height: PORTRAIT.height,
        colouredEdge: true,
      }),
    { sizes: rectangleSizes(0.64, 0.83) },
  ),
  e("E 39", "Anbefalet hastighed", (v = "60") => ({ ...darkEdged([advisedSpeed(v)], 52), rim: { color: white, width: 20 } }), {
    speed: "60",
  }),
  e(
    "E 40",
    "Ophør af anbefalet hastighed",
    (v = "60") => ({
      ...darkEdged(
        [
          advisedSpeed(v),
          { kind: "group", clipToFace: true, layers: [{ kind: "line", x1: 20, y1: 620, x2: 620, y2: 20, stroke: red, strokeWidth: 44 }] },
        ],
        52,
      ),
      rim: { color: white, width: 20 },
    }),
    { speed: "60" },
  ),
  e(
    "E 41",
    "Hastighedsangivelse for frakørsel",
    (v = "40") => ({
      shape: "square",
      width: 640,
      height: 640,
      cornerRadius: 30,
      border: { color: black, width: 13 },
      face: white,
      layers: [
        {
          kind: "path",
          d: "M111,588 V330 C111,250 200,140 320,96 L397,72 Q425,66 438,82 V150 L397,164 L347,192 C270,225 208,280 208,345 V588 Z",
          fill: red,
        },
        text(speedDigits(v), 420, 527, 172, black, { weight: 0.18, maxWidth: 330 }),
      ],
    }),
    { speed: "40" },
  ),
  e("E 42", "Motorvej", () => roadType(true, false), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 43", "Motortrafikvej", () => roadType(false, false), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 44", "Motorvej ophører", () => roadType(true, true), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 45", "Motortrafikvej ophører", () => roadType(false, true), { sizes: rectangleSizes(0.64, 0.94) }),
  e("E 47", "Cykelgade", () => areaSign("Cykelgade", [pict(e21Bicycle, boxAt(325, 405, 400, 263), ON_BLUE)], false, 70, 709), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 48",
    "Cykelgade ophører",
    () => areaSign("Cykelgade", [pict(e21Bicycle, boxAt(325, 405, 400, 263), { fg: white, bg: grey })], true, 70, 709),
    {
      sizes: rectangleSizes(0.64, 0.8),
    },
  ),
  e("E 49", "Gågade", () => areaSign("Gågade", [whole(e49Walkers)], false, 53), { sizes: rectangleSizes(0.64, 0.8) }),
  e(
    "E 50",
    "Gågade ophører",
    () => areaSign("Gågade", [pict(e49Walkers, { x: 0, y: 17, width: 640, height: 800 }, { fg: white, bg: grey })], true),
    {
      sizes: rectangleSizes(0.64, 0.8),
    },
  ),
  e("E 51", "Opholds- og legeområde", () => areaSign("", playArea(ON_BLUE), false), { sizes: rectangleSizes(0.64, 0.8) }),
  e("E 52", "Opholds- og legeområde ophører", () => areaSign("", playArea({ fg: white, bg: grey }), true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 53",
    "Område med hastighedsdæmpning",
    (v = "30") =>
      zonePlate([bluePanel(67, 63, 512, 492), widened(text(speedDigits(v), 320, 426, 234, white, { weight: 0.16, maxWidth: 330 }), 1.35)]),
    { speed: "30", sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 55", "Byzone", (v = "Bynavn") => townSign(v, false), { prompt: "Bynavn", sizes: rectangleSizes(1.28, 0.64) }),
  e("E 56", "Byzone ophører", (v = "Bynavn") => townSign(v, true), { prompt: "Bynavn", sizes: rectangleSizes(1.28, 0.64) }),
  e("E 68", "Zone med parkeringsforbud", () => zonePlate([discOnPlate(noParking(false), 320, 319, 495)]), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e("E 68.2", "Zone med standsningsforbud", () => zonePlate([discOnPlate(noParking(true), 320, 319, 495)]), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 68.3",
    "Parkeringszone",
    () =>
      zonePlate(
        [bluePanel(77, 68, 486, 482), pict(parkingP, { x: 194, y: 112, width: 275, height: 391 }, ON_BLUE)],
        "Zone",
        false,
        ZONE.height,
        { baseline: 706 },
      ),
    {
      sizes: rectangleSizes(0.64, 0.8),
    },
  ),
  e(
    "E 68.4",
    "Zone med lokal hastighedsbegrænsning",
    (v = "40") => zonePlate([discOnPlate(prohibition([speedText(v, black)]), 320, 325, 536)]),
    { speed: "40", sizes: rectangleSizes(0.64, 0.8) },
  ),
  e(
    "E 68.5",
    "Zone hvor lastbil er forbudt",
    () =>
      zonePlate([
        discOnPlate(prohibition([pict(e22Lorry, { x: 46, y: 61.5, width: 545, height: 545 }, ON_WHITE)], { slash: true }), 320, 319, 495),
      ]),
    { sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 68.9", "Miljøzone", () => environmentalZone(false), { sizes: rectangleSizes(0.64, 1.08) }),
  e("E 69", "Zone med parkeringsforbud ophører", () => zonePlate([discOnPlate(fadedNoParking(false), 320, 308, 508)], "Zone", true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  // The end of E 68.2, drawn as E 69 ends E 68: the same plate with the disc faded, here with both bars.
  e("E 69.2", "Zone med standsningsforbud ophører", () => zonePlate([discOnPlate(fadedNoParking(true), 320, 308, 508)], "Zone", true), {
    sizes: rectangleSizes(0.64, 0.8),
  }),
  e(
    "E 69.3",
    "Parkeringszone ophører",
    () =>
      zonePlate(
        [bluePanel(73, 63, 500, 500, grey), pict(parkingP, { x: 205, y: 119, width: 275, height: 391 }, { fg: white, bg: grey })],
        "Zone",
        true,
      ),
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
      zonePlate(
        [
          discOnPlate(
            prohibition([pict(e22Lorry, { x: 46, y: 61.5, width: 545, height: 545 }, FADED)], { slash: true, border: grey }),
            320,
            331,
            504,
          ),
        ],
        "Zone",
        true,
        ZONE.height,
        { baseline: 741 },
      ),
    { sizes: rectangleSizes(0.64, 0.8) },
  ),
  e("E 69.9", "Miljøzone ophører", () => environmentalZone(true), { sizes: rectangleSizes(0.64, 1.08) }),
  e("E 70", "Parkeringsinformation", () => ({
    ...information(
      [
        pict(parkingP, { x: 167, y: 76, width: 330, height: 476 }, ON_BLUE),
        text("info", 442, 548, 78, white, { render: "font", maxWidth: 195 }),
      ],
      { colouredEdge: true, radius: 46 },
    ),
    outline: { color: blue, width: 5 },
    rim: { color: white, width: 22 },
  })),
  e("E 90", "Automatisk trafikkontrol", () => ({
    ...darkEdged([pict(e90Camera, { x: 0, y: 0, width: 640, height: 640 }, ON_BLUE)], 20),
    rim: { color: white, width: 20 },
  })),
  e(
    "E 91",
    "Hastighedsvisning",
    () => ({
      shape: "plate",
      width: 640,
      height: 810,
      cornerRadius: 28,
      border: { color: grey, width: 14 },
      face: white,
      layers: [
        { kind: "circle", cx: 119, cy: 108, r: 55, fill: white, stroke: grey, strokeWidth: 7 },
        { kind: "circle", cx: 521, cy: 108, r: 55, fill: white, stroke: grey, strokeWidth: 7 },
        text("Din", 326, 283, 91, black, { render: "font", bold: true }),
        text("fart", 325, 448, 91, black, { render: "font", bold: true }),
        { kind: "rect", x: 130, y: 519, width: 273, height: 178, fill: black },
        text("44", 266, 658, 100, white, { weight: 0.16, spacing: 14 }),
        text("km/t", 498, 660, 42, black, { weight: 0.2, spacing: 6 }),
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
      // Two lines of the matrix display, set to fixed lengths so they fill the same width in any font.
      layers: [
        widened(text("Ulykke", 437, 129, 108, white, { render: "font", anchor: "start", maxWidth: 500 }), 1.05, 437),
        text("om 2 km", 437, 282, 108, white, { render: "font", anchor: "start", maxWidth: 585 }),
      ],
    }),
    { sizes: rectangleSizes(1.4, 0.3) },
  ),
  e("E 93", "Tv-overvågning", blueSquare(e93Camera, { x: 0, y: 0, width: 640, height: 640 }, {}, true)),
]);

/** E 30/E 31: yellow stop plate with a black edge and the vehicle. */
function stopPlate(vehicle: Pictogram): SignDrawing {
  return {
    shape: "plate",
    width: 640,
    height: 320,
    cornerRadius: 24,
    border: { color: black, width: 14 },
    face: yellow,
    layers: [whole(vehicle, { fg: black, bg: yellow })],
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

/** The faded parking (E 69) or stopping (E 69.2, `cross`) prohibition: grey ring and bars on white. */
function fadedNoParking(cross: boolean): SignDrawing {
  const bar = (x1: number, y1: number, x2: number, y2: number): SignLayer => ({
    kind: "group",
    clipToFace: true,
    layers: [{ kind: "line", x1, y1, x2, y2, stroke: grey, strokeWidth: 64 }],
  });
  return prohibition([bar(60, 60, 580, 580), ...(cross ? [bar(580, 60, 60, 580)] : [])], { border: grey });
}

/** E 51: house, pedestrian, child with ball and a car in a blue panel. */
function playArea(paint: { fg: Paint; bg: Paint }): SignLayer[] {
  return [
    pict(carRear, boxAt(278, 165, 140, 100), paint),
    pict(house, boxAt(468, 176, 141, 156), paint),
    pict(e21Pedestrian, { x: -20, y: 182, width: 345, height: 345 }, paint, { flipX: true }),
    whole(e51People, paint),
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
