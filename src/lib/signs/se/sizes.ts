/**
 * Swedish size classes (storleksklasser) of the sign shapes, in metres, the class "normal" first (the
 * default a placed sign gets: the class used on most roads up to 80 km/h), then "liten" (streets, low
 * speeds, narrow places) and "stor" (90 km/h and more, motorways).
 *
 * Source: Transportstyrelsen's föreskrifter on the design of vägmärken (storleksklasser) as we know them:
 * warning triangles 900 / 600 / 1200 mm side, round signs Ø 640 / 400 / 900 mm, square signs 640 / 400 /
 * 900 mm. Check against the current föreskrift before relying on them for a tender; one edit here changes
 * every sign of a shape, and the drawings scale with them (the drawing is in mm of the Danish template).
 */
import type { SignSize } from "../types";

const SQRT3_2 = Math.sqrt(3) / 2;
const m = (v: number) => Math.round(v * 1000) / 1000;
const LABELS = ["normal", "liten", "stor"];

function steps(kind: "triangle" | "round" | "square", values: readonly number[]): readonly SignSize[] {
  return values.map((v, i) => ({
    widthInMeters: m(v),
    heightInMeters: kind === "triangle" ? m(v * SQRT3_2) : m(v),
    label: LABELS[i] ?? "",
  }));
}

export const SE_SIGN_SIZES = {
  /** A series, B1: side 900 / 600 / 1200 mm. */
  triangle: steps("triangle", [0.9, 0.6, 1.2]),
  /** C and D series, B5: Ø 640 / 400 / 900 mm. */
  round: steps("round", [0.64, 0.4, 0.9]),
  /** B2 (across flats), B3/B4 (corner to corner), B6, square E signs. */
  square: steps("square", [0.64, 0.4, 0.9]),
} as const;

/** Sizes of a rectangular sign whose normal size is `width` × `height` m, scaled like the square classes. */
export function seRectangleSizes(width: number, height: number): readonly SignSize[] {
  const base = SE_SIGN_SIZES.square[0]!.widthInMeters;
  return SE_SIGN_SIZES.square.map((s) => {
    const k = s.widthInMeters / base;
    return { widthInMeters: m(width * k), heightInMeters: m(height * k), label: s.label };
  });
}

/** Sizes given one by one (devices that come in their own lengths). */
export function seSizes(...sizes: readonly [width: number, height: number, label: string][]): readonly SignSize[] {
  return sizes.map(([w, h, label]) => ({ widthInMeters: m(w), heightInMeters: m(h), label }));
}
