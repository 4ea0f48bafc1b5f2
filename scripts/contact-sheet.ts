// One contact sheet: every entry of a category large and at about its size on paper, with its code, name,
// id and real size, as one PNG (scripts/sewer-contact-sheets.ts, scripts/se-contact-sheets.ts).
import sharp from "sharp";
import type { RenderOptions } from "../src/lib/signs/render/render-svg";

export interface SheetEntry {
  /** The entry's own SVG at `options.pixels` (longest side), its clip ids prefixed with `options.idPrefix`. */
  svg(options: RenderOptions): string;
  code: string;
  name: string;
  id: string;
  /** The real size as shown, e.g. "0.64 × 0.64 m". */
  size: string;
}

const COLS = 6;
const CELL_W = 250;
const CELL_H = 230;
const BIG = 140;
const SMALL = 40;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** An entry's own SVG as a nested <svg> at (x, y), fitted into a box of `px`. */
const nested = (svg: string, x: number, y: number, px: number) =>
  svg
    .replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/, `<svg x="${x}" y="${y}"`)
    .replace(/ width="[\d.]+" height="[\d.]+"/, ` width="${px}" height="${px}"`)
    .replace(/<title>.*?<\/title>/, "");

export async function writeContactSheet(file: string, title: string, entries: readonly SheetEntry[]): Promise<void> {
  const rows = Math.ceil(entries.length / COLS);
  const width = COLS * CELL_W;
  const height = rows * CELL_H + 50;
  const cells = entries.map((entry, i) => {
    const x = (i % COLS) * CELL_W;
    const y = 50 + Math.floor(i / COLS) * CELL_H;
    return [
      `<rect x="${x + 4}" y="${y + 4}" width="${CELL_W - 8}" height="${CELL_H - 8}" fill="none" stroke="#cccccc"/>`,
      // Every nested drawing needs its own clip ids: the sheet is one SVG document.
      nested(entry.svg({ pixels: BIG, idPrefix: `e${i}b` }), x + 14, y + 12, BIG),
      nested(entry.svg({ pixels: SMALL, idPrefix: `e${i}s` }), x + 14 + BIG + 30, y + 12 + BIG - SMALL, SMALL),
      `<text x="${x + 14}" y="${y + BIG + 36}" font-family="DejaVu Sans" font-size="15" font-weight="bold">${esc(entry.code)}</text>`,
      `<text x="${x + 14}" y="${y + BIG + 56}" font-family="DejaVu Sans" font-size="13">${esc(entry.name)}</text>`,
      `<text x="${x + 14}" y="${y + BIG + 74}" font-family="DejaVu Sans" font-size="11" fill="#666666">${esc(entry.id)} · ${esc(entry.size)}</text>`,
    ].join("");
  });
  const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#eeeeee"/><text x="14" y="34" font-family="DejaVu Sans" font-size="22" font-weight="bold">${esc(title)} (${entries.length})</text>${cells.join("")}</svg>`;
  await sharp(Buffer.from(sheet)).png().toFile(file);
}
