/**
 * Symbols of the M service signs drawn for that series: the light-rail car of M 13.3 and the broad "WC"
 * of M 46 / M 46.1. Drawn in mm of the 640 mm sign (a box of the pictogram's own size places them 1:1).
 */
import { circle, fillPath, pictogram, rect, ring, strokePath } from "./draw";

/**
 * M 13.3 Letbane: a low-floor car seen from the side, its ends raked, five windows and two doors
 * between the end windows, two bogies of half-disc wheels, the pantograph as a "<" above. 390 × 232.
 */
export const lightRail = pictogram("light-rail", 390, 232, ({ fg, bg }) =>
  [
    strokePath("M167.5,4.5 L102.5,34.5 L172.5,52", fg, 9),
    fillPath("M35,64.5 H362.5 L390,164.5 V209.5 H0 V164.5 Z", fg),
    fillPath("M32.5,101 H40 V159.5 Q25,163 10,172 Z", bg),
    fillPath("M357.5,101 H350 V159.5 Q365,163 380,172 Z", bg),
    rect(52.5, 101, 37.5, 58.5, bg, 4),
    rect(102.5, 101, 36.5, 93.5, bg, 4),
    rect(151.5, 101, 87.5, 58.5, bg, 4),
    rect(251, 101, 36.5, 93.5, bg, 4),
    rect(300, 101, 37.5, 58.5, bg, 4),
    ...[71, 119, 271, 319].map((x) => fillPath(`M${x - 16},216 A16,16 0 0 0 ${x + 16},216 Z`, fg)),
  ].join(""),
);

/**
 * "WC" in broad grotesque capitals as on M 46: a W with a pointed middle peak as tall as the outer
 * strokes, and a C cut square at both ends. 412 × 195.
 */
export const wcLetters = pictogram("wc-letters", 412, 195, ({ fg }) =>
  fillPath("M0,2.5 H35 L67.5,135 L103,2.5 H138 L173.5,135 L206,2.5 H241 L193.5,192.5 H158.5 L120.5,60 L82.5,192.5 H47.5 Z", fg) +
  fillPath("M408.3,69 A84,97.5 0 1 0 408.3,126 H373.4 A50.5,65 0 1 1 373.4,69 Z", fg),
);

/**
 * M 12 Lufthavn: an airliner seen from above, nose to the left, swept wings cut square at the tips,
 * swept tailplanes at the tapering tail. 393 × 384.
 */
export const airlinerTopView = pictogram("airliner-top-view", 393, 384, ({ fg }) =>
  [
    "M35,164 H298 C313,164 320,168 323,172 L368,192 L323,212 C320,216 313,220 298,220 H35 C12,220 0,206 0,192 C0,178 12,164 35,164 Z",
    "M136,166 L268,0 H306 L244,166 Z",
    "M136,218 L268,384 H306 L244,218 Z",
    "M321,170 L365,115 H393 L366,192 Z",
    "M321,214 L365,269 H393 L366,192 Z",
  ]
    .map((d) => fillPath(d, fg))
    .join(""),
);

/** M 61 Turistinformation: a heavy "i" – a large dot, a stem with a flag to the left, a broad foot with round ends. 222 × 388. */
export const infoLetter = pictogram("info-letter", 222, 388, ({ fg }) =>
  circle(108, 64, 64, fg) + rect(54, 146, 116, 225, fg, 4) + rect(0, 146, 90, 37, fg, 18.5) + rect(0, 351, 222, 37, fg, 18.5),
);

// ── Terminals (M 13, M 14, M 15): drawn on the whole 640 × 640 sign, placed in the box (0, 0, 640, 640) ──
/** The platform roof across the top of the field: level on top, its underside falling to the right. */
function roof(left: number, top: number, leftDepth: number, fg: string): string {
  return fillPath(`M${left},${top} H528 V${top + 67} L${left},${top + leftDepth} Z`, fg);
}

/** The station clock: a ring, the minute hand up to twelve and a short hour hand. */
function stationClock(cx: number, cy: number, r: number, fg: string, hourDx: number): string {
  return ring(cx, cy, r, fg, 8) + strokePath(`M${cx - 1},${cy - r + 20} L${cx},${cy + 2} L${cx + hourDx},${cy + 12}`, fg, 6);
}

/** A wheel with a white gap round it, cut into the body above. */
function wheel(cx: number, cy: number, r: number, paint: { fg: string; bg: string }): string {
  return circle(cx, cy, r + 6, paint.bg) + circle(cx, cy, r, paint.fg);
}

/** M 14 Busterminal: the roof, the clock, a bus (front to the left) with six windows and two wheels. */
export const busTerminal = pictogram("bus-terminal", 640, 640, ({ fg, bg }) =>
  [
    roof(112, 105, 22, fg),
    stationClock(162, 200, 48, fg, 8),
    fillPath("M138,351 Q138,343 146,343 H507 Q515,343 515,351 V498 H138 Z", fg),
    ...[
      [152, 13],
      [180, 52],
      [247, 53],
      [312, 55],
      [380, 55],
      [447, 53],
    ].map(([x, w]) => rect(x!, 360, w!, 58, bg)),
    wheel(237, 495, 28, { fg, bg }),
    wheel(405, 495, 28, { fg, bg }),
  ].join(""),
);

/** M 15 Transportcenter: the roof and a lorry (cab to the left, a tall box, three wheels). */
export const lorryTerminal = pictogram("lorry-terminal", 640, 640, ({ fg, bg }) =>
  [
    roof(126, 108, 22, fg),
    rect(258, 273, 265, 172, fg),
    fillPath("M158,320 H245 V488 H135 V385 Z", fg),
    fillPath("M152,385 L170,335 H225 V385 Z", bg),
    rect(258, 455, 72, 33, fg),
    wheel(214, 482, 32, { fg, bg }),
    wheel(373, 482, 32, { fg, bg }),
    wheel(453, 482, 32, { fg, bg }),
  ].join(""),
);

/** M 13 Jernbanestation: the roof, the clock, a high-speed train (nose to the left) on its rail, the pantograph above. */
export const trainTerminal = pictogram("train-terminal", 640, 640, ({ fg, bg }) =>
  [
    roof(134, 115, 22, fg),
    stationClock(182, 202, 46, fg, -8),
    strokePath("M442,222 L385,250 L452,280", fg, 7),
    fillPath("M530,298 H300 C280,298 262,302 250,312 L185,360 C160,372 140,390 128,410 C118,428 118,455 126,468 C132,478 142,484 152,485 H530 Z", fg),
    rect(115, 420, 415, 8, bg),
    fillPath("M280,400 L320,345 H352 V400 Z", bg),
    rect(365, 345, 53, 55, bg),
    rect(430, 345, 52, 55, bg),
    rect(495, 345, 35, 55, bg),
    fillPath("M275,480 H318 V487 A21.5,13 0 0 1 275,487 Z", fg),
    fillPath("M365,480 H408 V487 A21.5,13 0 0 1 365,487 Z", fg),
    rect(120, 502, 410, 8, fg),
  ].join(""),
);
