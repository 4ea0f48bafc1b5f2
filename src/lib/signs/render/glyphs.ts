/**
 * A small built-in glyph set in the manner of the Danish road-sign lettering (DIN 1451 style: strokes of
 * even width, squared ends), so digits on speed limits and weight or height limits render the same in
 * every rasteriser, with or without fonts installed.
 *
 * Each glyph is a centre line drawn with a stroke: the box is 100 units of cap height (y = 0 cap line,
 * y = 100 baseline), designed for a stroke of 15 units (centre lines sit 7.5 units inside the box).
 * `advance` includes the side bearings.
 */
export interface Glyph {
  advance: number;
  /** Left bearing before the ink starts (the ink box starts at x = 0 in `d`). */
  d: string;
}

const DIGITS: Record<string, Glyph> = {
  "0": { advance: 66, d: "M7.5,29 A20.5,21.5 0 0 1 48.5,29 V71 A20.5,21.5 0 0 1 7.5,71 Z" },
  "1": { advance: 50, d: "M8,24 L30,7.5 V100" },
  "2": { advance: 66, d: "M8,29 C8,15 16,7.5 28,7.5 C40,7.5 48.5,15 48.5,28 C48.5,40 42,48 34,58 L9,92.5 H50" },
  "3": { advance: 66, d: "M9,7.5 H47 L25,41 C39,39 49.5,48 49.5,65 C49.5,82 40,92.5 27,92.5 C18,92.5 11,88 7,80" },
  "4": { advance: 66, d: "M40,100 V7.5 L5,70 H54" },
  "5": { advance: 66, d: "M46,7.5 H13 L10.5,45 C15,40 21,38 28,38 C41,38 49.5,48 49.5,64 C49.5,82 40,92.5 27,92.5 C18,92.5 11,88 7,80" },
  "6": { advance: 66, d: "M41,4 L13,57 M7.5,71.5 A20.5,21 0 1 0 48.5,71.5 A20.5,21 0 1 0 7.5,71.5 Z" },
  "7": { advance: 62, d: "M6,7.5 H48 L19,100" },
  "8": {
    advance: 66,
    d: "M28,7.5 A19,19.5 0 1 0 28,46.5 A19,19.5 0 1 0 28,7.5 Z M28,46.5 A21.5,23 0 1 0 28,92.5 A21.5,23 0 1 0 28,46.5 Z",
  },
  "9": { advance: 66, d: "M15,96 L43,43 M48.5,28.5 A20.5,21 0 1 0 7.5,28.5 A20.5,21 0 1 0 48.5,28.5 Z" },
};

const OTHERS: Record<string, Glyph> = {
  " ": { advance: 30, d: "" },
  ",": { advance: 26, d: "M15,82 L9,106" },
  ".": { advance: 26, d: "M13,81 V100" },
  "-": { advance: 40, d: "M6,58 H34" },
  "/": { advance: 40, d: "M34,0 L6,100" },
  "%": { advance: 76, d: "M17,6 A10,12 0 1 0 17,30 A10,12 0 1 0 17,6 Z M50,70 A10,12 0 1 0 50,94 A10,12 0 1 0 50,70 Z M58,2 L9,98" },
  t: { advance: 42, d: "M16,10 V80 C16,88 20,92.5 28,92.5 H37 M3,33 H36" },
  m: {
    advance: 80,
    d: "M7.5,100 V26 M7.5,46 C7.5,33 15,28 24,28 C34,28 40,33 40,46 V100 M40,46 C40,33 47,28 56,28 C66,28 72.5,33 72.5,46 V100",
  },
  k: { advance: 52, d: "M7.5,0 V100 M46,26 L7.5,68 M22,53 L48,100" },
  h: { advance: 54, d: "M7.5,0 V100 M7.5,46 C7.5,33 15,28 25,28 C36,28 42.5,33 42.5,46 V100" },
  S: {
    advance: 60,
    d: "M48,18 C43,11 36,7.5 28,7.5 C16,7.5 9,14.5 9,26 C9,52 49,44 49,72 C49,85 40,92.5 27.5,92.5 C18,92.5 10.5,88 6.5,80",
  },
  T: { advance: 58, d: "M3,7.5 H53 M28,7.5 V100" },
  O: { advance: 68, d: "M7.5,32 A24.5,24.5 0 0 1 56.5,32 V68 A24.5,24.5 0 0 1 7.5,68 Z" },
  Z: { advance: 58, d: "M6,7.5 H50 L7,92.5 H52" },
  o: { advance: 58, d: "M28.5,35.5 A21,28.5 0 1 0 28.5,92.5 A21,28.5 0 1 0 28.5,35.5 Z" },
  n: { advance: 54, d: "M7.5,28 V100 M7.5,50 C7.5,37 15,30.5 25,30.5 C36,30.5 42.5,37 42.5,50 V100" },
  e: { advance: 57, d: "M8,64 H49 C49,44 40,35.5 28.5,35.5 C16,35.5 7.5,46 7.5,64 C7.5,82 16,92.5 29,92.5 C37,92.5 43,89 47,83" },
  P: { advance: 60, d: "M7.5,100 V7.5 H30 C43,7.5 50.5,15 50.5,29 C50.5,43 43,50.5 30,50.5 H7.5" },
};

/**
 * Danish sign digits are wide and round (about three quarters of their height); the centre lines above
 * are drawn narrow for legibility of the source, and widened here once.
 */
const DIGIT_WIDEN = 1.24;

/** Scales the x coordinates of absolute path data (commands M L H V C Q A Z) about x = 7.5. */
function widenPath(d: string, k: number): string {
  const sx = (x: number) => String(Math.round((7.5 + (x - 7.5) * k) * 10) / 10);
  const out: string[] = [];
  const tokens = d.match(/[A-Za-z]|-?\d*\.?\d+/g) ?? [];
  let cmd = "";
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      out.push(t);
      i++;
      continue;
    }
    const nums = (n: number) => tokens.slice(i, i + n).map(Number);
    if (cmd === "H") {
      out.push(sx(Number(t)));
      i += 1;
    } else if (cmd === "V") {
      out.push(t);
      i += 1;
    } else if (cmd === "A") {
      const [rx, ry, rot, large, sweep, x, y] = nums(7) as [number, number, number, number, number, number, number];
      out.push(`${Math.round(rx * k * 10) / 10},${ry} ${rot} ${large} ${sweep} ${sx(x)},${y}`);
      i += 7;
    } else {
      const [x, y] = nums(2) as [number, number];
      out.push(`${sx(x)},${y}`);
      i += 2;
    }
  }
  return out
    .join(" ")
    .replace(/ ([A-Za-z]) /g, " $1")
    .replace(/([A-Za-z]) /g, "$1");
}

const WIDE_DIGITS: Record<string, Glyph> = Object.fromEntries(
  Object.entries(DIGITS).map(([ch, g]) => [
    ch,
    { advance: Math.round(7.5 + (g.advance - 7.5) * DIGIT_WIDEN), d: widenPath(g.d, DIGIT_WIDEN) },
  ]),
);

export const GLYPHS: Readonly<Record<string, Glyph>> = { ...WIDE_DIGITS, ...OTHERS };

/** The stroke the glyph centre lines are designed for (units of a 100-unit cap height). */
export const GLYPH_STROKE = 15;

/** True when every character of `text` has a built-in glyph. */
export function hasGlyphs(text: string): boolean {
  for (const ch of text) if (!(ch in GLYPHS)) return false;
  return text.length > 0;
}

/** Width of `text` in glyph units (100 = cap height), without the last glyph's right bearing trimmed. */
export function glyphTextWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += GLYPHS[ch]?.advance ?? 0;
  return w;
}
