/**
 * People: pedestrian, children, worker, rider, wheelchair user, blind person. Figures are strokes
 * with round ends (the blocky style of the Danish pictograms).
 */
import { circle, fillPath, pictogram, place, strokePath } from "./draw";

/** A walking man facing right: A 17, C 26.2, E 17, E 21.2. Box 56 × 100. */
export const pedestrian = pictogram("pedestrian", 56, 100, ({ fg }) =>
  [
    circle(30, 10, 9.5, fg),
    strokePath("M29,27 L27,56", fg, 17),
    strokePath("M27,56 L38,94 M27,56 L14,92", fg, 12),
    strokePath("M29,29 L40,52 M29,29 L16,50", fg, 9),
  ].join(""),
);

/** A standing adult (the man of D 22, E 49): straighter than the walking man. Box 44 × 100. */
export const adult = pictogram("adult", 44, 100, ({ fg }) =>
  [
    circle(22, 10, 9.5, fg),
    strokePath("M22,28 V58", fg, 20),
    strokePath("M19,58 L14,94 M25,58 L30,94", fg, 12),
    strokePath("M14,31 L8,56 M30,31 L36,56", fg, 9),
  ].join(""),
);

/** A child (smaller, with a school bag on A 22). Box 40 × 72. */
export const child = pictogram("child", 40, 72, ({ fg }) =>
  [
    circle(20, 8, 7.5, fg),
    strokePath("M20,22 V42", fg, 15),
    strokePath("M17.5,42 L13,68 M22.5,42 L27,68", fg, 9.5),
    strokePath("M13.5,24 L8,40 M26.5,24 L32,40", fg, 7),
  ].join(""),
);

/** Two children walking (A 22 børn). Box 100 × 100. */
export const children = pictogram("children", 100, 100, (paint) =>
  [
    place(pedestrian, paint, 4, 0, 1),
    place(pedestrian, paint, 50, 26, 0.74),
    fillPath("M10,40 H22 V56 H10 Z", paint.fg),
    fillPath("M58,56 H68 V68 H58 Z", paint.fg),
  ].join(""),
);

/** A road worker digging beside a heap (A 39 vejarbejde). Box 100 × 100. */
export const worker = pictogram("worker", 100, 100, ({ fg }) =>
  [
    circle(44, 12, 9, fg),
    strokePath("M38,26 L26,54", fg, 15),
    strokePath("M26,54 L36,74 L34,96 M26,54 L14,94", fg, 10),
    strokePath("M38,30 L56,50 M36,32 L50,58", fg, 7),
    strokePath("M46,40 L72,78", fg, 4.5),
    fillPath("M64,72 L80,78 L78,90 L62,84 Z", fg),
    fillPath("M62,100 Q72,72 86,76 Q96,80 100,100 Z", fg),
  ].join(""),
);

/** Horse facing left, trotting (C 24.2, the rider signs). Box 100 × 86. */
export const horse = pictogram("horse", 100, 86, ({ fg }) =>
  [
    fillPath(
      "M32,50 C26,46 24,38 26,32 L20,22 L10,26 L6,25 L3,20 L14,8 L18,4 L19,0 L22,4 C26,6 30,12 34,20 C38,26 44,27 52,27 H76 C84,27 88,32 88,40 C88,46 86,50 82,51 H36 Z",
      fg,
    ),
    strokePath("M87,32 C94,36 96,46 93,57", fg, 5),
    strokePath("M36,47 L31,64 L22,70 M45,48 L43,84 M80,47 L86,66 L80,84 M72,48 L64,84", fg, 7),
  ].join(""),
);

/** Horse and rider (A 23, C 26.1, D 23, E 21.3). Box 100 × 108. */
export const rider = pictogram("rider", 100, 108, (paint) =>
  [
    place(horse, paint, 0, 22, 1),
    circle(57, 8, 7.5, paint.fg),
    strokePath("M58,21 L60,48", paint.fg, 11),
    strokePath("M60,50 L51,60 L53,72", paint.fg, 6.5),
    strokePath("M58,26 L51,37 L44,40", paint.fg, 6),
  ].join(""),
);

/** Wheelchair user (E 23). Box 80 × 100. */
export const wheelchair = pictogram("wheelchair", 80, 100, ({ fg }) =>
  [
    circle(32, 10, 9, fg),
    strokePath("M30,26 L32,58 H56 L64,86 H74", fg, 11),
    strokePath("M31,36 L48,42", fg, 7),
    `<path d="M22,50 A26,26 0 1 0 62,82" fill="none" stroke="${fg}" stroke-width="7"/>`,
  ].join(""),
);
