/**
 * The black arrows of the C series (C 11.1/C 11.2 sving forbudt, C 12 vending forbudt): a narrow shaft
 * with a square bend and a large head with rounded corners. Drawn in the 640 × 640 mm frame of a round
 * sign (place with `C_ARROW_BOX`); C 11.2 is C 11.1 mirrored.
 */
import type { Box, Paint } from "../types";
import { pictogram, strokePath } from "./draw";

export const C_ARROW_BOX: Box = { x: 0, y: 0, width: 640, height: 640 };

const SHAFT = 48;
/** Corner rounding of the heads (a stroke of this width around the polygon). */
const ROUND = 10;

/** A triangular head: tip at (x, y) pointing along (dx, dy); `half` across, `length` along, rounded. */
function head(x: number, y: number, dx: number, dy: number, half: number, length: number, paint: Paint): string {
  const px = -dy;
  const py = dx;
  const g = ROUND / 2;
  const at = (along: number, across: number) => {
    const a = along + g;
    const c = across * (1 - (2 * g) / (2 * half));
    return `${Math.round((x - dx * a + px * c) * 10) / 10},${Math.round((y - dy * a + py * c) * 10) / 10}`;
  };
  const d = `M${at(0, 0)} L${at(length - 2 * g, half)} L${at(length - 2 * g, -half)} Z`;
  return `<path d="${d}" fill="${paint}" stroke="${paint}" stroke-width="${ROUND}" stroke-linejoin="round"/>`;
}

/** C 11.1: turn right (the shaft comes up on the left and bends at a right angle). */
export const cArrowTurnRight = pictogram(
  "c-arrow-turn-right",
  640,
  640,
  ({ fg }) => strokePath("M238,489 V238 H400", fg, SHAFT, "butt", "round") + head(518, 238, 1, 0, 96, 138, fg),
);

/** C 12: U-turn: up on the right, over the top and down on the left into the head. */
export const cArrowUTurn = pictogram(
  "c-arrow-u-turn",
  640,
  640,
  ({ fg }) => strokePath("M419,497 V263.5 A97.5,97.5 0 0 0 224,263.5 V395", fg, 47, "butt", "round") + head(224, 510, 0, 1, 97, 135, fg),
);
