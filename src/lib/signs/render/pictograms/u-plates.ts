/**
 * Symbols of the U series (undertavler) that no other series draws: the town silhouette of UC 56, the
 * fire extinguisher of UE 34 and the short, broad arrows of UD 21. Drawn from the shapes of the official
 * plates (proportions by eye), in their own boxes.
 */
import { circle, fillPath, pictogram, rect, ring, strokePath } from "./draw";

/** A town in silhouette: a house, a church with a tall spire, a long low block, a small and a tall house (UC 56). Box 199 × 66. */
export const townSilhouette = pictogram("town-silhouette", 199, 66, ({ fg }) =>
  fillPath(
    "M0,66 V50 L19,32 L37,49 V54 H44 V40 L56,0 L67,40 V66 Z M74,66 V40 L82,33 H111 L118,40 V60 H127 V54 L142,40 L155,54 V66 Z M162,66 V33 L181,15 L199,33 V66 Z",
    fg,
  ),
);

/** A fire extinguisher: the cylinder, its valve, the horn to the left and the lever to the right (UE 34). Box 49 × 67. */
export const fireExtinguisher = pictogram("fire-extinguisher", 49, 67, ({ fg }) =>
  [
    fillPath("M12,67 V26 Q12,12 26,12 Q40,12 40,26 V67 Z", fg),
    rect(23, 8, 6, 5, fg),
    rect(19, 1, 11, 8, fg),
    fillPath("M0,1 L12,4 H19 V8 H12 L0,11 Z", fg),
    strokePath("M30,3.5 H36 L46,14", fg, 3),
  ].join(""),
);

/** A short arrow with a broad triangular head, pointing up (UD 21: cycle track in both directions). Box 56 × 61. */
export const broadArrowUp = pictogram("broad-arrow-up", 56, 61, ({ fg }) => fillPath("M28,0 L56,41 H38.5 V61 H17.5 V41 H0 Z", fg));

/** A car seen from the front: roof and windscreen over the body with round headlamps, a grille and the tyres (UA 99). Box 100 × 80. */
export const carFront = pictogram("car-front", 100, 80, ({ fg, bg }) =>
  [
    fillPath("M15,38 L22,9 Q23,4 29,4 H71 Q77,4 78,9 L85,38 Z", fg),
    fillPath("M24,33 L29,12 Q30,10 33,10 H67 Q70,10 71,12 L76,33 Z", bg),
    rect(2, 32, 96, 36, fg, 8),
    rect(7, 62, 19, 18, fg, 4),
    rect(74, 62, 19, 18, fg, 4),
    circle(16, 48, 7.5, bg),
    circle(84, 48, 7.5, bg),
    rect(32, 52, 36, 8, bg, 3),
  ].join(""),
);

/** A tall arrow along the road with a barbed head (UC 60.2, UE 33.2; flipped for UC 60.3, UE 33.3). Box 32 × 100. */
export const barbedArrowUp = pictogram("barbed-arrow-up", 32, 100, ({ fg }) =>
  fillPath("M16,0 L32,25.5 L20.4,22.5 V100 H11.6 V22.5 L0,25.5 Z", fg),
);

/** The same with heads at both ends (UC 60.1, UE 33.1). Box 32 × 100. */
export const barbedArrowBoth = pictogram("barbed-arrow-both", 32, 100, ({ fg }) =>
  fillPath("M16,0 L32,25.5 L20.4,22.5 V77.5 L32,74.5 L16,100 L0,74.5 L11.6,77.5 V22.5 L0,25.5 Z", fg),
);

/** A cyclist riding to the right, upright, in the light line of the UB 11.2 plate. Box 56 × 56. */
export const plateCyclist = pictogram("plate-cyclist", 56, 56, ({ fg }) =>
  [
    circle(29.5, 5.5, 4.5, fg),
    ring(11.5, 45, 9.75, fg, 2.3),
    ring(44.5, 45, 9.75, fg, 2.3),
    strokePath("M11.5,45 H26 M11.5,45 L19.5,29 L26,46 M19.5,29 H38 L26,46 M38,24 L44.5,45", fg, 1.8),
    strokePath("M20,28 L24,12", fg, 5.5),
    strokePath("M24,12 L38,22 L38.5,26", fg, 2.5),
    strokePath("M20,28 L30,31", fg, 5),
    strokePath("M30,31 L26,46", fg, 3.5),
  ].join(""),
);
