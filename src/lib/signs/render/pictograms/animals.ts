/** Animals: deer (A 26 vildt), cattle (A 27 kreaturer). The horse is in people.ts with its rider. */
import { circle, fillPath, pictogram, strokePath } from "./draw";

/** A leaping deer facing left with antlers. Box 100 × 80. */
export const deer = pictogram("deer", 100, 80, ({ fg }) =>
  [
    fillPath(
      "M26,34 Q40,28 60,32 Q74,34 80,42 L90,52 L100,72 H95 L86,58 L76,52 L70,58 L76,76 H71 L62,58 L56,52 Q42,50 36,48 L22,58 L8,66 L4,62 L16,52 L24,44 L22,38 Z",
      fg,
    ),
    fillPath("M26,36 L20,18 Q18,14 14,15 L6,18 L8,22 L14,22 L18,38 Z", fg),
    strokePath("M18,16 L20,6 L16,0 M20,6 L26,2 M16,15 L10,8 L4,8 M10,8 L10,2", fg, 3),
    strokePath("M80,40 L86,34", fg, 4),
  ].join(""),
);

/** Cattle facing left. Box 100 × 64. */
export const cow = pictogram("cow", 100, 64, ({ fg }) =>
  [
    fillPath(
      "M22,16 Q24,10 32,10 H86 Q94,10 94,20 V36 Q94,40 90,40 L88,62 H83 L80,42 H72 L70,62 H65 L62,40 H44 L42,62 H37 L34,40 H32 L30,62 H25 L24,36 Q22,32 22,28 Z",
      fg,
    ),
    fillPath("M24,14 L8,14 Q4,16 4,22 L2,30 Q2,34 8,34 H16 L24,30 Z", fg),
    strokePath("M10,14 L6,6 M18,14 L22,6", fg, 3),
    strokePath("M94,14 Q100,24 98,40", fg, 3),
    circle(97, 42, 3, fg),
  ].join(""),
);
