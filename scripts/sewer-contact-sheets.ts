// `node --import tsx scripts/sewer-contact-sheets.ts [out-dir]`: one PNG per sewer symbol category
// (default /tmp/sewer-contact-sheets/<category>.png), every symbol large and at about the size it has on
// paper (a Ø425 well at 1:100 is 4 mm, some 48 px at 300 dpi), with its code and name, so a reviewer sees
// the whole catalogue at a glance: line weights, proportions and whether it reads small.
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderSewerDefinitionSvg } from "../src/lib/signs/sewer/define";
import { SEWER_SYMBOL_DEFINITIONS } from "../src/lib/signs/sewer/index";
import { SEWER_SYMBOL_CATEGORIES } from "../src/lib/signs/types";

const out = process.argv[2] ?? "/tmp/sewer-contact-sheets";
const COLS = 6;
const CELL_W = 250;
const CELL_H = 230;
const BIG = 140;
const SMALL = 40;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** The symbol's own SVG as a nested <svg> at (x, y), fitted into a box of `px`. */
const nested = (svg: string, x: number, y: number, px: number) =>
  svg
    .replace(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/, `<svg x="${x}" y="${y}"`)
    .replace(/ width="[\d.]+" height="[\d.]+"/, ` width="${px}" height="${px}"`)
    .replace(/<title>.*?<\/title>/, "");

mkdirSync(out, { recursive: true });
for (const category of SEWER_SYMBOL_CATEGORIES) {
  const defs = SEWER_SYMBOL_DEFINITIONS.filter((d) => d.meta.category === category);
  const rows = Math.ceil(defs.length / COLS);
  const width = COLS * CELL_W;
  const height = rows * CELL_H + 50;
  const cells = defs.map((def, i) => {
    const x = (i % COLS) * CELL_W;
    const y = 50 + Math.floor(i / COLS) * CELL_H;
    const svg = renderSewerDefinitionSvg(def, { pixels: BIG });
    const size = def.meta.initialWidthInMeters ? `${def.meta.initialWidthInMeters} × ${def.meta.initialHeightInMeters} m` : "følger zoom";
    return [
      `<rect x="${x + 4}" y="${y + 4}" width="${CELL_W - 8}" height="${CELL_H - 8}" fill="none" stroke="#cccccc"/>`,
      nested(svg, x + 14, y + 12, BIG),
      nested(renderSewerDefinitionSvg(def, { pixels: SMALL }), x + 14 + BIG + 30, y + 12 + BIG - SMALL, SMALL),
      `<text x="${x + 14}" y="${y + BIG + 36}" font-family="DejaVu Sans" font-size="15" font-weight="bold">${esc(def.meta.code)}</text>`,
      `<text x="${x + 14}" y="${y + BIG + 56}" font-family="DejaVu Sans" font-size="13">${esc(def.meta.name)}</text>`,
      `<text x="${x + 14}" y="${y + BIG + 74}" font-family="DejaVu Sans" font-size="11" fill="#666666">${esc(def.meta.id)} · ${esc(size)}</text>`,
    ].join("");
  });
  const sheet = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#eeeeee"/><text x="14" y="34" font-family="DejaVu Sans" font-size="22" font-weight="bold">${category} (${defs.length})</text>${cells.join("")}</svg>`;
  const file = path.join(out, `${category}.png`);
  await sharp(Buffer.from(sheet)).png().toFile(file);
  console.log(file);
}
