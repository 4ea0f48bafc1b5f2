/**
 * The vehicle symbols of the undertavler, US 1 – US 13 (BEK om vejafmærkning § 9, stk. 4: "De hyppigst
 * forekommende symboler"), drawn for the U plates: bold, flat silhouettes that fill their box edge to edge.
 * Each box is 100 units high; the width is the symbol's own proportion. Proportions and positions were
 * measured by eye on the official symbols. Cut-outs (windows, wheel gaps) use the paint's `bg`.
 */
import { circle, fillPath, pictogram, rect, ring, strokePath } from "./draw";

/** US 1: car up to 3,500 kg, facing right. Box 212 × 100. */
export const usCar = pictogram("us-car", 212, 100, ({ fg, bg }) =>
  [
    fillPath(
      "M0,44 Q0,36 10,36 H48 Q53,36 56,33 L86,3 Q89,0 94,0 H170 Q175,0 179,4 L209,36 Q212,39 212,42 V77 Q212,81 207,81 H200 A25,25 0 0 0 150,81 H61 A25,25 0 0 0 11,81 V82 H4 Q0,82 0,78 Z",
      fg,
    ),
    fillPath("M74,33 L90,12 Q92,10 96,10 H123 Q125,10 125,12 V34 Q125,36 123,36 H77 Q72,36 74,33 Z", bg),
    fillPath("M137,12 Q137,10 139,10 H170 Q172,10 174,12 L191,32 Q193,36 188,36 H139 Q137,36 137,34 Z", bg),
    circle(36, 82, 18, fg),
    circle(175, 82, 18, fg),
  ].join(""),
);

/** The lorry of US 2 and US 4: cab on the left, box body, a step between the wheels. */
function lorryParts(fg: string, bg: string): string {
  return [
    fillPath("M0,45 L10,19 H44 V71 H31 A16,16 0 0 0 15,87 V89 H0 Z", fg),
    fillPath("M14,26 H37 V46 H7 Z", bg),
    rect(50, 0, 109, 71, fg),
    rect(50, 75, 29, 14, fg),
    circle(31, 87, 13, fg),
    circle(98, 87, 13, fg),
    circle(131, 87, 13, fg),
  ].join("");
}

/** US 2: lorry. Box 159 × 100. */
export const usLorry = pictogram("us-lorry", 159, 100, ({ fg, bg }) => lorryParts(fg, bg));

/** US 3: bus. Box 218 × 100. */
export const usBus = pictogram("us-bus", 218, 100, ({ fg, bg }) =>
  [
    fillPath("M0,80 V8 Q0,0 8,0 H212 Q218,0 218,6 V80 Q218,84 214,84 H174 A21,21 0 0 0 132,84 H74 A21,21 0 0 0 32,84 H4 Q0,84 0,80 Z", fg),
    fillPath("M0,9 H8 Q9,9 9,10 V40 H0 Z", bg),
    ...[19, 58, 98, 137, 176].map((x) => rect(x, 9, 30, 31, bg, 1.5)),
    circle(53, 84, 16, fg),
    circle(153, 84, 16, fg),
  ].join(""),
);

/** US 4: lorry with trailer. Box 279 × 100. */
export const usRoadTrain = pictogram("us-road-train", 279, 100, ({ fg, bg }) =>
  [lorryParts(fg, bg), rect(170, 0, 109, 71, fg), circle(192, 87, 13, fg), circle(255, 87, 13, fg)].join(""),
);

/** US 5: trailer with its drawbar. Box 169 × 100. */
export const usTrailer = pictogram("us-trailer", 169, 100, ({ fg }) =>
  [fillPath("M0,65 H20 V20 Q20,0 40,0 H169 V76 H126 A31,31 0 0 0 64,76 H0 Z", fg), circle(95, 76, 24, fg)].join(""),
);

/** US 6: caravan. Box 145 × 100. */
export const usCaravan = pictogram("us-caravan", 145, 100, ({ fg, bg }) =>
  [
    fillPath("M0,85 V18 Q0,0 18,0 H127 Q145,0 145,18 V67 Q145,85 127,85 H90 A18,18 0 0 0 53,85 Z", fg),
    rect(20, 16, 24, 62, bg),
    rect(72, 16, 55, 31, bg),
    circle(71, 86, 14.5, fg),
  ].join(""),
);

/** US 7: motorhome, cab on the left under the overhanging alcove. Box 159 × 100. */
export const usMotorhome = pictogram("us-motorhome", 159, 100, ({ fg, bg }) =>
  [
    fillPath(
      "M0,62 Q0,53 9,51 L17,49 L24,21 H14 Q9,20 11,16 L20,1 H81 L87,7 H154 Q159,7 159,15 V79 Q159,86 153,86 H136 A17,17 0 0 0 102,86 H48 A17,17 0 0 0 14,86 H7 Q0,86 0,79 Z",
      fg,
    ),
    fillPath("M30,21 H53 V49 H24 Z", bg),
    rect(23, 7, 19, 7, bg),
    rect(102, 18, 47, 22, bg, 1),
    circle(31, 87, 13, fg),
    circle(119, 87, 13, fg),
  ].join(""),
);

/** US 8: bicycle, facing right. Box 154 × 100. */
export const usBicycle = pictogram("us-bicycle", 154, 100, ({ fg }) =>
  [
    ring(30.5, 69, 27.5, fg, 7),
    ring(123, 69, 27.5, fg, 7),
    strokePath("M30,69 L51,3 H63", fg, 7),
    strokePath("M47,19 H98", fg, 7),
    strokePath("M46,28 L82,71 L102,8", fg, 7),
    strokePath("M93,8 H111", fg, 7),
    strokePath("M102,16 L125,70 H82", fg, 7),
    circle(82, 71, 6, fg),
  ].join(""),
);

/** US 9: small moped, facing left. Box 163 × 100. */
export const usMoped = pictogram("us-moped", 163, 100, ({ fg }) =>
  [
    ring(30, 70, 24.5, fg, 11),
    circle(30, 70, 11, fg),
    ring(133, 70, 24.5, fg, 11),
    strokePath("M35,64 L60,4 H71", fg, 9),
    strokePath("M55,20 L80,70", fg, 13),
    strokePath("M83,71 H138", fg, 22),
    strokePath("M93,64 Q100,34 136,33 H151", fg, 9),
    strokePath("M100,21 H118", fg, 9),
    strokePath("M103,24 L112,40", fg, 6),
    fillPath("M37,8 H39 A7,7 0 0 1 39,22 H37 Z", fg),
  ].join(""),
);

/** US 10: motorcycle, facing left. Box 173 × 100. */
export const usMotorcycle = pictogram("us-motorcycle", 173, 100, ({ fg, bg }) =>
  [
    ring(28, 71, 22.5, fg, 13),
    circle(28, 71, 10, fg),
    ring(144, 71, 22.5, fg, 13),
    circle(144, 71, 10, fg),
    strokePath("M31,64 L59,5 H72", fg, 10),
    fillPath("M33,11 A8,8 0 1 1 34,27 Z", fg),
    fillPath(
      "M56,17 L90,14 Q96,14 99,19 L103,27 L158,23 Q162,22 164,26 L171,36 L140,38 Q120,40 112,52 L108,80 L85,83 Q78,84 74,78 L49,35 Z",
      fg,
    ),
    strokePath("M104,75 L144,71", fg, 10),
    fillPath("M69,45 L99,42 L102,48 L72,50 Z", bg),
  ].join(""),
);

/** US 11: tractor, facing left. Box 130 × 100. */
export const usTractor = pictogram("us-tractor", 130, 100, ({ fg, bg }) =>
  [
    fillPath("M8,43 Q8,39 13,39 H70 V75 H37 A20,20 0 0 0 12,63 Z", fg),
    fillPath("M56,52 L65,1 H112 L119,36 Q110,36 100,38 Q80,42 68,52 Z", fg),
    fillPath("M60,51 L70,6 H84 V37 Q74,42 68,51 Z", bg),
    fillPath("M90,6 H103 L109,32 Q98,32 90,34 Z", bg),
    strokePath("M66,2.5 H113", fg, 5),
    strokePath("M69,72 A33,33 0 0 1 125,45", fg, 7),
    ring(100, 71, 22, fg, 14),
    ring(18, 82, 13.5, fg, 9),
  ].join(""),
);

/** US 12: wheelchair user, facing left. Box 81 × 100. */
export const usWheelchair = pictogram("us-wheelchair", 81, 100, ({ fg }) =>
  [
    circle(51, 9, 9, fg),
    strokePath("M52,26 L50.5,51", fg, 13),
    rect(44, 48, 13, 10, fg),
    strokePath("M31,38 H48", fg, 7),
    strokePath("M51,53.5 H25 L13,84 L3,80", fg, 9),
    strokePath("M59.5,44 A26.5,26.5 0 1 1 24,71", fg, 9, "butt"),
  ].join(""),
);

/** US 13: light-rail vehicle with its pantograph. Box 180 × 100. */
export const usTram = pictogram("us-tram", 180, 100, ({ fg, bg }) =>
  [
    fillPath("M0,66 L14,26 Q16,22 20,22 H161 Q165,22 166,26 L180,68 V85 Q180,89 176,89 H4 Q0,89 0,85 Z", fg),
    fillPath("M5,73 L14,39 H17 Q19,39 19,41 V64 Q17,70 5,73 Z", bg),
    fillPath("M175,73 L166,39 H163 Q161,39 161,41 V64 Q163,70 175,73 Z", bg),
    rect(24, 39, 17, 27, bg, 2),
    rect(47, 39, 17, 43, bg, 2),
    rect(70, 39, 40, 27, bg, 2),
    rect(116, 39, 17, 43, bg, 2),
    rect(139, 39, 17, 27, bg, 2),
    ...[33, 55, 124, 148].map((x) => fillPath(`M${x - 7.5},93 A7.5,7.5 0 0 0 ${x + 7.5},93 Z`, fg)),
    strokePath("M80,2 L47,10 L80,18", fg, 4),
  ].join(""),
);
