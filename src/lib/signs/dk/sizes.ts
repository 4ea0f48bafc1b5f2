/**
 * Official sizes of the Danish sign shapes, in metres, the size for roads ≤ 50 km/h first (the default a
 * placed sign gets; spec 2-content §3 and issue 6: "default to the size used on roads ≤ 50 km/h and let the
 * user pick").
 *
 * Source: Vejdirektoratet, vejregler "Færdselstavler" (tavlestørrelser: lille / normal / stor by the
 * speed of the road) as we know them: triangles 700 / 900 / 1250 mm side, round signs Ø 640 / 800 /
 * 1000 mm, square information signs of the same steps. Check against the current vejregel before
 * relying on them for a tender; one edit here changes every sign of a shape.
 */
import type { SignSize } from "../types";

const SQRT3_2 = Math.sqrt(3) / 2;
const m = (v: number) => Math.round(v * 1000) / 1000;

function steps(kind: "triangle" | "round" | "square", values: readonly number[]): readonly SignSize[] {
  const labels = ["≤ 50 km/h", "60–80 km/h", "≥ 90 km/h"];
  return values.map((v, i) => ({
    widthInMeters: m(v),
    heightInMeters: kind === "triangle" ? m(v * SQRT3_2) : m(v),
    label: labels[i] ?? "",
  }));
}

export const SIGN_SIZES = {
  /** A series, B 11: side 700 / 900 / 1250 mm. */
  triangle: steps("triangle", [0.7, 0.9, 1.25]),
  /** C and D series, B 18: Ø 640 / 800 / 1000 mm. */
  round: steps("round", [0.64, 0.8, 1.0]),
  /** B 13 (across flats), B 16/B 17 (corner to corner), square E signs, B 19. */
  square: steps("square", [0.64, 0.8, 1.0]),
} as const;

/** Sizes of a rectangular sign whose ≤ 50 km/h size is `width` × `height` m, scaled like the square steps. */
export function rectangleSizes(width: number, height: number): readonly SignSize[] {
  return SIGN_SIZES.square.map((s) => {
    const k = s.widthInMeters / SIGN_SIZES.square[0]!.widthInMeters;
    return { widthInMeters: m(width * k), heightInMeters: m(height * k), label: s.label };
  });
}

/** A single fixed size (signs that come in one size only, e.g. A 74 cross marks). */
export function fixedSize(width: number, height: number, label = "standard"): readonly SignSize[] {
  return [{ widthInMeters: m(width), heightInMeters: m(height), label }];
}
