/**
 * Arrows of supplementary plates (U 6, U 7) and temporary direction plates: broader than the arrows inside
 * round signs (arrows.ts), with a long horizontal run, as the plates draw them. Built with the shared arrow
 * head so every arrow of the catalogue has the same head.
 */
import { arrow, arrowHead } from "./arrows";
import { pictogram, strokePath } from "./draw";

/**
 * Up from the lower left, round the corner, then right to a broad head (U 6.3, U 6.4, U 7): the plate
 * arrow, with a shaft of 1/8 and a head of half the box. Box 100 × 100.
 */
export const bentArrowRight = pictogram(
  "bent-arrow-right",
  100,
  100,
  ({ fg }) => strokePath("M6.2,100 V46 Q6.2,25.6 26.6,25.6 H66", fg, 12.5, "butt", "round") + arrowHead(100, 25.6, 90, fg, 35, 51),
);

/** A long horizontal arrow pointing right, for temporary direction plates. Box 160 × 44. */
export const longArrowRight = pictogram("long-arrow-right", 160, 44, ({ fg }) => arrow("M0,22 H131", 160, 22, 90, fg, 15));

/** A horizontal arrow with heads at both ends (U 6.5, U 6.6). Box 160 × 44. */
export const doubleArrow = pictogram(
  "double-arrow",
  160,
  44,
  ({ fg }) => arrow("M29,22 H131", 160, 22, 90, fg, 15) + arrow("M29,22 H30", 0, 22, 270, fg, 15),
);

/** A long, slender arrow pointing right (F 34 omkørselsrute). Box 160 × 23. */
export const slenderArrowRight = pictogram(
  "slender-arrow-right",
  160,
  23,
  ({ fg }) => strokePath("M0,11.5 H142", fg, 5.5, "butt") + arrowHead(160, 11.5, 90, fg, 20, 23),
);
