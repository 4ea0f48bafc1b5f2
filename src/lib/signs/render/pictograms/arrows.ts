/**
 * Arrows: direction arrows of D 11, E 11, C 11, C 12, roundabout arrows (A 16, D 12), diagonal arrows
 * (D 15, D 16) and the two-way arrows (A 18, B 18, B 19). All share one shaft width and head shape.
 */
import type { Paint } from "../types";
import { fillPath, pictogram, strokePath } from "./draw";

const SHAFT = 12;
const HEAD_LENGTH = 30;
const HEAD_WIDTH = 38;

const r1 = (v: number) => Math.round(v * 10) / 10;

/** A filled arrow head with its tip at (x, y), pointing `angle` degrees (0 = up, 90 = right). */
export function arrowHead(x: number, y: number, angle: number, fill: Paint, length = HEAD_LENGTH, width = HEAD_WIDTH): string {
  const a = (angle * Math.PI) / 180;
  const dx = Math.sin(a);
  const dy = -Math.cos(a);
  const bx = x - dx * length;
  const by = y - dy * length;
  const px = -dy * (width / 2);
  const py = dx * (width / 2);
  return fillPath(`M${r1(x)},${r1(y)} L${r1(bx + px)},${r1(by + py)} L${r1(bx - px)},${r1(by - py)} Z`, fill);
}

/** A shaft (path ending where the head's base is) plus a head. */
export function arrow(shaft: string, tipX: number, tipY: number, angle: number, fill: Paint, shaftWidth = SHAFT): string {
  return strokePath(shaft, fill, shaftWidth, "butt", "round") + arrowHead(tipX, tipY, angle, fill);
}

/** Straight up (D 11.1, E 11.1). Box 40 × 100. */
export const arrowUp = pictogram("arrow-up", 40, 100, ({ fg }) => arrow("M20,100 V29", 20, 0, 0, fg));

/** Up, then turning right (D 11.5, C 11.1, E 11.5); flip for left. Box 80 × 100. */
export const arrowTurnRight = pictogram("arrow-turn-right", 80, 100, ({ fg }) =>
  arrow("M20,100 V48 Q20,30 38,30 H51", 80, 30, 90, fg),
);

/** Straight on or right (D 11.7, E 11.7); flip for left. Box 80 × 100. */
export const arrowStraightOrRight = pictogram("arrow-straight-right", 80, 100, ({ fg }) =>
  arrow("M20,100 V29", 20, 0, 0, fg) + arrow("M20,72 Q20,56 36,56 H51", 80, 56, 90, fg),
);

/** Left or right (D 11.8, E 11.8): a T with heads at both ends. Box 100 × 80. */
export const arrowLeftOrRight = pictogram("arrow-left-right", 100, 80, ({ fg }) =>
  arrow("M50,80 V42 Q50,30 38,30 H29", 0, 30, 270, fg) + arrow("M50,42 Q50,30 62,30 H71", 100, 30, 90, fg),
);

/** Straight on, left or right (E 11.9). Box 100 × 100. */
export const arrowAllWays = pictogram("arrow-all-ways", 100, 100, ({ fg }) =>
  arrow("M50,100 V29", 50, 0, 0, fg) + arrow("M50,66 Q50,54 38,54 H29", 0, 54, 270, fg) + arrow("M50,66 Q50,54 62,54 H71", 100, 54, 90, fg),
);

/** Horizontal arrow pointing right (D 11.3, E 19); flip for left. Box 100 × 40. */
export const arrowRight = pictogram("arrow-right", 100, 40, ({ fg }) => arrow("M0,20 H71", 100, 20, 90, fg));

/** U-turn: up on the right, round to the left and down (C 12). Box 70 × 100. */
export const arrowUTurn = pictogram("arrow-u-turn", 70, 100, ({ fg }) => arrow("M55,100 V32 A20,20 0 0 0 15,32 V71", 15, 100, 180, fg));

/** Diagonal arrow pointing down-left (D 15.2 "hold til venstre"? see series-d); flip for down-right. Box 80 × 80. */
export const arrowDiagonal = pictogram("arrow-diagonal", 80, 80, ({ fg }) => arrow("M80,0 L17,63", 0, 80, 225, fg));

/** Pass either side (D 16): a roof with heads pointing down-left and down-right. Box 100 × 64. */
export const arrowBothSides = pictogram("arrow-both-sides", 100, 64, ({ fg }) =>
  arrow("M50,8 L19,40", 2, 57, 225, fg) + arrow("M50,8 L81,40", 98, 57, 135, fg),
);

/** Three arrows chasing each other anticlockwise round a circle (A 16, D 12). Box 100 × 100. */
export const roundaboutArrows = pictogram("roundabout", 100, 100, ({ fg }) => {
  const out: string[] = [];
  const r = 36;
  for (let k = 0; k < 3; k++) {
    // Anticlockwise as seen from above (right-hand traffic): the maths angle grows along each arrow.
    const a0 = ((k * 120 + 62) * Math.PI) / 180;
    const a1 = a0 + (86 * Math.PI) / 180;
    const p0 = [50 + r * Math.cos(a0), 50 - r * Math.sin(a0)] as const;
    const p1 = [50 + r * Math.cos(a1), 50 - r * Math.sin(a1)] as const;
    // The head continues along the tangent at the arc's end.
    const tip = [p1[0] - Math.sin(a1) * 22, p1[1] - Math.cos(a1) * 22] as const;
    const heading = (((-a1 * 180) / Math.PI) % 360 + 360) % 360;
    out.push(strokePath(`M${r1(p0[0])},${r1(p0[1])} A${r},${r} 0 0 0 ${r1(p1[0])},${r1(p1[1])}`, fg, 12, "butt"));
    out.push(arrowHead(tip[0], tip[1], heading, fg, 22, 30));
  }
  return out.join("");
});

/** Two-way traffic: down on the left, up on the right (A 18). `accent` colours the right arrow (B 18/B 19). Box 70 × 100. */
export const arrowsTwoWay = pictogram("arrows-two-way", 70, 100, ({ fg, accent }) =>
  arrow("M15,0 V71", 15, 100, 180, fg) + arrow("M55,100 V29", 55, 0, 0, accent ?? fg),
);

/** Two lanes merging into one (B 15 sammenfletning): two lanes sweep in from below and run on as one. Box 70 × 100. */
export const mergeLanes = pictogram("merge-lanes", 70, 100, ({ fg }) =>
  [
    fillPath("M29,10 L35,2 L41,10 Z", fg),
    strokePath("M35,9 V42 C35,66 24,80 8,92 M35,42 C35,66 46,80 62,92", fg, 11, "butt", "round"),
    fillPath("M2,84 L14,98 L18,86 Z M68,84 L56,98 L52,86 Z", fg),
  ].join(""),
);
