/**
 * How a pipe looks, shared by the map, the exported page and the pickers' samples: its stroke in CSS
 * pixels at a scale, its dash pattern and where its two texts sit. Pure functions of numbers.
 */
import type { Coordinate } from "ol/coordinate";
import { PIPE_DASH_METRES, type PipeDashPattern } from "@/lib/elements/pipe";

/** The texts' size and weight on the screen; on paper the same at 96 px an inch (2.9 mm). */
export const PIPE_TEXT_PX = 11;
export const PIPE_TEXT_FONT = `600 ${PIPE_TEXT_PX}px system-ui, sans-serif`;
/** Space between the pipe's edge and the middle of a text, in pixels: a gap and half a text line. */
const TEXT_CLEARANCE_PX = 3 + PIPE_TEXT_PX / 2;
/** The shortest dash or gap drawn, in pixels: zoomed out, a pattern keeps its proportions but not its ground size. */
const MIN_DASH_PX = 3;

/**
 * A dash pattern in pixels: the ground metres at `metresPerPixel`, scaled up as a whole when its shortest
 * part would draw under MIN_DASH_PX, and never shorter than twice the stroke so a wide pipe still reads
 * as dashed. Rounded to quarter pixels so styles can be cached, except on paper (`print`). Null for a
 * solid line.
 */
export function dashPixels(pattern: PipeDashPattern, metresPerPixel: number, widthPx: number, print = false): number[] | null {
  const metres = PIPE_DASH_METRES[pattern];
  if (metres.length === 0) return null;
  const shortest = Math.min(...metres);
  const pxPerMetre = Math.max(1 / metresPerPixel, MIN_DASH_PX / shortest, (2 * widthPx) / shortest);
  return metres.map((m) => (print ? m * pxPerMetre : Math.round(m * pxPerMetre * 4) / 4));
}

/** Where a text goes: beside the middle of the pipe's longest stretch, the offset across it for each text. */
export function textOffsetPx(widthPx: number): number {
  return widthPx / 2 + TEXT_CLEARANCE_PX;
}

/** The index of the start of the longest segment: the texts stand along it, where there is most room. */
export function longestSegment(points: readonly Coordinate[]): number {
  let best = 0;
  let longest = -1;
  for (let i = 1; i < points.length; i++) {
    const length = Math.hypot(points[i]![0]! - points[i - 1]![0]!, points[i]![1]! - points[i - 1]![1]!);
    if (length > longest) {
      longest = length;
      best = i - 1;
    }
  }
  return best;
}
