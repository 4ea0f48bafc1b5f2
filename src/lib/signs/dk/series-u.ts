/**
 * Danish signs of category "U": undertavler, the supplementary plates hung below a main sign (BEK nr. 425 af
 * 13/04/2023 om vejafmærkning § 9). Plates to warning, priority and prohibition signs are white with a red
 * border (odd sub-numbers: U 1.1, U 2.1 …); plates to mandatory and information signs are blue with a white
 * border (even sub-numbers: U 1.2, U 2.2 …).
 *
 * - U 1 afstand and U 2 strækning are parametric: any distance or stretch ("200 m", "0-300 m", "1,5 km").
 * - U 3 tidsangivelse: a duration ("1 time"), weekdays ("Man-fre") or times of day written the Danish way,
 *   "8-17 (8-14) 9-12": plain for weekdays, in brackets for Saturdays, a further plain time for Sundays and
 *   public holidays (red on white plates, as the order prescribes).
 * - U 4 færdselsart and U 5 undtagelse carry one of the vehicle symbols US 1–US 13; the default entry shows
 *   the most used symbol and each other symbol is an entry of its own (id `U4.1-bus` …), so every plate can
 *   be found by searching and hung below a sign as a variant.
 * - U 6 (the sign applies to an adjoining road) shows an arrow; U 7 exempts cyclists turning right at signals.
 * - US 1 – US 13 are also entries of their own: the symbol alone, for plates composed by hand.
 * - U 3.3 – U 3.6 follow the order's numbering (U 3.1–3.3 white: duration, weekday, times; U 3.4–3.6 blue);
 *   the older entries U3.1-…/U3.2-… keep their ids and codes for saved plans.
 *
 * Plates are as wide as the ≤ 50 km/h round sign (640 mm) and grow with it (rectangleSizes). Their lettering
 * is drawn as paths (lettering.ts), so a typed value renders the same everywhere.
 */
import { PALETTE } from "../render/palette";
import { arrowLeftOrRight, arrowRight } from "../render/pictograms/arrows";
import { lightning, snowflake } from "../render/pictograms/hazards";
import { bentArrowRight, doubleArrow, longArrowRight } from "../render/pictograms/plate-arrows";
import { chargingPlug } from "../render/pictograms/services";
import { letterP } from "../render/pictograms/road";
import { telephone } from "../render/pictograms/services";
import {
  usBicycle,
  usBus,
  usCar,
  usCaravan,
  usLorry,
  usMoped,
  usMotorcycle,
  usMotorhome,
  usRoadTrain,
  usTractor,
  usTrailer,
  usTram,
  usWheelchair,
} from "../render/pictograms/us-symbols";
import {
  barbedArrowBoth,
  barbedArrowUp,
  broadArrowUp,
  carFront,
  plateCyclist,
  fireExtinguisher,
  townSilhouette,
} from "../render/pictograms/u-plates";
import type { Pictogram, SignDrawing, SignLayer } from "../render/types";
import type { SignParameter } from "../types";
import { defineSeries, sign, type SignDefinition } from "./define";
import { embeddedSign } from "./embed";
import { hasLettering, lettering, letteringWidth } from "./lettering";
import { rectangleSizes } from "./sizes";
import { SERIES_C } from "./series-c";
import { ON_BLUE, ON_WHITE, pict } from "./templates";
import { speedDigits, withUnit } from "./values";

const { red, blue, white, black } = PALETTE;

/** White plate (to A, B, C signs) or blue plate (to D, E signs). */
export type PlateColour = "white" | "blue";

/** Plate width at the ≤ 50 km/h size: the diameter of the round signs it hangs under. */
export const U_WIDTH = 640;
const RED_BORDER = 22.4;
/** Letter spacing of plate lettering (glyph units): Danish plates are set with open spacing. */
const PLATE_TRACKING = 24;
const BLUE_RIM = 6.4;
const WHITE_LINE = 19.8;
const RADIUS = 50;
/** The blue plates' corners are rounder than the white ones'. */
const BLUE_RADIUS = 58;
/** Some plates of the A–C series are drawn with a lighter border and tighter corners. */
const LIGHT_FRAME = { border: 18, radius: 36 };
/** Weight of plate lettering (share of the cap height): a little heavier than the shared glyphs. */
const PLATE_WEIGHT = 0.17;

/** The frame of a U plate, `height` mm tall (the width is always U_WIDTH unless given). */
export function uPlate(
  colour: PlateColour,
  height: number,
  layers: readonly SignLayer[],
  width = U_WIDTH,
  frame: { border?: number; radius?: number } = {},
): SignDrawing {
  // The narrow, tall plates (UC 60–62, UE 33) are drawn with a heavier border and rounder corners.
  const narrow = width < U_WIDTH;
  if (colour === "white") {
    const border = frame.border ?? (narrow ? 32 : RED_BORDER);
    return {
      shape: "plate",
      width,
      height,
      cornerRadius: frame.radius ?? (narrow ? 64 : RADIUS),
      border: { color: red, width: border },
      face: white,
      layers,
    };
  }
  return {
    shape: "plate",
    width,
    height,
    cornerRadius: frame.radius ?? BLUE_RADIUS,
    rim: { color: blue, width: BLUE_RIM },
    border: { color: white, width: WHITE_LINE },
    face: blue,
    layers,
  };
}

const ink = (colour: PlateColour) => (colour === "white" ? black : white);
const paintOf = (colour: PlateColour) => (colour === "white" ? ON_WHITE : ON_BLUE);
/** The space inside the border available to text, with a margin. */
const innerWidth = (width = U_WIDTH) => width * 0.84;

/**
 * One line of text centred on the plate at baseline `y`: `cap` mm high, smaller (to 75 %) and then squeezed
 * when a long value does not fit.
 */
export function plateLine(
  value: string,
  y: number,
  cap: number,
  color: string,
  width = U_WIDTH,
  tracking = PLATE_TRACKING,
  room = innerWidth(width),
): SignLayer {
  let size = cap;
  const natural = hasLettering(value) ? letteringWidth(value, cap, PLATE_WEIGHT, tracking) : value.length * cap * 0.62;
  if (natural > room) size = Math.max(cap * 0.7, (cap * room) / natural);
  // A smaller line keeps its vertical centre.
  return lettering(value, width / 2, y - (cap - size) / 2, size, color, { maxWidth: room, tracking, weight: PLATE_WEIGHT });
}

// ── U 1, U 2, U 3: text plates ───────────────────────────────────────────────────────────────────
const TEXT_HEIGHT = 290;
/** A third of the plate's height, as the official plates letter a short value. */
const TEXT_CAP = 97;

function textPlate(colour: PlateColour, value: string): SignDrawing {
  return uPlate(colour, TEXT_HEIGHT, [plateLine(value, TEXT_HEIGHT / 2 + TEXT_CAP / 2, TEXT_CAP, ink(colour))]);
}

/**
 * The lines of a U 3 time plate: "8-17 (8-14) 9-12" → weekdays, Saturdays (in brackets), Sundays and public
 * holidays. A plain time after the first one is the Sunday time and is red (on white plates).
 */
export function timeLines(value: string): { text: string; sunday: boolean }[] {
  const tokens = value.trim().split(/\s+/).filter(Boolean);
  let plain = 0;
  return tokens.slice(0, 3).map((text) => {
    const bracketed = /^\(.*\)$/.test(text);
    if (!bracketed) plain++;
    return { text, sunday: !bracketed && plain > 1 };
  });
}

const TIME_HEIGHT = 510;

function timePlate(colour: PlateColour, value: string): SignDrawing {
  const lines = timeLines(value);
  const cap = 88;
  const pitch = 140;
  const first = TIME_HEIGHT / 2 - ((lines.length - 1) * pitch) / 2 + cap / 2;
  return uPlate(
    colour,
    TIME_HEIGHT,
    lines.map((line, i) => plateLine(line.text, first + i * pitch, cap, line.sunday ? red : ink(colour))),
  );
}

// ── U 4, U 5, U 7: symbol plates ─────────────────────────────────────────────────────────────────
interface VehicleSymbol {
  /** US number. */
  us: number;
  /** Id suffix. */
  key: string;
  /** Danish name as in the order's list of symbols. */
  name: string;
  pictogram: Pictogram;
  flipX?: boolean;
  /** Relative size inside the symbol box (long vehicles fill it, small ones less). */
  scale?: number;
}

/** The symbols of undertavler (BEK om vejafmærkning § 9, stk. 4: "De hyppigst forekommende symboler"). */
export const US_SYMBOLS: readonly VehicleSymbol[] = [
  { us: 2, key: "lastbil", name: "lastbil", pictogram: usLorry },
  { us: 1, key: "bil", name: "bil til og med 3.500 kg", pictogram: usCar, scale: 0.95 },
  { us: 3, key: "bus", name: "bus", pictogram: usBus },
  { us: 4, key: "lastbilvogntog", name: "lastbilvogntog", pictogram: usRoadTrain },
  { us: 5, key: "paahaengskoeretoej", name: "påhængskøretøj", pictogram: usTrailer, scale: 0.9 },
  { us: 6, key: "campingvogn", name: "campingvogn", pictogram: usCaravan, scale: 0.85 },
  { us: 7, key: "autocamper", name: "autocamper", pictogram: usMotorhome },
  { us: 8, key: "cykel", name: "cykel og lille knallert", pictogram: usBicycle },
  { us: 9, key: "lille-knallert", name: "lille knallert", pictogram: usMoped, scale: 0.9 },
  { us: 10, key: "motorcykel", name: "motorcykel og stor knallert", pictogram: usMotorcycle, scale: 0.9 },
  { us: 11, key: "traktor", name: "traktor og motorredskab", pictogram: usTractor, scale: 0.9 },
  { us: 12, key: "invalid", name: "bevægelseshandicappet (invalid)", pictogram: usWheelchair },
  { us: 13, key: "letbane", name: "letbanekøretøj", pictogram: usTram },
];

const SYMBOL_HEIGHT = 640;

/** U 4: the symbol alone on a square plate. */
function vehiclePlate(colour: PlateColour, symbol: VehicleSymbol): SignDrawing {
  const k = symbol.scale ?? 1;
  const box = { x: U_WIDTH / 2 - 234 * k, y: SYMBOL_HEIGHT / 2 + 2 - 160 * k, width: 468 * k, height: 320 * k };
  return uPlate(colour, SYMBOL_HEIGHT, [pict(symbol.pictogram, box, paintOf(colour), symbol.flipX ? { flipX: true } : {})]);
}

const EXEMPT_HEIGHT = 510;

/** U 5: the symbol over the word "undtaget". */
function exemptionPlate(colour: PlateColour, symbol: VehicleSymbol): SignDrawing {
  // The blue plate's white band takes room: its symbol and word are a little smaller and higher.
  const blue = colour === "blue";
  const k = (symbol.scale ?? 1) * (blue ? 0.94 : 1);
  const top = blue ? 66 : 61;
  const box = { x: U_WIDTH / 2 - 201 * k, y: top + 130 * (1 - k), width: 402 * k, height: 260 * k };
  return uPlate(colour, EXEMPT_HEIGHT, [
    pict(symbol.pictogram, box, paintOf(colour), symbol.flipX ? { flipX: true } : {}),
    blue ? undtaget(422, 74, white, 24) : undtaget(458, 100, black, 6),
  ]);
}

/** The word "undtaget" of U 5 and U 7: bold, set a little open, 500 mm wide. */
function undtaget(baseline: number, cap: number, color: string, tracking = 14): SignLayer {
  return lettering("undtaget", U_WIDTH / 2, baseline, cap, color, { weight: 0.18, tracking, maxWidth: 510 });
}

/** U 5 with a typed exemption ("Undtaget kørsel til ejendomme"), on one or two lines. */
function exemptionTextPlate(colour: PlateColour, value: string): SignDrawing {
  const words = value.trim().split(/\s+/);
  const cap = 76;
  // Sentences are set tighter than the short values of U 1–U 3.
  const tracking = 10;
  // One line while it fits at 85 % of the letter size; longer texts go onto two lines.
  const oneLine = letteringWidth(value, cap, PLATE_WEIGHT, tracking) * 0.85 <= innerWidth();
  if (oneLine || words.length < 2)
    return uPlate(colour, TEXT_HEIGHT, [plateLine(value, TEXT_HEIGHT / 2 + cap / 2, cap, ink(colour), U_WIDTH, tracking)]);
  // Break where the two lines come out most even.
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const width = (part: string[]) => letteringWidth(part.join(" "), cap, PLATE_WEIGHT, tracking);
    const diff = Math.abs(width(words.slice(0, i)) - width(words.slice(i)));
    if (diff < bestDiff) [best, bestDiff] = [i, diff];
  }
  const height = 420;
  return uPlate(colour, height, [
    plateLine(words.slice(0, best).join(" "), height / 2 - 22, cap, ink(colour), U_WIDTH, tracking),
    plateLine(words.slice(best).join(" "), height / 2 + 22 + cap, cap, ink(colour), U_WIDTH, tracking),
  ]);
}

/** U 7: bicycle, a right-turn arrow and "undtaget" (cyclists turning right may pass the signal). */
function cyclistsRightPlate(): SignDrawing {
  const height = 690;
  return uPlate("white", height, [
    pict(usBicycle, { x: 103, y: 62, width: 435, height: 283 }, ON_WHITE, { flipX: true }),
    {
      kind: "path",
      d: "M207,538 V430 Q207,393 244,393 H400",
      fill: "none",
      stroke: black,
      strokeWidth: 24,
      lineCap: "butt",
      lineJoin: "round",
    },
    {
      kind: "polygon",
      points: [
        [455, 393],
        [392, 358],
        [392, 428],
      ],
      fill: black,
    },
    undtaget(624, 78, black, 28),
  ]);
}

// ── U 6: arrows to an adjoining road ─────────────────────────────────────────────────────────────
function arrowPlate(colour: PlateColour, kind: "side" | "turn" | "both" | "leftRight"): SignDrawing {
  const paint = paintOf(colour);
  const c = U_WIDTH / 2;
  let layer: SignLayer;
  if (kind === "side") layer = pict(arrowRight, { x: c - 250, y: 220, width: 500, height: 200 }, paint);
  else if (kind === "turn") layer = pict(bentArrowRight, { x: 121, y: 111, width: 440, height: 429 }, paint);
  else if (kind === "leftRight") layer = pict(arrowLeftOrRight, { x: c - 240, y: 130, width: 480, height: 380 }, paint);
  else layer = pict(doubleArrow, { x: c - 250, y: 220, width: 500, height: 200 }, paint);
  return uPlate(colour, SYMBOL_HEIGHT, [layer]);
}

// ── Plates of the A, B, C, D and E series (UA … UE) ─────────────────────────────────────────────
/** A one-line text plate of the A series ("Skole", "Smal vej"): U 1's proportions, tighter spacing. */
function wordPlate(value: string, tracking = 12): SignDrawing {
  const height = 282;
  return uPlate("white", height, [plateLine(value, height / 2 + 48, 96, black, U_WIDTH, tracking)]);
}

/** UA 31: the snowflake. */
function icyPlate(): SignDrawing {
  const height = 274;
  return uPlate(
    "white",
    height,
    [pict(snowflake, { x: U_WIDTH / 2 - 100, y: 37, width: 200, height: 200 }, ON_WHITE)],
    U_WIDTH,
    LIGHT_FRAME,
  );
}

/** UA 41: the recommended speed, large, on a square plate. */
function speedPlate(value: string): SignDrawing {
  const cap = 276;
  const digits = speedDigits(value);
  const natural = hasLettering(digits) ? letteringWidth(digits, cap, 0.18, 4) : 0;
  const k = natural > 0 ? Math.min(1.06, 470 / natural) : 1;
  const line = lettering(digits, U_WIDTH / 2, 454, cap, black, { weight: 0.18, tracking: 4, maxWidth: 470 });
  return uPlate("white", U_WIDTH, [k > 1 ? widened(line, Math.round(k * 1000) / 1000) : line]);
}

/** UA 43: the free width between two black wedges pointing in from the plate's ends. */
function widthPlate(value: string): SignDrawing {
  const height = 282;
  const border = RED_BORDER;
  return uPlate("white", height, [
    {
      kind: "polygon",
      points: [
        [border, 48],
        [border + 90, height / 2],
        [border, height - 48],
      ],
      fill: black,
    },
    {
      kind: "polygon",
      points: [
        [U_WIDTH - border, 48],
        [U_WIDTH - border - 90, height / 2],
        [U_WIDTH - border, height - 48],
      ],
      fill: black,
    },
    plateLine(withUnit(value, "m"), 197, 130, black, U_WIDTH, 4, U_WIDTH * 0.62),
  ]);
}

/** UA 72: "Se efter tog" over two arrows pointing at each other. */
function lookForTrainsPlate(): SignDrawing {
  const height = 282;
  return uPlate("white", height, [
    plateLine("Se efter tog", 130, 70, black, U_WIDTH, 6),
    pict(longArrowRight, { x: 60, y: 165, width: 250, height: 70 }, ON_WHITE),
    pict(longArrowRight, { x: 330, y: 165, width: 250, height: 70 }, ON_WHITE, { flipX: true }),
  ]);
}

/** UA 73: lightning and the free height between wedges above and below. */
function electrifiedPlate(value: string): SignDrawing {
  const height = 400;
  return uPlate(
    "white",
    height,
    [
      {
        kind: "polygon",
        points: [
          [240, 16],
          [404, 16],
          [322, 100],
        ],
        fill: black,
      },
      {
        kind: "polygon",
        points: [
          [240, 384],
          [404, 384],
          [322, 300],
        ],
        fill: black,
      },
      pict(lightning, { x: 52, y: 44, width: 120, height: 304 }, ON_WHITE),
      lettering(withUnit(value, "m"), 384, 260, 112, black, { weight: 0.19, tracking: 4, maxWidth: 360 }),
    ],
    U_WIDTH,
    { border: 16, radius: 32 },
  );
}

/** UA 99: two cars in a collision, one seen from the front, tilted, the other from the side riding up on it. */
function crashPlate(): SignDrawing {
  const height = 430;
  return uPlate("white", height, [
    pict(usCar, { x: 215, y: 108, width: 360, height: 170 }, ON_WHITE, { rotate: 27 }),
    pict(carFront, { x: 45, y: 120, width: 300, height: 240 }, ON_WHITE, { rotate: -18 }),
  ]);
}

/** UB 11.1: STOP and the distance to the stop line. */
const UB_FRAME = { border: 14.5, radius: 28 };

function stopAheadPlate(value: string): SignDrawing {
  const height = 548;
  return uPlate(
    "white",
    height,
    [
      // The official STOP is set in broad letters: the plate's glyphs, widened.
      widened(lettering("STOP", U_WIDTH / 2, 252, 164, black, { weight: 0.2, tracking: 6 }), 1.3),
      widened(plateLine(value, 438, 110, black, U_WIDTH, 8, 440), 1.12),
    ],
    U_WIDTH,
    LIGHT_FRAME,
  );
}

/** A layer stretched horizontally by `factor` about the plate's centre line. */
function widened(layer: SignLayer, factor: number, cx = U_WIDTH / 2): SignLayer {
  return { kind: "group", layers: [layer], transform: `translate(${cx} 0) scale(${factor} 1) translate(${-cx} 0)` };
}

/** A horizontal arrow from `from` to its tip at `to` (either direction), centred on `y`. */
function plateArrow(from: number, to: number, y: number, shaft = 29, head = 53, half = 43): SignLayer[] {
  const dir = Math.sign(to - from);
  const headBase = to - dir * head;
  return [
    { kind: "rect", x: Math.min(from, headBase), y: y - shaft / 2, width: Math.abs(headBase - from), height: shaft, fill: black },
    {
      kind: "polygon",
      points: [
        [to, y],
        [headBase - dir * 6, y - half],
        [headBase - dir * 6, y + half],
      ],
      fill: black,
    },
  ];
}

/** UB 11.2 / UB 11.3: the crossing traffic over arrows pointing at each other. */
function bothWaysPlate(symbols: SignLayer[]): SignDrawing {
  const height = 480;
  // The UB 11 plates have a lighter border and tighter corners than the general plates.
  return uPlate(
    "white",
    height,
    [...symbols, ...plateArrow(38, 302, 406, 29, 58, 38), ...plateArrow(600, 336, 406, 29, 58, 38)],
    U_WIDTH,
    UB_FRAME,
  );
}

/** UC 60.1–3 and UE 33.1–3: a tall plate with an arrow along the road (both ways, forwards, back). */
function extentPlate(colour: PlateColour, direction: "both" | "up" | "down"): SignDrawing {
  const width = 427;
  const height = 640;
  const box =
    colour === "white"
      ? { x: width / 2 - 67, y: direction === "both" ? 109 : direction === "up" ? 105 : 113, width: 134, height: 422 }
      : direction === "both"
        ? { x: width / 2 - 72, y: 96, width: 143, height: 448 }
        : { x: width / 2 - 72, y: direction === "up" ? 106 : 86, width: 143, height: 448 };
  const arrow = direction === "both" ? barbedArrowBoth : barbedArrowUp;
  return uPlate(colour, height, [pict(arrow, box, paintOf(colour), direction === "down" ? { flipY: true } : {})], width);
}

const C_SIGNS = new Map(SERIES_C.map((d) => [d.meta.id, d]));

/** UC 61 / UC 62: the stopping or parking ban, small, on a tall white plate. */
function banPlate(id: "C61" | "C62"): SignDrawing {
  const width = 427;
  const height = 640;
  const inner = C_SIGNS.get(id)?.draw();
  if (!inner) return uPlate("white", height, [], width);
  const size = 314;
  return uPlate(
    "white",
    height,
    [pict(embeddedSign(inner, `plate-${id}`), { x: (width - size) / 2, y: (height - size) / 2, width: size, height: size }, ON_WHITE)],
    width,
  );
}

/** UE 33.4: parking for electric vehicles while charging. */
function chargingPlate(): SignDrawing {
  const height = 320;
  return uPlate("blue", height, [pict(chargingPlug, { x: 80, y: 105, width: 480, height: 120 }, ON_BLUE)]);
}

/** UC 33: limited parking, the blue P square beside the permitted time ("1 time"). */
function limitedParkingPlate(value: string): SignDrawing {
  const height = 282;
  return uPlate("white", height, [
    { kind: "rect", x: 65, y: 56, width: 172, height: 172, rx: 8, fill: blue },
    pict(letterP, { x: 100, y: 76, width: 106, height: 138 }, ON_BLUE),
    lettering(value, 432, 172, 66, black, { maxWidth: 290, tracking: 22, weight: PLATE_WEIGHT }),
  ]);
}

/** UC 56: the town silhouette (the speed limit of built-up areas). */
function builtUpPlate(): SignDrawing {
  const height = 284;
  return uPlate("white", height, [pict(townSilhouette, { x: 37, y: 48, width: 566, height: 188 }, ON_WHITE)], U_WIDTH, LIGHT_FRAME);
}

/** UC 57: the general speed limit, black on a white disc on a red plate. */
function generalSpeedPlate(value: string): SignDrawing {
  const width = 480;
  const height = 320;
  return {
    shape: "plate",
    width,
    height,
    cornerRadius: 36,
    outline: { color: red, width: 4 },
    rim: { color: white, width: 12 },
    border: { color: red, width: 1 },
    face: red,
    layers: [
      { kind: "circle", cx: width / 2, cy: height / 2, r: 118, fill: white },
      lettering(speedDigits(value), width / 2, height / 2 + 60, 120, black, { weight: 0.17, tracking: 4, maxWidth: 190 }),
    ],
  };
}

/** The edge of the carriageway under the UC 60.5–8 plates: a heavy kerb line from `x0` to `split`, then a thin one to `x1`, its bottom `step` mm higher. */
function kerbLines(x0: number, split: number, x1: number, bottom: number, step = 0, heavy = 23, thin = 10): SignLayer[] {
  return [
    { kind: "rect", x: x0, y: bottom - heavy, width: split - x0, height: heavy, fill: black },
    { kind: "rect", x: split, y: bottom - step - thin, width: x1 - split, height: thin, fill: black },
  ];
}

/** UC 60.5 / UC 60.6: stopping or parking banned on the shoulder: the ban sign beside the kerb line. */
function shoulderBanPlate(id: "C61" | "C62"): SignDrawing {
  const height = 320;
  const inner = C_SIGNS.get(id)?.draw();
  const size = 202;
  return uPlate("white", height, [
    ...(inner ? [pict(embeddedSign(inner, `shoulder-${id}`), { x: 381, y: 40, width: size, height: size }, ON_WHITE)] : []),
    ...kerbLines(61, 349, 582, 275, 0, 26, 13),
  ]);
}

/** UC 60.7 / UC 60.8: parking on the shoulder (partly on the pavement) allowed: car over P over the kerb line. */
function shoulderParkingPlate(onPavement: boolean): SignDrawing {
  const height = 390;
  const dy = onPavement ? 8 : 0;
  return uPlate(
    "white",
    height,
    [
      pict(usCar, { x: 292 + dy, y: 43 + dy, width: 188, height: 89 }, ON_WHITE),
      { kind: "rect", x: 320 + dy, y: 156 + dy, width: 132, height: 133, rx: 8, fill: blue },
      pict(letterP, { x: 350 + dy, y: 172 + dy, width: 74, height: 102 }, ON_BLUE),
      ...(onPavement ? kerbLines(62, 394, 597, 355, 23) : kerbLines(70, 355, 585, 339)),
    ],
    U_WIDTH,
    onPavement ? { border: 17.5, radius: 40 } : {},
  );
}

/** UD 1: a long arrow to the left. */
function directionPlate(): SignDrawing {
  const height = 281;
  return uPlate("blue", height, [pict(longArrowRight, { x: 80, y: 86, width: 480, height: 110 }, ON_BLUE, { flipX: true })]);
}

/** UD 21.1 / UD 21.2: a cycle track in both directions (a down and an up arrow); its end with a red bar. */
function twoWayTrackPlate(end: boolean): SignDrawing {
  const height = 281;
  const layers: SignLayer[] = [
    pict(broadArrowUp, { x: 146, y: 56, width: 157, height: 172 }, ON_BLUE, { flipY: true }),
    pict(broadArrowUp, { x: 337, y: 53, width: 157, height: 172 }, ON_BLUE),
  ];
  if (end)
    layers.push({
      kind: "group",
      clipToFace: true,
      layers: [{ kind: "line", x1: 0, y1: height - 20, x2: U_WIDTH, y2: 20, stroke: red, strokeWidth: 34, lineCap: "butt" }],
    });
  return uPlate("blue", height, layers);
}

/** UE 34: emergency lay-by equipment, a fire extinguisher and an emergency telephone. */
function emergencyPlate(): SignDrawing {
  const height = 320;
  return uPlate("blue", height, [
    pict(fireExtinguisher, { x: 106, y: 45, width: 156, height: 214 }, ON_BLUE),
    pict(telephone, { x: 346, y: 48, width: 198, height: 198 }, ON_BLUE, { flipX: true }),
  ]);
}

/** US 1 – US 13: the symbol alone (black on white, no plate), as it is used on U 4 and U 5. */
function symbolDrawing(symbol: VehicleSymbol): SignDrawing {
  const height = 300;
  const width = Math.round((height * symbol.pictogram.width) / symbol.pictogram.height);
  return {
    shape: "rectangle",
    width,
    height,
    face: white,
    layers: [pict(symbol.pictogram, { x: 0, y: 0, width, height }, ON_WHITE, symbol.flipX ? { flipX: true } : {})],
  };
}

function symbolEntries(): SignDefinition[] {
  return [...US_SYMBOLS]
    .sort((a, b) => a.us - b.us)
    .map((symbol) => {
      const d = symbolDrawing(symbol);
      return sign(`US ${symbol.us}`, `Symbol: ${symbol.name}`, "U", { sizes: rectangleSizes(d.width / 1000, d.height / 1000) }, () => d);
    });
}

function seriesPlates(): SignDefinition[] {
  const text = (defaultValue: string): SignParameter => ({ kind: "text", defaultValue });
  const word = rectangleSizes(0.64, 0.282);
  const tall = rectangleSizes(0.427, 0.64);
  return [
    sign("UA 22", "Skole", "U", { sizes: word, parameter: text("Skole") }, (v) => wordPlate(v ?? "", 34)),
    sign("UA 31", "Isglat", "U", { sizes: rectangleSizes(0.64, 0.274) }, () => icyPlate()),
    sign("UA 41", "Anbefalet hastighed", "U", { sizes: SQUARE_SIZES, parameter: { kind: "speed", defaultValue: "40" } }, (v) =>
      speedPlate(v ?? ""),
    ),
    sign("UA 43", "Fri bredde", "U", { sizes: word, parameter: { kind: "width", defaultValue: "3,5 m" } }, (v) => widthPlate(v ?? "")),
    sign("UA 43.1", "Smal vej", "U", { sizes: word }, () => wordPlate("Smal vej")),
    sign("UA 72", "Se efter tog", "U", { sizes: word }, () => lookForTrainsPlate()),
    sign(
      "UA 73",
      "Elektrificeret jernbane, fri højde",
      "U",
      { sizes: rectangleSizes(0.64, 0.4), parameter: { kind: "height", defaultValue: "4,5 m" } },
      (v) => electrifiedPlate(v ?? ""),
    ),
    sign("UA 99", "Uheldskryds", "U", { sizes: rectangleSizes(0.64, 0.43) }, () => crashPlate()),
    sign(
      "UB 11.1",
      "Stop forude",
      "U",
      { sizes: rectangleSizes(0.64, 0.548), parameter: { kind: "distance", defaultValue: "200 m" } },
      (v) => stopAheadPlate(v ?? ""),
    ),
    sign("UB 11.2", "Cyklister i begge retninger", "U", { sizes: rectangleSizes(0.64, 0.48) }, () =>
      bothWaysPlate([
        pict(plateCyclist, { x: 34, y: 62, width: 269, height: 269 }, ON_WHITE),
        pict(plateCyclist, { x: 337, y: 62, width: 269, height: 269 }, ON_WHITE, { flipX: true }),
      ]),
    ),
    sign("UB 11.3", "Letbane i begge retninger", "U", { sizes: rectangleSizes(0.64, 0.48) }, () =>
      bothWaysPlate([pict(usTram, { x: 82, y: 72, width: 470, height: 261 }, ON_WHITE)]),
    ),
    sign("UC 60.1", "Forbuddet gælder før og efter tavlen", "U", { sizes: tall }, () => extentPlate("white", "both")),
    sign("UC 60.2", "Forbuddet gælder fra tavlen", "U", { sizes: tall }, () => extentPlate("white", "up")),
    sign("UC 60.3", "Forbuddet gælder til tavlen", "U", { sizes: tall }, () => extentPlate("white", "down")),
    sign("UC 61", "Standsning forbudt (undertavle)", "U", { sizes: tall }, () => banPlate("C61")),
    sign("UC 62", "Parkering forbudt (undertavle)", "U", { sizes: tall }, () => banPlate("C62")),
    sign("UE 33.1", "Parkering før og efter tavlen", "U", { sizes: tall }, () => extentPlate("blue", "both")),
    sign("UE 33.2", "Parkering fra tavlen", "U", { sizes: tall }, () => extentPlate("blue", "up")),
    sign("UE 33.3", "Parkering til tavlen", "U", { sizes: tall }, () => extentPlate("blue", "down")),
    sign("UE 33.4", "Parkering for elkøretøjer under opladning", "U", { sizes: rectangleSizes(0.64, 0.32) }, () => chargingPlate()),
    sign("UC 33", "Tidsbegrænset parkering", "U", { sizes: word, parameter: text("1 time") }, (v) => limitedParkingPlate(v ?? "")),
    sign("UC 56", "Tættere bebygget område", "U", { sizes: rectangleSizes(0.64, 0.284) }, () => builtUpPlate()),
    sign(
      "UC 57",
      "Generel hastighedsgrænse",
      "U",
      { sizes: rectangleSizes(0.48, 0.32), parameter: { kind: "speed", defaultValue: "80" } },
      (v) => generalSpeedPlate(v ?? ""),
    ),
    sign("UC 60.5", "Standsning forbudt i rabat", "U", { sizes: rectangleSizes(0.64, 0.32) }, () => shoulderBanPlate("C61")),
    sign("UC 60.6", "Parkering forbudt i rabat", "U", { sizes: rectangleSizes(0.64, 0.32) }, () => shoulderBanPlate("C62")),
    sign("UC 60.7", "Parkering i rabat tilladt", "U", { sizes: rectangleSizes(0.64, 0.39) }, () => shoulderParkingPlate(false)),
    sign("UC 60.8", "Parkering delvis på fortov tilladt", "U", { sizes: rectangleSizes(0.64, 0.39) }, () => shoulderParkingPlate(true)),
    sign("UD 1", "Påbudt kørselsretning", "U", { sizes: rectangleSizes(0.64, 0.281) }, () => directionPlate()),
    sign("UD 21.1", "Dobbeltrettet cykelsti", "U", { sizes: rectangleSizes(0.64, 0.281) }, () => twoWayTrackPlate(false)),
    sign("UD 21.2", "Ophør af dobbeltrettet cykelsti", "U", { sizes: rectangleSizes(0.64, 0.281) }, () => twoWayTrackPlate(true)),
    sign("UE 34", "Brandslukker og nødtelefon", "U", { sizes: rectangleSizes(0.64, 0.32) }, () => emergencyPlate()),
  ];
}

// ── The series ───────────────────────────────────────────────────────────────────────────────────
const TEXT_SIZES = rectangleSizes(0.64, 0.29);
/** U 5 with a text: the default text ("Undtaget ærindekørsel") takes two lines, 420 mm. */
const EXEMPT_TEXT_SIZES = rectangleSizes(0.64, 0.42);
const TIME_SIZES = rectangleSizes(0.64, 0.51);
const SQUARE_SIZES = rectangleSizes(0.64, 0.64);
const EXEMPT_SIZES = rectangleSizes(0.64, 0.51);

const colourName = (colour: PlateColour) => (colour === "white" ? "hvid" : "blå");
const sub = (n: number, colour: PlateColour) => `${n}.${colour === "white" ? 1 : 2}`;

function textSigns(colour: PlateColour): SignDefinition[] {
  const suffix = colour === "white" ? "" : " (blå)";
  const distance: SignParameter = { kind: "distance", defaultValue: "200 m" };
  const stretch: SignParameter = { kind: "length", defaultValue: "200-800 m" };
  return [
    sign(`U ${sub(1, colour)}`, `Afstand${suffix}`, "U", { sizes: TEXT_SIZES, parameter: distance }, (v) => textPlate(colour, v ?? "")),
    sign(`U ${sub(2, colour)}`, `Strækning${suffix}`, "U", { sizes: TEXT_SIZES, parameter: stretch }, (v) => textPlate(colour, v ?? "")),
  ];
}

/** U 3.1 – U 3.6 as the order numbers them: U 3.1 – U 3.3 white (duration, weekdays, times of day), U 3.4 – U 3.6 blue. */
function timeSigns(colour: PlateColour): SignDefinition[] {
  const suffix = colour === "white" ? "" : " (blå)";
  const first = colour === "white" ? 1 : 4;
  const time = (defaultValue: string): SignParameter => ({ kind: "text", defaultValue });
  return [
    sign(`U 3.${first}`, `Tidsangivelse, varighed${suffix}`, "U", { sizes: TEXT_SIZES, parameter: time("1 time") }, (v) =>
      textPlate(colour, v ?? ""),
    ),
    sign(`U 3.${first + 1}`, `Tidsangivelse, ugedage${suffix}`, "U", { sizes: TEXT_SIZES, parameter: time("Man-fre") }, (v) =>
      textPlate(colour, v ?? ""),
    ),
    sign(`U 3.${first + 2}`, `Tidsangivelse, klokkeslæt${suffix}`, "U", { sizes: TIME_SIZES, parameter: time("8-17 (8-14) 9-12") }, (v) =>
      timePlate(colour, v ?? ""),
    ),
  ];
}

function symbolSigns(colour: PlateColour): SignDefinition[] {
  const suffix = colour === "white" ? "" : ` (${colourName(colour)})`;
  const u4 = `U ${sub(4, colour)}`;
  const u5 = `U ${sub(5, colour)}`;
  const defs: SignDefinition[] = [];
  US_SYMBOLS.forEach((symbol, i) => {
    const id4 = i === 0 ? undefined : `${u4.replace(" ", "")}-${symbol.key}`;
    defs.push(
      sign(u4, `Færdselsart: ${symbol.name}${suffix}`, "U", { sizes: SQUARE_SIZES, ...(id4 ? { id: id4 } : {}) }, () =>
        vehiclePlate(colour, symbol),
      ),
    );
  });
  // U 5: the cyclist is the usual exemption, so it is the entry without suffix.
  const exemptOrder = [...US_SYMBOLS].sort((a, b) => (a.key === "cykel" ? -1 : b.key === "cykel" ? 1 : 0));
  exemptOrder.forEach((symbol, i) => {
    const id5 = i === 0 ? undefined : `${u5.replace(" ", "")}-${symbol.key}`;
    defs.push(
      sign(u5, `Undtagelse: ${symbol.name} undtaget${suffix}`, "U", { sizes: EXEMPT_SIZES, ...(id5 ? { id: id5 } : {}) }, () =>
        exemptionPlate(colour, symbol),
      ),
    );
  });
  defs.push(
    sign(
      u5,
      `Undtagelse med tekst${suffix}`,
      "U",
      { sizes: EXEMPT_TEXT_SIZES, parameter: { kind: "text", defaultValue: "Undtaget ærindekørsel" }, id: `${u5.replace(" ", "")}-tekst` },
      (v) => exemptionTextPlate(colour, v ?? ""),
    ),
  );
  return defs;
}

function arrowSigns(): SignDefinition[] {
  const kinds = [
    [1, "side", "Tilstødende vej, vandret pil"],
    [3, "turn", "Tilstødende vej, knækket pil"],
    [5, "both", "Tilstødende vej, dobbeltpil"],
    [7, "leftRight", "Tilstødende vej, til begge sider"],
  ] as const;
  const defs: SignDefinition[] = [];
  for (const [n, kind, name] of kinds) {
    for (const colour of ["white", "blue"] as const) {
      const code = `U 6.${colour === "white" ? n : n + 1}`;
      defs.push(sign(code, `${name}${colour === "white" ? "" : " (blå)"}`, "U", { sizes: SQUARE_SIZES }, () => arrowPlate(colour, kind)));
    }
  }
  return defs;
}

export const SERIES_U = defineSeries("U", [
  ...textSigns("white"),
  ...textSigns("blue"),
  ...symbolSigns("white"),
  ...symbolSigns("blue"),
  ...arrowSigns(),
  ...timeSigns("white"),
  ...timeSigns("blue"),
  sign("U 7", "Cyklister i højresving undtaget (lyssignal)", "U", { sizes: rectangleSizes(0.64, 0.69) }, () => cyclistsRightPlate()),
  ...seriesPlates(),
  ...symbolEntries(),
]);
