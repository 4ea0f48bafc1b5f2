/**
 * Lettering for the plates whose words a user types or that carry words (U plates, place names, temporary
 * diversion signs): a stroke alphabet in the manner of the Danish road-sign lettering (DIN 1451 style),
 * drawn as paths so the SVG and the webp look the same on every machine, whether or not a font is
 * installed (the generated files are committed and checked for changes).
 *
 * The letters follow the design grid of render/glyphs.ts (cap height 100 units, centre lines for a stroke
 * of 15 units, x-height line at y = 28, descenders to about y = 128) and reuse its digits and the letters it
 * already has, so a value like "200 m" looks the same here as on a speed limit. Characters this module does
 * not know make the whole string fall back to font text.
 */
import { GLYPHS, GLYPH_STROKE, type Glyph } from "../render/glyphs";
import type { Paint, SignLayer } from "../render/types";

const g = (advance: number, d: string): Glyph => ({ advance, d });

// Shared outlines (composed into several letters).
const O_LOWER = "M7.5,52 C7.5,37 15.5,28 27,28 C38.5,28 46.5,37 46.5,52 V68.5 C46.5,83.5 38.5,92.5 27,92.5 C15.5,92.5 7.5,83.5 7.5,68.5 Z";
const A_LOWER =
  "M9,35 C13,30.5 19,28 26.5,28 C37,28 42.5,33.5 42.5,45 V100 M42.5,61 C38,57.5 32,56 26,56 C14,56 7.5,62.5 7.5,74.5 C7.5,86 14.5,92.5 24.5,92.5 C32.5,92.5 39,88.5 42.5,81.5";
const A_UPPER = "M3,100 L25.5,7.5 H36.5 L59,100 M13,68 H49";
const O_UPPER = "M7.5,32 A24.5,24.5 0 0 1 56.5,32 V68 A24.5,24.5 0 0 1 7.5,68 Z";

const LETTERS: Record<string, Glyph> = {
  a: g(60, A_LOWER),
  b: g(64, "M7.5,0 V100 M7.5,46 C10,35 17,28 27,28 C38.5,28 46.5,37 46.5,52 V68.5 C46.5,83.5 38.5,92.5 27,92.5 C17,92.5 10,86 7.5,76"),
  c: g(60, "M45,38 C41,31.5 35,28 27.5,28 C15.5,28 7.5,37 7.5,52 V68.5 C7.5,83.5 15.5,92.5 27.5,92.5 C35,92.5 41,89 45,82.5"),
  d: g(64, "M46.5,0 V100 M46.5,46 C44,35 37,28 27,28 C15.5,28 7.5,37 7.5,52 V68.5 C7.5,83.5 15.5,92.5 27,92.5 C37,92.5 44,86 46.5,76"),
  e: g(62, "M7.5,60 H45 V52 C45,37 37,28 26.5,28 C15,28 7.5,37 7.5,52 V68.5 C7.5,83.5 15.5,92.5 27,92.5 C35,92.5 41,89 45,83"),
  f: g(46, "M37,8.5 C34.5,7.8 32,7.5 29.5,7.5 C21,7.5 16.5,12 16.5,21 V100 M3,33 H35"),
  g: g(
    64,
    "M46.5,28 V105 C46.5,116 39,120.5 27,120.5 C19.5,120.5 13,118 9,113.5 M46.5,45 C44,34.5 37,28 27,28 C15.5,28 7.5,37 7.5,51.5 V65 C7.5,80 15.5,88.5 27,88.5 C37,88.5 44,82 46.5,72",
  ),
  i: g(26, "M7.5,20.5 V100 M7.5,0 V11"),
  j: g(33, "M16,20.5 V108 C16,116.5 12,120.5 4,120.5 H1 M16,0 V11"),
  l: g(26, "M7.5,0 V100"),
  n: g(60, "M7.5,100 V26 M7.5,46 C7.5,33 15,28 25,28 C36,28 42.5,33 42.5,46 V100"),
  o: g(64, O_LOWER),
  p: g(64, "M7.5,26 V128 M7.5,46 C10,35 17,28 27,28 C38.5,28 46.5,37 46.5,52 V68.5 C46.5,83.5 38.5,92.5 27,92.5 C17,92.5 10,86 7.5,76"),
  q: g(64, "M46.5,26 V128 M46.5,46 C44,35 37,28 27,28 C15.5,28 7.5,37 7.5,52 V68.5 C7.5,83.5 15.5,92.5 27,92.5 C37,92.5 44,86 46.5,76"),
  r: g(45, "M7.5,100 V26 M7.5,49 C7.5,35.5 15,28 26,28 H34"),
  s: g(58, "M41.5,36 C37.5,30.5 32,28 25.5,28 C15,28 9,33.5 9,42.5 C9,61.5 43,55 43,75.5 C43,86.5 36,92.5 25,92.5 C17,92.5 10.5,89 6.5,83"),
  u: g(60, "M7.5,20.5 V74.5 C7.5,87 14.5,92.5 25,92.5 C35.5,92.5 42.5,87 42.5,74.5 M42.5,20.5 V100"),
  v: g(60, "M3.5,20.5 L20.5,92.5 H27.5 L44.5,20.5"),
  w: g(82, "M3,20.5 L15.5,92.5 H21.5 L31,40 H39 L48.5,92.5 H54.5 L67,20.5"),
  x: g(58, "M5,20.5 L43,100 M43,20.5 L5,100"),
  y: g(60, "M3.5,20.5 L24.5,93 M44.5,20.5 L21.5,110 C19.5,117 15.5,120.5 7,120.5"),
  z: g(56, "M6,28 H42 L6.5,92.5 H43"),
  æ: g(
    84,
    "M9,35 C13,30.5 19,28 26,28 C36,28 40.5,33.5 40.5,45 V93 M40.5,60 H76.5 V52 C76.5,37 69,28 58.5,28 C47.5,28 40.5,37 40.5,52 V68.5 C40.5,83.5 48,92.5 59,92.5 C67,92.5 73,89 77,83 M40.5,61 C36.5,57.5 31,56 25.5,56 C14,56 7.5,62.5 7.5,74.5 C7.5,86 14.5,92.5 24,92.5 C31.5,92.5 37.5,88.5 40.5,82",
  ),
  ø: g(64, `${O_LOWER} M5,100 L49,20.5`),
  å: g(60, `${A_LOWER} M14.5,3 A10.5,10.5 0 1 0 35.5,3 A10.5,10.5 0 1 0 14.5,3 Z`),
  é: g(62, "M7.5,60 H45 V52 C45,37 37,28 26.5,28 C15,28 7.5,37 7.5,52 V68.5 C7.5,83.5 15.5,92.5 27,92.5 C35,92.5 41,89 45,83 M21,14 L34,0"),
  ü: g(60, "M7.5,20.5 V74.5 C7.5,87 14.5,92.5 25,92.5 C35.5,92.5 42.5,87 42.5,74.5 M42.5,20.5 V100 M12,0 V10 M38,0 V10"),
  ö: g(64, `${O_LOWER} M16,0 V10 M38,0 V10`),
  ä: g(60, `${A_LOWER} M15,0 V10 M37,0 V10`),

  A: g(72, A_UPPER),
  B: g(68, "M7.5,100 V7.5 H31 C42,7.5 48,14 48,27 C48,39.5 42,46 31,46 H7.5 M31,46 C44,46 51,53.5 51,69 C51,84.5 44,92.5 31,92.5 H7.5"),
  C: g(68, "M52.5,21 C47.5,12 40.5,7.5 31.5,7.5 C17,7.5 8,18 8,35 V65 C8,82 17,92.5 31.5,92.5 C40.5,92.5 47.5,88.5 52.5,79.5"),
  D: g(70, "M7.5,7.5 H27 C43,7.5 52.5,17 52.5,35 V65 C52.5,83 43,92.5 27,92.5 H7.5 Z"),
  E: g(64, "M50.5,7.5 H7.5 V92.5 H50.5 M7.5,50 H44.5"),
  F: g(62, "M50.5,7.5 H7.5 V100 M7.5,50 H44.5"),
  G: g(70, "M52.5,21 C47.5,12 40.5,7.5 31.5,7.5 C17,7.5 8,18 8,35 V65 C8,82 17,92.5 31.5,92.5 C43,92.5 52.5,85 52.5,70 V55 H33"),
  H: g(70, "M7.5,0 V100 M52,0 V100 M7.5,50 H52"),
  I: g(26, "M7.5,0 V100"),
  J: g(58, "M41,0 V70 C41,85 33.5,92.5 22.5,92.5 C13.5,92.5 7.5,88 4,81"),
  K: g(68, "M7.5,0 V100 M51,0 L7.5,60 M22.5,42 L54,100"),
  L: g(60, "M7.5,0 V92.5 H47.5"),
  M: g(80, "M7.5,100 V0 M9,6 L32,68 H38 L61,6 M62.5,0 V100"),
  N: g(70, "M7.5,100 V0 M7.5,5 L52.5,95 M52.5,0 V100"),
  Q: g(74, `${O_UPPER} M38,72 L59,104`),
  R: g(68, "M7.5,100 V7.5 H30 C43,7.5 50.5,15 50.5,29 C50.5,43 43,50.5 30,50.5 H7.5 M28.5,50.5 L53,100"),
  U: g(71, "M7.5,0 V66 C7.5,83 16.5,92.5 30.5,92.5 C44.5,92.5 53.5,83 53.5,66 V0"),
  V: g(70, "M3,0 L26.5,92.5 H33.5 L57,0"),
  W: g(90, "M3,0 L18,92.5 H24 L37,22 H43 L56,92.5 H62 L77,0"),
  X: g(68, "M5,0 L53,100 M53,0 L5,100"),
  Y: g(68, "M3,0 L29,50 L55,0 M29,50 V100"),
  Z: g(66, "M7,7.5 H51 L7,92.5 H52"),
  Æ: g(94, "M3,100 L33,7.5 H77 M33,7.5 V92.5 H77 M33,50 H71 M13,69 H33"),
  Ø: g(74, `${O_UPPER} M5,100 L59,0`),
  Å: g(72, `${A_UPPER} M20.5,-19 A10.5,10.5 0 1 0 41.5,-19 A10.5,10.5 0 1 0 20.5,-19 Z`),
  // Shared letters with the spacing of this alphabet (render/glyphs.ts sets them tighter for short codes).
  h: g(60, GLYPHS.h!.d),
  k: g(60, GLYPHS.k!.d),
  m: g(88, GLYPHS.m!.d),
  t: g(44, GLYPHS.t!.d),
  O: g(72, O_UPPER),
  P: g(66, GLYPHS.P!.d),
  S: g(64, GLYPHS.S!.d),
  T: g(62, GLYPHS.T!.d),
  "(": g(30, "M23,0 C13,20 8.5,35 8.5,50 C8.5,65 13,80 23,100"),
  ")": g(30, "M7,0 C17,20 21.5,35 21.5,50 C21.5,65 17,80 7,100"),
  "+": g(56, "M28,38 V86 M4,62 H52"),
  ":": g(26, "M13,28 V40 M13,81 V93"),
  "–": g(56, "M6,58 H50"),
  "&": g(
    64,
    "M58,100 L20,47 C14,39 12,33 12,26 C12,15 19,7.5 29,7.5 C38,7.5 44,14 44,23 C44,34 35,40 24,47 C14,53 8,60 8,71 C8,84 17,92.5 30,92.5 C42,92.5 51,85 56,70",
  ),
  "'": g(22, "M11,0 V22"),
  "!": g(26, "M13,0 V66 M13,81 V100"),
  "?": g(52, "M7,22 C10,12 17,7.5 26,7.5 C37,7.5 44.5,14 44.5,25 C44.5,37 36,42 29,49 C26,52 25,56 25,62 V67 M25,81 V100"),
};

/** The glyph of a character: this module's letters first, then the shared digits and letters. */
function glyphOf(ch: string): Glyph | undefined {
  return LETTERS[ch] ?? GLYPHS[ch];
}

/** True when every character of `value` can be drawn as paths. */
export function hasLettering(value: string): boolean {
  for (const ch of value) if (!glyphOf(ch)) return false;
  return value.length > 0;
}

/** Ink width of `value` in mm at cap height `capHeight` (the layout measure used by `lettering`). */
export function letteringWidth(value: string, capHeight: number, weight = 0.15, tracking = 0): number {
  const extra = weight * 100 - GLYPH_STROKE;
  const k = capHeight / (100 + extra);
  const chars = [...value];
  let units = 0;
  for (const ch of chars) units += glyphOf(ch)?.advance ?? 56;
  return Math.max(0, (units + tracking * (chars.length - 1) - 9 + extra) * k);
}

export interface LetteringOptions {
  anchor?: "start" | "middle" | "end";
  /** Stroke weight as a share of the cap height (0.15 as the shared glyphs). */
  weight?: number;
  /** Squeeze horizontally to at most this width (mm). */
  maxWidth?: number;
  /** Extra space between letters in glyph units (100 = cap height); plates are set with open spacing. */
  tracking?: number;
}

/**
 * A line of text with its baseline at `y`, drawn as stroked paths (or, for characters outside the alphabet,
 * as font text).
 */
export function lettering(value: string, x: number, y: number, capHeight: number, color: Paint, options: LetteringOptions = {}): SignLayer {
  const anchor = options.anchor ?? "middle";
  const weight = options.weight ?? 0.15;
  if (!hasLettering(value)) {
    return {
      kind: "text",
      text: value,
      x,
      y,
      capHeight,
      color,
      anchor,
      render: "font",
      ...(options.maxWidth ? { maxWidth: options.maxWidth } : {}),
    };
  }
  const strokeUnits = weight * 100;
  const extra = strokeUnits - GLYPH_STROKE;
  const k = capHeight / (100 + extra);
  const chars = [...value];
  const tracking = options.tracking ?? 0;
  const units = chars.reduce((sum, ch) => sum + (glyphOf(ch)?.advance ?? 0), 0) + tracking * (chars.length - 1) - 9 + extra;
  let sx = k;
  if (options.maxWidth && units * k > options.maxWidth) sx = options.maxWidth / units;
  const total = units * sx;
  const left = anchor === "start" ? x : anchor === "end" ? x - total : x - total / 2;
  const glyphLayers: SignLayer[] = [];
  let cursor = extra / 2;
  for (const ch of chars) {
    const glyph = glyphOf(ch)!;
    if (glyph.d) {
      glyphLayers.push({
        kind: "group",
        transform: `translate(${r1(cursor)} ${r1(extra / 2)})`,
        layers: [{ kind: "path", d: glyph.d, stroke: color, strokeWidth: strokeUnits, lineCap: "butt", lineJoin: "miter" }],
      });
    }
    cursor += glyph.advance + tracking;
  }
  return {
    kind: "group",
    transform: `translate(${r1(left)} ${r1(y - capHeight)}) scale(${r4(sx)} ${r4(k)})`,
    layers: glyphLayers,
  };
}

const r1 = (v: number) => String(Math.round(v * 10) / 10);
const r4 = (v: number) => String(Math.round(v * 10000) / 10000);
