/**
 * Technical lettering for sewer symbols: even-stroke capitals in the manner of drawing-office lettering
 * (ISO 3098), drawn as paths so the abbreviations on a symbol ("RB", "HL", "FU") read the same in every
 * rasteriser and print, with or without fonts. Digits come from the road-sign glyphs (render/glyphs.ts).
 *
 * Each letter is a centre line in a box of 100 units cap height (y = 0 cap line, y = 100 baseline).
 */
import { GLYPHS } from "../render/glyphs";
import { num } from "../render/geometry";
import type { Paint, SignLayer } from "../render/types";

interface Letter {
  advance: number;
  d: string;
}

const O = "M31,0 C14,0 6,18 6,50 C6,82 14,100 31,100 C48,100 56,82 56,50 C56,18 48,0 31,0 Z";
const P = "M8,100 V0 H34 C48,0 55,10 55,26 C55,42 48,52 34,52 H8";

const LETTERS: Record<string, Letter> = {
  A: { advance: 62, d: "M5,100 L31,0 L57,100 M14,66 H48" },
  B: { advance: 64, d: "M8,100 V0 H33 C46,0 52,9 52,23 C52,37 45,47 33,47 H8 M33,47 C48,47 56,57 56,72 C56,90 47,100 33,100 H8" },
  C: { advance: 62, d: "M55,18 C50,6 41,0 32,0 C15,0 6,18 6,50 C6,82 15,100 32,100 C41,100 50,94 55,82" },
  D: { advance: 64, d: "M8,0 V100 H27 C46,100 56,82 56,50 C56,18 46,0 27,0 Z" },
  E: { advance: 58, d: "M52,0 H8 V100 H52 M8,48 H44" },
  F: { advance: 56, d: "M52,0 H8 V100 M8,48 H44" },
  G: { advance: 64, d: "M55,18 C50,6 41,0 32,0 C15,0 6,18 6,50 C6,82 15,100 32,100 C47,100 56,90 56,72 V55 H35" },
  H: { advance: 64, d: "M8,0 V100 M55,0 V100 M8,48 H55" },
  I: { advance: 22, d: "M9,0 V100" },
  K: { advance: 60, d: "M8,0 V100 M54,0 L8,62 M24,43 L56,100" },
  L: { advance: 54, d: "M8,0 V100 H50" },
  M: { advance: 70, d: "M7,100 V0 L35,70 L63,0 V100" },
  N: { advance: 64, d: "M8,100 V0 L55,100 V0" },
  O: { advance: 64, d: O },
  Ø: { advance: 64, d: `${O} M59,-4 L3,104` },
  P: { advance: 60, d: P },
  R: { advance: 62, d: `${P} M31,52 L56,100` },
  S: {
    advance: 60,
    d: "M52,16 C48,6 40,0 30,0 C16,0 8,8 8,24 C8,40 20,45 31,49 C44,54 54,60 54,76 C54,92 44,100 30,100 C18,100 9,94 6,82",
  },
  T: { advance: 60, d: "M4,0 H56 M30,0 V100" },
  U: { advance: 64, d: "M8,0 V68 C8,89 17,100 31,100 C46,100 55,89 55,68 V0" },
  V: { advance: 60, d: "M4,0 L30,100 L56,0" },
  W: { advance: 74, d: "M3,0 L19,100 L37,22 L55,100 L71,0" },
  X: { advance: 60, d: "M6,0 L54,100 M54,0 L6,100" },
  " ": { advance: 30, d: "" },
};

function letter(ch: string): Letter | null {
  const own = LETTERS[ch];
  if (own) return own;
  const glyph = GLYPHS[ch];
  return glyph ? { advance: glyph.advance, d: glyph.d } : null;
}

/** The advance of a string in cap-height units (100 = one cap height), without the last letter's bearing. */
function advanceOf(text: string): number {
  return [...text].reduce((sum, ch) => sum + (letter(ch)?.advance ?? 0), 0) - 8;
}

/**
 * A line of capitals centred on (cx, baseline y), `capHeight` mm tall, squeezed to `maxWidth` if given.
 * Unknown characters throw: a catalogue symbol must not silently lose a letter.
 */
export function lettering(text: string, cx: number, y: number, capHeight: number, color: Paint, maxWidth?: number): SignLayer {
  for (const ch of text) if (!letter(ch)) throw new Error(`lettering: no letter "${ch}" in "${text}"`);
  const k = capHeight / 100;
  const width = advanceOf(text);
  const sx = maxWidth && width * k > maxWidth ? maxWidth / width : k;
  let cursor = 0;
  const layers: SignLayer[] = [];
  for (const ch of text) {
    const l = letter(ch)!;
    if (l.d)
      layers.push({
        kind: "group",
        transform: `translate(${num(cursor)} 0)`,
        layers: [{ kind: "path", d: l.d, stroke: color, strokeWidth: 13, lineCap: "round", lineJoin: "round" }],
      });
    cursor += l.advance;
  }
  const r = (v: number) => Math.round(v * 10000) / 10000;
  return { kind: "group", transform: `translate(${num(cx - (width * sx) / 2)} ${num(y - capHeight)}) scale(${r(sx)} ${r(k)})`, layers };
}
