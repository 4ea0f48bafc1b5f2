/**
 * Symbols of the U series (undertavler) that no other series draws: the town silhouette of UC 56, the
 * fire extinguisher of UE 34 and the short, broad arrows of UD 21. Drawn from the shapes of the official
 * plates (proportions by eye), in their own boxes.
 */
import { fillPath, pictogram, rect } from "./draw";

/** A town in silhouette: a low house, a church with a tall spire, houses of several heights (UC 56). Box 200 × 44. */
export const townSilhouette = pictogram("town-silhouette", 200, 44, ({ fg }) =>
  fillPath(
    "M0,44 V30 L12,22 L24,30 V44 Z " +
      "M26,44 V28 L34,22 V12 L38,0 L42,12 V22 L50,28 H64 V44 Z " +
      "M68,44 V24 L86,14 H112 L122,24 V44 Z " +
      "M126,44 V34 L136,28 L146,34 V44 Z " +
      "M150,44 V26 L172,12 L194,26 V44 Z",
    fg,
  ),
);

/** A fire extinguisher: the cylinder, its valve and the hose bent forward (UE 34). Box 60 × 100. */
export const fireExtinguisher = pictogram("fire-extinguisher", 60, 100, ({ fg }) =>
  [
    fillPath("M14,30 Q14,24 22,24 H42 Q50,24 50,30 V96 Q50,100 46,100 H18 Q14,100 14,96 Z", fg),
    rect(26, 14, 12, 10, fg),
    fillPath("M20,14 H46 L50,8 H24 Z", fg),
    fillPath("M24,12 L6,12 Q0,12 0,20 V34 H6 V20 Q6,18 8,18 H24 Z", fg),
  ].join(""),
);

/** A short arrow with a broad triangular head, pointing up (UD 21: cycle track in both directions). Box 60 × 80. */
export const broadArrowUp = pictogram("broad-arrow-up", 60, 80, ({ fg }) => fillPath("M30,0 L60,38 H44 V80 H16 V38 H0 Z", fg));
