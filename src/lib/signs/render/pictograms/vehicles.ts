/**
 * Vehicles. One drawing per vehicle, reused by every sign that shows it (C 22.1, C 51, E 45 share the
 * car; C 23.1, C 43, E 22.1 share the lorry …). Side views face left, as on the Danish signs.
 */
import { circle, fillPath, pictogram, rect, ring, strokePath } from "./draw";

/** Car seen from behind (or the front): C 22.1, C 51, C 52, E 45. Box 100 × 80. */
export const carRear = pictogram("car-rear", 100, 80, ({ fg, bg }) =>
  [
    fillPath("M17,36 L24,8 Q25,4 30,4 H70 Q75,4 76,8 L83,36 Z", fg),
    fillPath("M26,31 L30,12 H70 L74,31 Z", bg),
    rect(2, 32, 96, 36, fg, 7),
    rect(7, 62, 19, 18, fg, 3),
    rect(74, 62, 19, 18, fg, 3),
    rect(9, 42, 16, 10, bg, 2),
    rect(75, 42, 16, 10, bg, 2),
    rect(34, 44, 32, 6, bg, 1),
  ].join(""),
);

/** Car seen from the side, facing left: A 20, A 33, A 35, A 92. Box 100 × 46. */
export const carSide = pictogram("car-side", 100, 46, ({ fg, bg }) =>
  [
    fillPath("M2,34 V24 Q2,19 8,18 L22,16 L33,4 Q35,2 39,2 H66 Q70,2 72,5 L82,16 L94,18 Q98,19 98,24 V34 Q98,36 96,36 H4 Q2,36 2,34 Z", fg),
    fillPath("M37,7 L29,16 H50 V7 Z", bg),
    fillPath("M55,7 V16 H77 L69,7 Z", bg),
    circle(23, 35, 11, bg),
    circle(77, 35, 11, bg),
    circle(23, 35, 9, fg),
    circle(77, 35, 9, fg),
  ].join(""),
);

/** Lorry, side view facing left: C 23.1, C 43, E 22.1. Box 100 × 64. */
export const lorry = pictogram("lorry", 100, 64, ({ fg, bg }) =>
  [
    rect(30, 0, 70, 44, fg, 2),
    fillPath("M0,46 V20 Q0,14 6,14 H20 Q25,14 26,19 L28,46 Z", fg),
    rect(4, 18, 13, 11, bg, 1.5),
    rect(0, 42, 100, 8, fg),
    circle(13, 53, 11, bg),
    circle(62, 53, 11, bg),
    circle(85, 53, 11, bg),
    circle(13, 53, 9, fg),
    circle(62, 53, 9, fg),
    circle(85, 53, 9, fg),
  ].join(""),
);

/** Lorry seen from behind (C 52, C 54): a tall box on wheels. Box 64 × 84. */
export const lorryRear = pictogram("lorry-rear", 64, 84, ({ fg }) =>
  [rect(0, 0, 64, 68, fg, 3), rect(4, 66, 16, 18, fg, 2), rect(44, 66, 16, 18, fg, 2), rect(0, 60, 64, 8, fg)].join(""),
);

/** Bus, side view facing left: C 23.2, E 22.4, E 31. Box 100 × 50. */
export const bus = pictogram("bus", 100, 50, ({ fg, bg }) =>
  [
    fillPath("M0,6 Q0,0 6,0 H96 Q100,0 100,4 V38 Q100,40 98,40 H2 Q0,40 0,38 Z", fg),
    rect(4, 5, 11, 18, bg, 1),
    rect(19, 5, 15, 12, bg, 1),
    rect(38, 5, 15, 12, bg, 1),
    rect(57, 5, 15, 12, bg, 1),
    rect(76, 5, 16, 12, bg, 1),
    circle(20, 40, 10, bg),
    circle(78, 40, 10, bg),
    circle(20, 40, 8, fg),
    circle(78, 40, 8, fg),
  ].join(""),
);

/** Motorcycle, side view facing right (as drawn on C 22.2). Box 100 × 62. */
export const motorcycle = pictogram("motorcycle", 100, 62, ({ fg }) =>
  [
    ring(18, 44, 14, fg, 7),
    ring(82, 44, 14, fg, 7),
    fillPath("M24,30 L36,22 H52 L58,16 H66 L70,22 L66,32 L56,46 H40 L30,38 Z", fg),
    fillPath("M30,24 Q32,18 40,18 H52 L50,24 Z", fg),
    strokePath("M82,44 L70,14 M66,12 H80", fg, 6),
    strokePath("M18,44 L36,40", fg, 6),
  ].join(""),
);

/** Bicycle, side view facing right: A 21, C 25.1, D 21, E 21.1. Box 100 × 60. */
export const bicycle = pictogram("bicycle", 100, 60, ({ fg }) =>
  [
    ring(19, 41, 16.5, fg, 5.5),
    ring(81, 41, 16.5, fg, 5.5),
    strokePath("M19,41 L35,14 H70 L81,41 M35,14 L48,41 H19 M48,41 L70,14", fg, 5.5),
    strokePath("M48,41 L32,5 M24,5 H39 M72,19 L67,5 H77", fg, 5.5),
  ].join(""),
);

/** Small moped (scooter), side view facing right: C 25.2, E 21.4. Box 100 × 60. */
export const moped = pictogram("moped", 100, 60, ({ fg, bg }) =>
  [
    ring(19, 45, 13, fg, 6.5),
    ring(81, 45, 13, fg, 6.5),
    fillPath("M8,40 Q8,28 22,26 H50 L58,38 H72 L64,10 H72 L82,40 L78,46 H30 Q24,38 16,40 Z", fg),
    rect(22, 17, 30, 7, fg, 3),
    circle(19, 45, 4, bg),
    circle(81, 45, 4, bg),
    strokePath("M62,8 H76", fg, 5),
  ].join(""),
);

/** Tractor, side view facing left: C 24.1, E 22.3. Box 100 × 72. */
export const tractor = pictogram("tractor", 100, 72, ({ fg, bg }) =>
  [
    rect(52, 4, 38, 6, fg, 2),
    fillPath("M54,8 H88 V40 H54 Z", fg),
    rect(60, 14, 22, 16, bg, 2),
    fillPath("M6,30 H56 V52 H6 Q2,52 2,48 V34 Q2,30 6,30 Z", fg),
    rect(20, 14, 5, 18, fg),
    circle(72, 48, 24, fg),
    circle(72, 48, 8, bg),
    circle(18, 58, 14, fg),
    circle(18, 58, 5, bg),
  ].join(""),
);

/** An axle seen from behind, twin wheels at both ends (C 35 akseltryk). Box 100 × 40. */
export const axle = pictogram("axle", 100, 40, ({ fg }) =>
  [rect(0, 0, 9, 40, fg, 2), rect(11, 0, 9, 40, fg, 2), rect(80, 0, 9, 40, fg, 2), rect(91, 0, 9, 40, fg, 2), rect(18, 16, 64, 8, fg)].join(
    "",
  ),
);

/** A bogie, two wheels under one frame (C 36 bogietryk). Box 100 × 50. */
export const bogie = pictogram("bogie", 100, 50, ({ fg }) =>
  [
    ring(27, 31, 15, fg, 8),
    ring(73, 31, 15, fg, 8),
    fillPath("M4,14 Q4,0 18,0 H82 Q96,0 96,14 V18 H88 Q86,10 73,10 Q62,10 55,18 H45 Q38,10 27,10 Q14,10 12,18 H4 Z", fg),
  ].join(""),
);

/** Steam locomotive, side view facing left (A 72 jernbane uden bomme). Box 100 × 62. */
export const locomotive = pictogram("locomotive", 100, 62, ({ fg, bg }) =>
  [
    rect(12, 2, 10, 16, fg),
    fillPath("M4,18 H70 V46 H2 V26 Q2,18 4,18 Z", fg),
    rect(66, 4, 30, 42, fg, 2),
    rect(72, 10, 18, 14, bg, 1),
    rect(62, 0, 38, 6, fg, 1),
    fillPath("M0,46 L6,38 V54 H0 Z", fg),
    ...[18, 40, 62, 84].map((x) => circle(x, 52, 10, bg) + circle(x, 52, 8, fg)),
  ].join(""),
);

/** Tram / light-rail car, side view (A 71, E 30). Box 100 × 56. */
export const tram = pictogram("tram", 100, 56, ({ fg, bg }) =>
  [
    strokePath("M40,10 L50,2 L60,10", fg, 3, "round"),
    fillPath("M6,12 H94 Q100,12 100,20 V44 H0 V20 Q0,12 6,12 Z", fg),
    ...[4, 26, 48, 70].map((x) => rect(x + 2, 17, 18, 12, bg, 1.5)),
    rect(0, 42, 100, 5, fg),
    ...[16, 30, 70, 84].map((x) => circle(x, 49, 6.5, bg) + circle(x, 49, 5, fg)),
  ].join(""),
);

/** Aeroplane seen from above (A 96 lavtflyvende fly). Box 100 × 56. */
export const aeroplane = pictogram("aeroplane", 100, 56, ({ fg }) =>
  fillPath(
    "M2,28 Q2,23 10,22 L40,22 L28,0 H38 L62,22 H86 L94,10 H100 L96,28 L100,46 H94 L86,34 H62 L38,56 H28 L40,34 L10,34 Q2,33 2,28 Z",
    fg,
  ),
);

/** Helicopter, side view (A 97). Box 100 × 60. */
export const helicopter = pictogram("helicopter", 100, 60, ({ fg, bg }) =>
  [
    rect(4, 0, 72, 5, fg, 2),
    rect(38, 4, 5, 10, fg),
    fillPath("M20,24 Q20,12 34,12 H54 Q66,12 68,24 L98,26 V32 L66,34 Q60,44 44,44 H32 Q20,44 20,34 Z", fg),
    fillPath("M25,24 Q25,17 34,17 H42 V28 H25 Z", bg),
    rect(92, 18, 6, 16, fg, 2),
    strokePath("M24,54 H66 M32,44 V54 M56,44 V54", fg, 4, "round"),
  ].join(""),
);
