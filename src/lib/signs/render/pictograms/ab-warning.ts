/**
 * Symbols drawn for the A and B series only (warning and priority signs), where the shared symbol of the
 * same subject has other proportions than the sign order's drawing. Most are drawn in mm of the whole
 * triangle (box 654.6 × 575, the ≤ 50 km/h drawing), so they are placed with the box { 0, 0, width,
 * height }; those that run out under the red border (road bands, banks, water) are clipped to the face
 * by the series module. B 15, B 18 and B 19 are drawn in mm of their own plate or disc.
 */
import { circle, fillPath, pictogram, rect, strokePath } from "./draw";

/**
 * A 44: a wide, flat-topped portal with bevelled shoulders, the voussoirs of the arch drawn as rays and
 * three courses on each side, around a solid dark opening with a flat arch. Box 274 × 215.
 */
export const tunnelPortal = pictogram("a44-tunnel-portal", 274, 215, ({ fg }) =>
  [
    strokePath("M4,212.5 V80 L47,4 H227 L270,80 V212.5 Z", fg, 5, "butt", "miter"),
    strokePath(
      [
        "M4,80 L70,100 M270,80 L204,100",
        "M27.5,42.5 L72,81 M246.5,42.5 L202,81",
        "M47,4 L88,71 M227,4 L186,71",
        "M82.5,4 L103,66 M191.5,4 L171,66",
        "M117.5,4 L124,62 M156.5,4 L150,62",
        "M4,112.5 H60 M4,147.5 H60 M4,180 H60 M214,112.5 H270 M214,147.5 H270 M214,180 H270",
      ].join(" "),
      fg,
      4.5,
      "butt",
    ),
    fillPath("M56,215 V98 C56,80 100,52 137,52 C174,52 218,80 218,98 V215 Z", fg),
  ].join(""),
);

/**
 * A 34: a cliff on the right and the road along the base, both running out to the red border (clip the
 * layer to the face), with two rocks falling and two lying on the road. Box: the whole triangle, 655 × 575.
 */
export const fallingRocksCliff = pictogram("a34-falling-rocks", 655, 575, ({ fg }) =>
  [
    fillPath("M0,459 H342 L354,423 L357,386 L373,323 L370,298 L373,267 L392,223 L430,150 H700 V600 H0 Z", fg),
    fillPath("M338,236 L352,225 L364,229 L367,250 L356,265 L333,258 Z", fg),
    fillPath("M288,310 L328,288 L342,304 L341,340 L322,354 L292,342 Z", fg),
    fillPath("M194,403 L219,405 L234,427 L221,460 L192,460 L176,440 L178,420 Z", fg),
    fillPath("M262,413 L296,399 L313,426 L302,460 L266,460 L256,440 Z", fg),
  ].join(""),
);

/**
 * A 38: the road band along the base with a wide, shallow dip in the middle, running out to the red
 * border (clip the layer to the face). Box: the whole triangle, 654.6 × 575.
 */
export const dipBand = pictogram("a38-dip", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,442.3 H182 C198,442.3 208,445 222,453 C246,467 262,480 285,485.5 C300,488.5 314,489 327.3,489" +
      " C340.6,489 354.6,488.5 369.6,485.5 C392.6,480 408.6,467 432.6,453 C446.6,445 456.6,442.3 472.6,442.3 H700 V600 H0 Z",
    fg,
  ),
);

/** A 36: the road band with one wide bump, running out to the red border (clip to the face). Box 654.6 × 575. */
export const bumpBand = pictogram("a36-bump", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,458 H215 C235,458 240,452 250,438 C268,410 290,396.4 327.3,396.4" +
      " C364.6,396.4 386.6,410 404.6,438 C414.6,452 419.6,458 439.6,458 H700 V600 H0 Z",
    fg,
  ),
);

/** A 37: the road band with two humps, running out to the red border (clip to the face). Box 654.6 × 575. */
export const unevenBand = pictogram("a37-uneven-road", 654.6, 575, ({ fg }) =>
  fillPath(
    "M0,458 H140 C155,458 160,452 168,440 C185,418 205,410 238,410 C270,410 285,425 298,443 C310,460 315,466 327.3,466" +
      " C339.6,466 344.6,460 356.6,443 C369.6,425 384.6,410 416.6,410 C449.6,410 469.6,418 486.6,440 C494.6,452 499.6,458 514.6,458" +
      " H700 V600 H0 Z",
    fg,
  ),
);

/**
 * A 18: two black arrows side by side, down on the left and up on the right, with large heads whose
 * corners are slightly rounded. Box 284 × 205.
 */
export const twoWayArrows = pictogram("a18-two-way", 284, 205, ({ fg }) => {
  const down = "M54,6 H82 V110 H133 L68,199 L3,110 H54 Z";
  const up = "M201,195 H229 V91 H280 L215,3 L150,91 H201 Z";
  return [fillPath(`${down} ${up}`, fg), strokePath(`${down} ${up}`, fg, 6, "round", "round")].join("");
});

/** A 11: the wide road straight on, ending in a point, crossed by a narrower road. Box: the whole triangle. */
export const junctionCross = pictogram("a11-junction", 654.6, 575, ({ fg }) =>
  fillPath("M288,474.4 V357.6 H240 V320 H288 V236 L327.3,196 L366.6,236 V320 H414.4 V357.6 H366.6 V474.4 Z", fg),
);

/** A 41.1: the road up from the base bending right, ending in a point (flip for A 41.2). Box: the whole triangle. */
export const bendRight = pictogram("a41-bend", 654.6, 575, ({ fg }) =>
  [
    strokePath("M254.4,486.4 V392 C254.4,350 291.2,332.9 330,323.3 L392.5,308", fg, 48, "butt", "round"),
    fillPath("M397.8,331.3 L415.3,302.2 L386.2,284.7 Z", fg),
  ].join(""),
);

/** A 42.1: the road up, right, down and up again to a point: first bend to the right (flip for A 42.2). Box: the whole triangle. */
export const doubleBend = pictogram("a42-double-bend", 654.6, 575, ({ fg }) =>
  [
    strokePath("M244,486.4 V380 C244,350 268,340 290,352 L330,378 C360,398 383,392 383,360 V284", fg, 48, "butt", "round"),
    fillPath("M359,286 L383,259 L407,286 Z", fg),
  ].join(""),
);

/**
 * A 17: the crossing's five stripes across the lower part of the triangle, widening a little towards the
 * viewer; the outer ones run out under the red border (clip to the face). Box: the whole triangle.
 */
export const crossingStripes = pictogram("a17-crossing", 654.6, 575, ({ fg }) =>
  fillPath(
    [-2, -1, 0, 1, 2]
      .map((k) => {
        const r = (v: number) => Math.round(v * 10) / 10;
        const t = 327.3 + k * 88;
        const b = 327.3 + k * 96;
        return `M${r(t - 21)},433 H${r(t + 21)} L${r(b + 23)},490 H${r(b - 23)} Z`;
      })
      .join(" "),
    fg,
  ),
);

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A 35: the road from the left up to the middle, then the soft shoulder falling away to the right,
 * hatched; runs out under the red border (clip to the face). Box: the whole triangle.
 */
export const shoulderBand = pictogram("a35-shoulder", 654.6, 575, ({ fg }) => {
  // The hatched wedge: A (301, 459) top, B (560, 508) right, C (301, 508) bottom left; hatching x + y = c.
  const slope = (508 - 459) / (560 - 301);
  const lines: string[] = [];
  for (let c = 772; c < 1060; c += 15) {
    const lower: [number, number] = c < 301 + 508 ? [301, c - 301] : [c - 508, 508];
    const ux = (c - 459 + 301 * slope) / (1 + slope);
    lines.push(`M${r1(lower[0])},${r1(lower[1])} L${r1(ux)},${r1(c - ux)}`);
  }
  return [
    fillPath("M-50,459 H301 V600 H-50 Z", fg),
    strokePath(lines.join(" "), fg, 4, "butt"),
    strokePath("M301,459 L560,508", fg, 5, "butt"),
  ].join("");
});

/** A tapering band along a polyline: half width `w[i]` at point `p[i]`, joints mitred; as path data. */
function taperedBand(p: readonly (readonly [number, number])[], w: readonly number[]): string {
  const normals = p.map((_, i) => {
    const a = p[Math.max(0, i - 1)]!;
    const b = p[Math.min(p.length - 1, i + 1)]!;
    const n1 = i > 0 ? unitNormal(p[i - 1]!, p[i]!) : unitNormal(a, b);
    const n2 = i < p.length - 1 ? unitNormal(p[i]!, p[i + 1]!) : unitNormal(a, b);
    const mx = n1[0] + n2[0];
    const my = n1[1] + n2[1];
    const k = 2 / (mx * mx + my * my);
    return [mx * k, my * k] as const;
  });
  const left = p.map(([x, y], i) => `${r1(x + normals[i]![0] * w[i]!)},${r1(y + normals[i]![1] * w[i]!)}`);
  const right = p.map(([x, y], i) => `${r1(x - normals[i]![0] * w[i]!)},${r1(y - normals[i]![1] * w[i]!)}`).reverse();
  return `M${left.join(" L")} L${right.join(" L")} Z`;
}

function unitNormal(a: readonly [number, number], b: readonly [number, number]): [number, number] {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l = Math.hypot(dx, dy);
  return [-dy / l, dx / l];
}

/** A 31: two skid marks, each a thin start swerving left, then widening down to the right. Box: the whole triangle. */
export const skidMarks = pictogram("a31-skid-marks", 654.6, 575, ({ fg }) =>
  fillPath(
    `${taperedBand(
      [
        [262, 382],
        [166, 408],
        [290, 506],
      ],
      [2.5, 9, 15],
    )} ${taperedBand(
      [
        [349, 387],
        [298, 412],
        [532, 504],
      ],
      [2.5, 9, 15],
    )}`,
    fg,
  ),
);

/**
 * B 15: one wide lane with a pointed end, splitting downwards into two lanes that sweep out to the lower
 * corners and end square with a notch. In mm of the 480 × 640 plate. Box 480 × 640.
 */
export const mergeFork = pictogram("b15-merge", 480, 640, ({ fg }) =>
  fillPath(
    "M201.5,94 L240,52 L278.5,94 V300 C278.5,390 330,460 430,535 H374 V588 C330,540 280,470 240,397" +
      " C200,470 150,540 106,588 V535 H50 C150,460 201.5,390 201.5,300 Z",
    fg,
  ),
);

/**
 * B 19: the own lane's arrow up on the right (fg) and the oncoming lane's arrow down on the left (accent),
 * both with broad, slightly barbed heads. In mm of the 640 × 640 square. Box 640 × 640.
 */
export const priorityOverOncoming = pictogram("b19-arrows", 640, 640, ({ fg, accent }) =>
  [
    fillPath("M178,96 H230 V420 L318,402 L204,559 L90,402 L178,420 Z", accent ?? fg),
    fillPath("M410,544 V223 L324,237 L436,77 L548,237 L462,223 V544 Z", fg),
  ].join(""),
);

/**
 * B 18: the oncoming lane's arrow down on the left (fg) and the own lane's arrow up on the right (accent),
 * narrow stems with broad heads, corners slightly rounded. In mm of the Ø 640 disc. Box 640 × 640.
 */
export const yieldToOncoming = pictogram("b18-arrows", 640, 640, ({ fg, accent }) => {
  const down = "M212,147 H249 V405 L310,397 L230.5,503 L151,397 L212,405 Z";
  const up = "M390,492 V232 L332,240 L408.5,140 L485,240 L427,232 V492 Z";
  const a = accent ?? fg;
  return [fillPath(down, fg), strokePath(down, fg, 6, "butt", "round"), fillPath(up, a), strokePath(up, a, 6, "butt", "round")].join("");
});

/** A wavy line from x0 to x1 around y: half-waves `half` long, amplitude `amp` (path data, quadratic arcs). */
function wave(x0: number, x1: number, y: number, half: number, amp: number): string {
  let d = `M${r1(x0)},${r1(y)}`;
  let up = true;
  for (let x = x0; x < x1 - 0.01; x += half) {
    const e = Math.min(x + half, x1);
    d += ` Q${r1((x + e) / 2)},${r1(up ? y - 2 * amp : y + 2 * amp)} ${r1(e)},${r1(y)}`;
    up = !up;
  }
  return d;
}

/**
 * A 92: the quay edge on the left and the water with two white wave lines to the right, running out
 * under the red border (clip to the face). Box: the whole triangle.
 */
export const quayEdge = pictogram("a92-quay", 654.6, 575, ({ fg, bg }) =>
  [
    fillPath("M-50,413 H220 Q228,413 228,421 V600 H-50 Z", fg),
    fillPath(`${wave(228, 700, 460, 28, 3)} V600 H228 Z`, fg),
    strokePath(`${wave(228, 700, 477, 28, 3)} ${wave(228, 700, 494, 28, 3)}`, bg, 6, "butt"),
  ].join(""),
);

/**
 * A 91: the two banks, the water between them with three white wave lines, and the raised bridge leaf
 * hinged on the left bank. Runs out under the red border (clip to the face). Box: the whole triangle.
 */
export const openingBridgeBanks = pictogram("a91-opening-bridge", 654.6, 575, ({ fg, bg }) =>
  [
    fillPath("M-50,416.7 H228 V600 H-50 Z M426,416.7 H700 V600 H426 Z", fg),
    fillPath(`${wave(228, 426, 458, 24.75, 2.5)} V600 H228 Z`, fg),
    strokePath(`${wave(228, 426, 470, 24.75, 2.5)} ${wave(228, 426, 484, 24.75, 2.5)} ${wave(228, 426, 498, 24.75, 2.5)}`, bg, 4.5, "butt"),
    strokePath("M238,423 L377,284", fg, 19, "butt"),
  ].join(""),
);

/** A 96: an aeroplane seen from above, nose to the left, swept wings and tailplane. Box: the whole triangle. */
export const aeroplaneTop = pictogram("a96-aeroplane", 654.6, 575, ({ fg }) =>
  fillPath(
    "M207,359 H400 L416,374.6 L400,390.2 H207 A15.6,15.6 0 0 1 207,359 Z" +
      " M277.7,359 L354.6,259 H377.7 L335.4,359 Z M277.7,390.2 L354.6,490.2 H377.7 L335.4,390.2 Z" +
      " M385,359 L416,330 H430 L410,374.6 L430,419.2 H416 L385,390.2 Z",
    fg,
  ),
);

/**
 * A 39: a worker bent forward over a shovel, digging into a heap that runs out under the red border on
 * the right (clip to the face). Box: the whole triangle.
 */
export const roadWorker = pictogram("a39-road-worker", 654.6, 575, ({ fg }) =>
  [
    `<circle cx="346.7" cy="245.8" r="27.5" fill="${fg}"/>`,
    strokePath("M316,302 L279,378", fg, 56, "round"),
    strokePath("M276,296 L238,326 M322,304 L306,356", fg, 24, "round"),
    strokePath("M268,388 L226,490 M292,388 L314,428 L310,492", fg, 28, "round"),
    strokePath("M302,360 L402,432", fg, 11, "round"),
    fillPath("M384,421 L420,410 L434,468 L398,484 Z", fg),
    fillPath("M372,510 L414,462 L440,421 L472,410 L497,415 L600,510 Z", fg),
  ].join(""),
);

/**
 * A 33: the front of a car coming in from the left edge, throwing two stones up to the right along
 * widening trails. Runs out under the red border (clip to the face). Box: the whole triangle.
 */
export const looseStones = pictogram("a33-loose-stones", 654.6, 575, ({ fg, bg }) =>
  [
    fillPath("M60,368 V295 H250 Q258,295 261,303 L291,368 Z", fg),
    fillPath("M60,380 Q60,368 72,368 H293 Q305,368 305,380 V456 Q305,468 293,468 H60 Z", fg),
    fillPath("M246,462 H292 V494 Q292,503 283,503 H255 Q246,503 246,494 Z M120,462 H164 V494 Q164,503 155,503 H129 Q120,503 120,494 Z", fg),
    fillPath("M222,311 H249 L274,366 H222 Z", bg),
    circle(266.7, 405, 21, bg),
    rect(120, 412, 105, 17, bg),
    fillPath("M397,370 L420,357 L444,366 L447,398 L430,420 L405,424 L396,395 Z", fg),
    fillPath("M466,440 L487,432 L505,446 L506,466 L489,476 L468,470 L461,452 Z", fg),
    fillPath("M315,496 L396,404 L409,416 Z M315,498 L458,448 L462,463 Z", fg),
  ].join(""),
);

/** A 26: a red deer leaping to the left, antlers raised, forelegs tucked, hind legs stretched. Box: the whole triangle. */
export const leapingDeer = pictogram("a26-deer", 654.6, 575, ({ fg }) =>
  [
    fillPath("M226,309 Q228,300 240,300 L270,300 Q282,304 286,318 L264,332 Q248,326 234,325 Q225,322 226,309 Z", fg),
    strokePath("M276,306 Q268,280 292,256 M282,306 Q300,270 322,246 M300,280 Q326,262 344,232 M318,262 Q336,262 338,240", fg, 11, "round"),
    strokePath("M266,318 Q290,340 318,372", fg, 48, "round"),
    strokePath("M318,377 Q380,372 432,380", fg, 58, "round"),
    strokePath("M440,368 L458,372", fg, 12, "round"),
    strokePath("M300,392 Q270,392 246,388 M262,392 L286,440 L300,446", fg, 16, "round"),
    strokePath("M424,396 Q468,412 480,428 L514,478 M398,404 Q434,424 446,432 L482,452", fg, 17, "round"),
  ].join(""),
);

/**
 * A 20: a car seen from behind, wide and low, with a white rear window, inside a white halo so the cars
 * of the queue stand apart where they overlap. Box 108 × 79 (the car 100 × 71 at (4, 4)).
 */
export const queueCar = pictogram("a20-queue-car", 108, 79, ({ fg, bg }) => {
  const cabin = "M20,28 L27,7 Q28,4 32,4 H76 Q80,4 81,7 L88,28 Z";
  const body = "M4,34 Q4,26 12,26 H96 Q104,26 104,34 V57 Q104,62 99,62 H9 Q4,62 4,57 Z";
  const wheels = "M10,60 H27 V72 Q27,75 24,75 H13 Q10,75 10,72 Z M81,60 H98 V72 Q98,75 95,75 H84 Q81,75 81,72 Z";
  const all = `${cabin} ${body} ${wheels}`;
  return [strokePath(all, bg, 8, "round", "round"), fillPath(all, fg), fillPath("M28,25 L33,10 H75 L80,25 Z", bg)].join("");
});

/** A 22: two children walking to the right, the elder on the left with a bag in the left hand, the younger with a bag in the right. Box: the whole triangle. */
export const schoolChildren = pictogram("a22-children", 654.6, 575, ({ fg }) =>
  [
    circle(288.5, 264.6, 25.4, fg),
    strokePath("M293,322 L294,380", fg, 54, "round"),
    strokePath("M271,312 L254,390 M317,314 L338,392", fg, 17, "round"),
    strokePath("M283,404 L253,475 M302,404 L331,475", fg, 23, "round"),
    `<rect x="215" y="391" width="48" height="34" fill="${fg}" transform="rotate(15 239 408)"/>`,
    circle(397.7, 306, 21.5, fg),
    strokePath("M398,355 L398,402", fg, 46, "round"),
    strokePath("M378,350 L362,410 M420,352 L435,402", fg, 15, "round"),
    strokePath("M387,424 L364,476 M409,424 L428,476", fg, 21, "round"),
    rect(413, 414, 50, 32, fg),
  ].join(""),
);

/** A 23: a rider on a horse walking to the left. Box: the whole triangle. */
export const horseRider = pictogram("a23-rider", 654.6, 575, ({ fg }) =>
  [
    strokePath("M290,376 L416,378", fg, 68, "round"),
    strokePath("M302,362 L258,302", fg, 46, "round"),
    strokePath("M254,298 L233,346", fg, 30, "round"),
    fillPath("M234,302 L240,280 L252,298 Z", fg),
    strokePath("M432,360 Q462,368 462,428", fg, 14, "round"),
    strokePath("M278,398 L255,428 L272,468 M302,404 L326,490 M394,404 L372,440 L368,474 M424,400 L444,440 L446,492", fg, 17, "round"),
    circle(342, 254.6, 17, fg),
    strokePath("M346,285 L352,346", fg, 34, "round"),
    strokePath("M342,300 L312,332", fg, 13, "round"),
  ].join(""),
);

/** A 73: a fence of five round-topped pickets on two rails. Box: the whole triangle. */
export const pickets = pictogram("a73-fence", 654.6, 575, ({ fg }) =>
  [
    ...[226.4, 276.4, 326.4, 376.4, 426.4].map((x) =>
      fillPath(`M${r1(x - 12.5)},488 V357.5 A12.5,12.5 0 0 1 ${r1(x + 12.5)},357.5 V488 Z`, fg),
    ),
    rect(205, 364, 243, 19, fg),
    rect(205, 451, 243, 19, fg),
  ].join(""),
);

/**
 * A 95: a windsock on a pole at the left, blown out to the right and drooping, in black and white bands
 * (black at the mouth and the tail). Box: the whole triangle.
 */
export const windsockBanded = pictogram("a95-windsock", 654.6, 575, ({ fg, bg }) => {
  const m1: [number, number] = [314, 327];
  const m2: [number, number] = [275, 421];
  const t1: [number, number] = [475, 414];
  const t2: [number, number] = [453.6, 465.7];
  const at = (a: [number, number], b: [number, number], t: number) => `${r1(a[0] + (b[0] - a[0]) * t)},${r1(a[1] + (b[1] - a[1]) * t)}`;
  const cuts = [0, 0.3, 0.47, 0.67, 0.8, 1];
  const bands = cuts.slice(0, -1).map((t, i) => {
    const u = cuts[i + 1]!;
    return fillPath(`M${at(m1, t1, t)} L${at(m1, t1, u)} L${at(m2, t2, u)} L${at(m2, t2, t)} Z`, i % 2 === 0 ? fg : bg);
  });
  const outline = `M${m1.join(",")} L${t1.join(",")} L${t2.join(",")} L${m2.join(",")} Z`;
  return [
    rect(225, 346, 14, 170, fg),
    strokePath("M232,353 L314,327", fg, 10, "round"),
    strokePath("M232,353 L275,421", fg, 5, "round"),
    ...bands,
    strokePath(outline, fg, 5, "round", "round"),
  ].join("");
});

/** A 27: a cow walking to the left, seen from the side. Box: the whole triangle. */
export const walkingCow = pictogram("a27-cow", 654.6, 575, ({ fg }) =>
  [
    fillPath(
      "M230,358 Q250,352 294,350 H435 Q452,352 452,368 V426 Q446,440 420,440 L325,437 Q300,440 290,440 L270,430" +
        " Q252,418 242,410 L226,414 Q200,418 195,405 Q190,392 203,380 L214,368 Q220,360 230,358 Z",
      fg,
    ),
    strokePath("M222,366 Q214,350 202,352", fg, 8, "round"),
    strokePath("M292,430 L286,490 M318,432 L330,490 M412,430 L398,490 M440,425 L446,490", fg, 20, "round"),
    strokePath("M446,358 Q458,362 458,380 V432", fg, 7, "round"),
    fillPath("M452,428 H464 L462,448 H454 Z", fg),
  ].join(""),
);

/** A 21: a bicycle seen from the side, front to the left, in an even line. Box: the whole triangle. */
export const bicycleLine = pictogram("a21-bicycle", 654.6, 575, ({ fg }) =>
  [
    `<circle cx="225.4" cy="416.2" r="46" fill="none" stroke="${fg}" stroke-width="15"/>`,
    `<circle cx="421.5" cy="416.2" r="46" fill="none" stroke="${fg}" stroke-width="15"/>`,
    strokePath(
      "M272,287 H296 M275,289 L229,416 M262,324 H371 M256,347 L337,427.7 L421.5,416.2 L371,318 M337,427.7 L375,301 M357,299 H394",
      fg,
      15,
      "round",
    ),
    circle(337, 427.7, 13, fg),
  ].join(""),
);

/** A 72: a tank locomotive facing left: chimney, dome, cab with an open window, three wheels. Box: the whole triangle. */
export const tankEngine = pictogram("a72-locomotive", 654.6, 575, ({ fg }) =>
  [
    rect(200, 366.7, 246.7, 80, fg, 8),
    fillPath("M220,370 V342 Q220,332 230,332 H243 V370 Z", fg),
    fillPath("M283,370 V350 A18.5,18.5 0 0 1 320,350 V370 Z", fg),
    fillPath("M363,370 V341 H359 V336 Q359,332 363,332 H443 Q447,332 447,336 V341 H407 V390 H447 V370 Z", fg),
    ...[240, 320, 403].map((x) => fillPath(`M${x - 27},457 H${x + 27} A27,36 0 0 1 ${x - 27},457 Z`, fg)),
  ].join(""),
);

/**
 * A 16: three arrows round a circle, anticlockwise, each a broad arc ending in a head that points at the
 * tail of the next. Box: the whole triangle.
 */
export const roundaboutRing = pictogram("a16-roundabout", 654.6, 575, ({ fg }) => {
  const cx = 330;
  const cy = 379;
  const r = 96;
  const pt = (deg: number, radius: number) => {
    const a = (deg * Math.PI) / 180;
    return `${r1(cx + radius * Math.cos(a))},${r1(cy + radius * Math.sin(a))}`;
  };
  // Start of the body, base of the head and tip, in degrees (screen angles; anticlockwise = decreasing).
  const arrows = [
    [-36, -118, -146],
    [-160, -242, -270],
    [-284, -366, -394],
  ];
  return arrows
    .map(([s, b, t]) =>
      [
        strokePath(`M${pt(s!, r)} A${r},${r} 0 0 0 ${pt(b!, r)}`, fg, 30, "butt"),
        fillPath(`M${pt(b! + 1, r - 29)} L${pt(b! + 1, r + 29)} L${pt(t!, r)} Z`, fg),
      ].join(""),
    )
    .join("");
});
