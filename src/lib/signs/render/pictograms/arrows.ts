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

/** Left or right (D 11.8, E 11.8): a T with heads at both ends. Box 100 × 80. */
export const arrowLeftOrRight = pictogram(
  "arrow-left-right",
  100,
  80,
  ({ fg }) => arrow("M50,80 V42 Q50,30 38,30 H29", 0, 30, 270, fg) + arrow("M50,42 Q50,30 62,30 H71", 100, 30, 90, fg),
);

/** Horizontal arrow pointing right (D 11.3, E 19); flip for left. Box 100 × 40. */
export const arrowRight = pictogram("arrow-right", 100, 40, ({ fg }) => arrow("M0,20 H71", 100, 20, 90, fg));
