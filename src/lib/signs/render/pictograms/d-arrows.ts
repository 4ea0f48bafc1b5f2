/**
 * The arrows of the D series (påbudte kørselsretninger): broad shafts and barbed heads (the back edge of
 * the head slants forward towards the shaft). Each pictogram is drawn in the 640 × 640 mm frame of a
 * round sign, so it is placed with the box { x: 0, y: 0, width: 640, height: 640 } (see `D_ARROW_BOX`);
 * left-hand variants are the right-hand ones mirrored (flipX).
 */
import type { Box, Paint } from "../types";
import { fillPath, pictogram, strokePath } from "./draw";

/** The box that places a D arrow pictogram on a round sign (its own coordinates are sign mm). */
export const D_ARROW_BOX: Box = { x: 0, y: 0, width: 640, height: 640 };

const r1 = (v: number) => Math.round(v * 10) / 10;

interface Head {
  /** Half the width of the head across its back corners. */
  half: number;
  /** From the tip to the back corners, along the arrow. */
  length: number;
  /** How far the back edge slants forward from the corners to the shaft. */
  barb: number;
}

/**
 * An arrow head with its tip at (x, y), pointing along (dx, dy) (a unit vector), on a shaft of width
 * `shaft`. Returns the polygon markup and the point where the shaft ends (a little inside the head).
 */
function head(
  x: number,
  y: number,
  dx: number,
  dy: number,
  shaft: number,
  h: Head,
  paint: Paint,
): { markup: string; joinX: number; joinY: number } {
  const px = -dy;
  const py = dx;
  const at = (along: number, across: number) => `${r1(x - dx * along + px * across)},${r1(y - dy * along + py * across)}`;
  const notch = h.length - h.barb;
  const d = `M${at(0, 0)} L${at(h.length, h.half)} L${at(notch, shaft / 2)} L${at(notch, -shaft / 2)} L${at(h.length, -h.half)} Z`;
  return { markup: fillPath(d, paint), joinX: r1(x - dx * (notch - 2)), joinY: r1(y - dy * (notch - 2)) };
}

const BIG: Head = { half: 134, length: 186, barb: 22 };
const BIG_SHAFT = 65;
const SMALL: Head = { half: 95, length: 130, barb: 15 };
const SMALL_SHAFT = 47;

/** D 11.1: straight ahead. */
export const dArrowUp = pictogram("d-arrow-up", 640, 640, ({ fg }) => {
  const h = head(320, 42, 0, -1, BIG_SHAFT, BIG, fg);
  return strokePath(`M320,578 V${h.joinY}`, fg, BIG_SHAFT, "butt", "miter") + h.markup;
});

/** D 11.3: to the right (D 11.2 mirrored). */
export const dArrowRight = pictogram("d-arrow-right", 640, 640, ({ fg }) => {
  const h = head(598, 320, 1, 0, BIG_SHAFT, BIG, fg);
  return strokePath(`M62,320 H${h.joinX}`, fg, BIG_SHAFT, "butt", "miter") + h.markup;
});

/** D 11.5: turn right (D 11.4 mirrored): the shaft comes up on the left and bends to the right. */
export const dArrowTurnRight = pictogram("d-arrow-turn-right", 640, 640, ({ fg }) => {
  const h = head(569, 199, 1, 0, BIG_SHAFT, BIG, fg);
  const x = 202;
  const r = 70;
  return strokePath(`M${x},543 V${199 + r} A${r},${r} 0 0 1 ${x + r},199 H${h.joinX}`, fg, BIG_SHAFT, "butt", "miter") + h.markup;
});

/** D 11.7: straight ahead or to the right (D 11.6 mirrored): the branch curves out of the shaft. */
export const dArrowStraightOrRight = pictogram("d-arrow-straight-right", 640, 640, ({ fg }) => {
  const x = 257;
  const up = head(x, 48, 0, -1, SMALL_SHAFT, SMALL, fg);
  const right = head(566, 360, 1, 0, SMALL_SHAFT, SMALL, fg);
  const r = 70;
  return (
    strokePath(`M${x},560 V${up.joinY}`, fg, SMALL_SHAFT, "butt", "miter") +
    strokePath(`M${x},${360 + r + 20} V${360 + r} A${r},${r} 0 0 1 ${x + r},360 H${right.joinX}`, fg, SMALL_SHAFT, "butt", "miter") +
    up.markup +
    right.markup
  );
});

/** D 11.8: to the left or to the right: a stem that forks into two arms. */
export const dArrowLeftOrRight = pictogram("d-arrow-left-right", 640, 640, ({ fg }) => {
  const y = 282;
  const left = head(48, y, -1, 0, SMALL_SHAFT, SMALL, fg);
  const right = head(592, y, 1, 0, SMALL_SHAFT, SMALL, fg);
  const r = 65;
  return (
    strokePath(`M320,528 V${y + r} A${r},${r} 0 0 0 ${320 - r},${y} H${left.joinX}`, fg, SMALL_SHAFT, "butt", "miter") +
    strokePath(`M320,${y + r} A${r},${r} 0 0 1 ${320 + r},${y} H${right.joinX}`, fg, SMALL_SHAFT, "butt", "miter") +
    left.markup +
    right.markup
  );
});

/** D 12: three curved arrows around the centre, anticlockwise, each with its head just short of the next one's tail. */
export const dRoundabout = pictogram("d-roundabout", 640, 640, ({ fg }) => {
  const cx = 320;
  const cy = 322;
  const r = 188;
  const shaft = 55;
  const ring: Head = { half: 74, length: 110, barb: 14 };
  const rad = (deg: number) => (deg * Math.PI) / 180;
  let out = "";
  for (const tail of [81, 201, 321]) {
    const base = rad(tail - 85);
    const bx = cx + r * Math.cos(base);
    const by = cy + r * Math.sin(base);
    // Anticlockwise on screen: the tangent of a decreasing angle.
    const dx = Math.sin(base);
    const dy = -Math.cos(base);
    const h = head(bx + dx * (ring.length - ring.barb), by + dy * (ring.length - ring.barb), dx, dy, shaft, ring, fg);
    const t = rad(tail);
    out += strokePath(
      `M${r1(cx + r * Math.cos(t))},${r1(cy + r * Math.sin(t))} A${r},${r} 0 0 0 ${r1(bx + dx * 2)},${r1(by + dy * 2)}`,
      fg,
      shaft,
      "butt",
      "miter",
    );
    out += h.markup;
  }
  return out;
});

/** D 15.2: pass on the left – a diagonal arrow pointing down to the left (D 15.3 mirrored). */
export const dArrowDiagonal = pictogram("d-arrow-diagonal", 640, 640, ({ fg }) => {
  const k = Math.SQRT1_2;
  const h = head(130, 509, -k, k, BIG_SHAFT, BIG, fg);
  return strokePath(`M503,136 L${h.joinX},${h.joinY}`, fg, BIG_SHAFT, "butt", "miter") + h.markup;
});

/** D 16: passing on either side – two diagonal arrows from a common apex. */
export const dArrowBothSides = pictogram("d-arrow-both-sides", 640, 640, ({ fg }) => {
  const k = Math.SQRT1_2;
  const side: Head = { half: 100, length: 140, barb: 16 };
  const left = head(80, 430, -k, k, SMALL_SHAFT, side, fg);
  const right = head(560, 430, k, k, SMALL_SHAFT, side, fg);
  return (
    strokePath(`M${left.joinX},${left.joinY} L320,190 L${right.joinX},${right.joinY}`, fg, SMALL_SHAFT, "butt", "miter") +
    left.markup +
    right.markup
  );
});
