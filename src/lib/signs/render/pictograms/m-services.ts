/**
 * Symbols of the M service signs drawn for that series: the light-rail car of M 13.3 and the broad "WC"
 * of M 46 / M 46.1. Drawn in mm of the 640 mm sign (a box of the pictogram's own size places them 1:1).
 */
import { circle, fillPath, holedPath, pictogram, place, rect, ring, strokePath } from "./draw";
import { pedestrian } from "./people";
import { bicycle } from "./vehicles";

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
export const wcLetters = pictogram(
  "wc-letters",
  412,
  195,
  ({ fg }) =>
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
export const infoLetter = pictogram(
  "info-letter",
  222,
  388,
  ({ fg }) => circle(108, 64, 64, fg) + rect(54, 146, 116, 225, fg, 4) + rect(0, 146, 90, 37, fg, 18.5) + rect(0, 351, 222, 37, fg, 18.5),
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
    fillPath(
      "M530,298 H300 C280,298 262,302 250,312 L185,360 C160,372 140,390 128,410 C118,428 118,455 126,468 C132,478 142,484 152,485 H530 Z",
      fg,
    ),
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

/** M 13.1 S-tog: the black hexagon (flat top and bottom) with a broad white S, on the whole 640 sign. */
export const sTrainHexagon = pictogram(
  "s-train-hexagon",
  640,
  640,
  ({ fg, bg }) =>
    fillPath("M215,137 H430 L533,320 L430,500 H215 L107,320 Z", fg) +
    strokePath(
      "M402,255 C402,220 370,197.5 320,197.5 C268,197.5 238,222 238,255 C238,290 270,302 320,314 C370,326 405,345 405,382 C405,420 370,445.5 320,445.5 C265,445.5 232,420 232,382",
      bg,
      55,
      "butt",
    ),
);

/** M 24 Tankanlæg: a tall pump with a window, the nozzle hung on its right side and the hose in a long loop, on the whole 640 sign. */
export const fuelPumpTall = pictogram("fuel-pump-tall", 640, 640, ({ fg, bg }) =>
  [
    fillPath("M216,152 Q216,132 236,132 H367 Q387,132 387,152 V510 H216 Z", fg),
    rect(240, 157, 120, 103, bg),
    strokePath("M387,174 L412,194 C426,206 430,228 427,250 L416,268", fg, 12),
    strokePath("M398,196 V258", fg, 10, "butt"),
    strokePath(
      "M387,272 H404 L418,300 C445,360 452,440 440,490 C436,502 430,506 424,506 C416,506 410,500 410,488 C408,430 410,360 418,300",
      fg,
      12,
    ),
  ].join(""),
);

// ── Camping and ferries (M 11, M 31, M 32, M 33): drawn on the whole 640 × 640 sign ─────────────────
/** M 31 Campingplads: a ridge tent seen end-on, its poles crossing above the apex, the door a triangle cut out of the base. */
export const campingTent = pictogram(
  "camping-tent",
  640,
  640,
  ({ fg }) =>
    fillPath("M121,512.4 L319.3,204 L518.6,512.4 H385.8 L319.3,409.6 L254,512.4 Z", fg) +
    strokePath("M319.3,204 L299,173 M319.3,204 L339.6,173", fg, 13),
);

/** M 32 Campingplads for autocampere: a motorhome (cab to the left, the alcove above it), two wheels. */
export const motorhomeSide = pictogram("motorhome-side", 640, 640, ({ fg, bg }) =>
  [
    fillPath(
      "M122.3,446 V378 Q122.3,362 138.9,361.9 L162.8,352.6 L180.4,284 L154.5,282 Q146,280 149.3,271.6 L175.2,232.2 H325.7 L338.1,248.8 H505 Q515.6,248.8 515.6,262 V436 Q515.6,446 505,446 Z",
      fg,
    ),
    fillPath("M198,285 H255 V352 H182.5 Z", bg),
    rect(181.4, 248.8, 46.7, 17.6, bg),
    rect(376.5, 275.8, 116.3, 55, bg, 2),
    wheel(200, 446, 33, { fg, bg }),
    wheel(417, 446, 33, { fg, bg }),
  ].join(""),
);

/** M 11 Færge: a car ferry from the side – the hull, the car deck, the bridge and two raked funnels. */
export const carFerry = pictogram("car-ferry", 640, 640, ({ fg }) =>
  [
    fillPath("M111,444.9 H501.2 L530.2,510 L527,513.4 H144.2 Z", fg),
    fillPath("M190.9,397.2 H441 L455.5,429.4 H185.7 Z", fg),
    fillPath("M291.6,340.1 H341.4 L363.2,382.6 H282.2 Z", fg),
    strokePath("M232.4,390 L253.2,290.3 M393.3,390 L414,290.3", fg, 13.5),
  ].join(""),
);

/** M 33 Campinghytter: a cabin – a steep roof with eaves, a chimney on the right, a square window. */
export const cabin = pictogram(
  "cabin",
  640,
  640,
  ({ fg, bg }) =>
    fillPath("M318.5,132.7 L516.8,331.9 H470 V518.7 H165 V331.9 H119.3 Z", fg) +
    rect(424.4, 180.4, 45.6, 110, fg) +
    rect(272.9, 343.3, 92.4, 93.4, bg),
);

/**
 * M 9 Erhvervs- og containerhavn: a gantry (two rails) lifting a container, a container ship (forecastle
 * and mast to the left, containers stacked amidships) on two wavy lines of water, on the whole 640 sign.
 */
export const containerPort = pictogram("container-port", 640, 640, ({ fg }) =>
  [
    rect(132.5, 131.6, 307.2, 10.4, fg),
    rect(132.5, 159.6, 307.2, 10.4, fg),
    rect(235.3, 170, 6.2, 61.3, fg),
    rect(310, 170, 6.2, 61.3, fg),
    rect(232.2, 231.3, 87.1, 42.5, fg),
    fillPath("M104.5,390 H193.8 L206.2,413.9 H519.6 V452 H129 L104.5,400 Z", fg),
    rect(164.2, 316.4, 7.2, 74, fg),
    rect(233.2, 365.1, 86.1, 41.5, fg),
    rect(328.7, 365.1, 86.1, 41.5, fg),
    rect(328.7, 313.2, 86.1, 41.5, fg),
    fillPath("M422.1,299.7 H474 V340.2 H507.2 V406.6 H422.1 Z", fg),
    strokePath("M131,466 Q155,458 179,466 T227,466 T275,466 T323,466 T371,466 T419,466 T467,466 T515,466", fg, 11, "butt"),
    strokePath("M131,487 Q155,479 179,487 T227,487 T275,487 T323,487 T371,487 T419,487 T467,487 T515,487", fg, 13, "butt"),
  ].join(""),
);

/** The heavy "P" of M 16 Parker og rejs, in mm of the 1220 × 640 plate. */
export const parkAndRideP = pictogram(
  "park-and-ride-p",
  1220,
  640,
  ({ fg }) =>
    holedPath(
      "M149,131.5 H330 C390,131.5 427,175 427,245 C427,315 390,359 330,359 H224 V499 H149 Z M224,192.5 V305 H320 C345,305 355,285 355,248 C355,212 345,192.5 320,192.5 Z",
      fg,
    ) +
    rect(477, 385, 119.5, 30, fg) +
    rect(521.7, 339, 30, 119, fg),
);

/** M 13.2 Metro: a broad "M" (its middle V stopping halfway) standing on a long bar, on the whole 640 sign. */
export const metroM = pictogram(
  "metro-m",
  640,
  640,
  ({ fg }) =>
    holedPath("M210,397 L227,197 H293 L318.5,305 L344,197 H410 L427,397 Z M255,397 L267,262 L302,397 Z M335,397 L370,262 L382,397 Z", fg) +
    rect(120, 397, 400, 104, fg),
);

/** M 34 Rasteplads: a fir of three tiers on its trunk, a bench-table (round-ended top on one leg) to its left, on the whole 640 sign. */
export const restAreaFir = pictogram(
  "rest-area-fir",
  640,
  640,
  ({ fg }) =>
    fillPath(
      "M389,145 L457,262 L433,252 L472,340 L445,330 L503,445 L403,428 V515 H375 V428 L275,445 L333,330 L306,340 L345,252 L322,262 Z",
      fg,
    ) +
    rect(132, 447, 123, 22, fg, 11) +
    rect(180, 460, 27, 55, fg),
);

/** M 45 Cafeteria: a broad cup with round bottom corners and a ring handle, on a saucer, on the whole 640 sign. */
export const cupAndSaucer = pictogram(
  "cup-and-saucer",
  640,
  640,
  ({ fg }) =>
    fillPath("M194,295 H455 V420 C455,448 440,465 410,465 H240 C210,465 194,448 194,420 Z", fg) +
    holedPath("M450,295 H470 A47.5,47.5 0 0 1 470,390 H450 Z M450,317 H462 A25.5,25.5 0 0 1 462,368 H450 Z", fg) +
    fillPath("M118,475 H520 V482 C510,512 480,525 440,525 H198 C158,525 128,512 118,482 Z", fg),
);

/** M 23 Værksted: an adjustable wrench, jaws up (the upper jaw's back curved), on a handle that ends in a round knob; on the whole 640 sign. */
export const workshopWrench = pictogram(
  "workshop-wrench",
  640,
  640,
  ({ fg }) =>
    fillPath("M215,155 C248,155 268,152 280,138 H381 V185 H352 V213 H381 V252 H215 V213 H308 V185 H215 Z", fg) +
    rect(308, 185, 44, 120, fg) +
    fillPath("M301,302 H357 C353,350 353,420 363,485 A34,34 0 0 1 295,485 C305,420 305,350 301,302 Z", fg),
);

/** M 57 Industriområde: a chimney on the left of a works with three saw-tooth roofs, on the whole 640 sign. */
export const industryWorks = pictogram("industry-works", 640, 640, ({ fg }) =>
  fillPath("M138,503 V187 H173 V393 L285,335 V393 L393,335 V393 L501,335 V503 Z", fg),
);

/** M 42 Hotel: a bed from the side – a tall headboard, a lower footboard, the pillow and the cover on the frame; on the whole 640 sign. */
export const hotelBed = pictogram("hotel-bed", 640, 640, ({ fg }) =>
  [
    rect(128, 313, 32, 194, fg),
    rect(486, 351, 32, 156, fg),
    rect(160, 426, 326, 30, fg),
    fillPath("M165,360 H222 A30,30 0 0 1 252,390 V420 H165 Z", fg),
    fillPath("M290,360 H482 V420 H260 V390 A30,30 0 0 1 290,360 Z", fg),
  ].join(""),
);

/** A wavy line across the water of the ferry signs (x 110–530, inside the field): crests 120 mm apart (one at x = 200), amplitude `a`, centred on `y`. */
function waveLine(y: number, a: number): string {
  const hi = y - a;
  const lo = y + a;
  return `M110,${y} C120,${lo} 130,${lo} 140,${lo} S170,${hi} 200,${hi} S230,${lo} 260,${lo} S290,${hi} 320,${hi} S350,${lo} 380,${lo} S410,${hi} 440,${hi} S470,${lo} 500,${lo} C510,${lo} 520,${lo} 530,${y}`;
}

/**
 * M 10 Færge for cyklende og gående: a small ferry (funnel, superstructure with a white line, hull) carrying
 * a bicycle and a walker drawn white on it, above two bands of waves; on the whole 640 sign.
 */
export const cycleFerry = pictogram("cycle-ferry", 640, 640, ({ fg, bg }) =>
  [
    fillPath("M291,238 H334 Q338,238 339.5,242 L362,280 H277 L287,242 Q288,238 291,238 Z", fg),
    fillPath(
      "M124,366 H182.5 L200,296 Q201.5,290 208,290 H402 Q406,290 407.5,295 L440,364 H476 Q482.5,364 485,370 L510,430 L500,452 H152.5 L114,377 Q112,366 124,366 Z",
      fg,
    ),
    rect(129, 446, 381, 81, fg),
    strokePath(waveLine(446, 6), bg, 12, "butt"),
    strokePath(waveLine(484, 6), bg, 10, "butt"),
    strokePath(waveLine(528, 6), bg, 14, "butt"),
    fillPath("M192.5,320 H340 L342.5,330 H190 Z", bg),
    place(bicycle, { fg: bg, bg: fg }, 197, 346, 1.33),
    place(pedestrian, { fg: bg, bg: fg }, 352, 315, 1.15),
  ].join(""),
);

/** M 43 Spisested: a fork (four round-topped tines, a head with round lower corners) and a knife with a round-ended blade; on the whole 640 sign. */
export const forkKnife = pictogram("fork-knife", 640, 640, ({ fg }) =>
  [
    ...[201, 231, 261, 291].map((x) => rect(x, 140, 14, 100, fg, 7)),
    rect(200, 225, 105, 65, fg, 25),
    rect(231, 270, 44, 240, fg, 22),
    fillPath("M338,181 A41,41 0 0 1 420,181 V483.5 A26.5,26.5 0 0 1 367,483.5 V333 H338 Z", fg),
  ].join(""),
);

/** M 21 Førstehjælp: the red cross, its arms two fifths of its span wide; on the whole 640 sign (`accent`). */
export const firstAidCross = pictogram("first-aid-cross", 640, 640, ({ fg, accent }) =>
  fillPath("M243,130 H397 V244 H510 V396 H397 V510 H243 V396 H130 V244 H243 Z", accent ?? fg),
);
