/** SVG building blocks for pages and pictures drawn on paper, in page millimetres: below the kinds, which draw their elements with them, and the export, which lays out pages with them. */
import { asString, type Color } from "ol/color";
import type { ColorLike, PatternDescriptor } from "ol/colorlike";
import type { Coordinate } from "ol/coordinate";

/**
 * The pages' font family. The PDF sets it in the embedded Liberation Sans (pdf-fonts.ts), a JPG in the
 * browser's Helvetica or its stand-in (Arial, Liberation Sans): all have the same advance widths, so
 * text measured here fits both.
 */
export const PAPER_FONT = "helvetica";

export const num = (value: number) => (Math.round(value * 1000) / 1000).toString();

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** An OpenLayers colour as SVG paint and its opacity (svg2pdf and PDF want them apart). */
export function paint(colour: Color | ColorLike | PatternDescriptor | null | undefined): { colour: string; opacity: number } | null {
  if (colour === null || colour === undefined) return null;
  if (typeof colour === "object" && !Array.isArray(colour)) return null; // a canvas pattern or gradient: none of our kinds
  const rgba = (Array.isArray(colour) ? asString(colour) : String(colour)).trim();
  const match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(rgba);
  if (match) {
    const alpha = match[4] === undefined ? 1 : match[4].endsWith("%") ? parseFloat(match[4]) / 100 : parseFloat(match[4]);
    return { colour: `rgb(${match[1]},${match[2]},${match[3]})`, opacity: alpha };
  }
  return { colour: rgba, opacity: 1 };
}

/** Font size in CSS pixels and weight of a canvas font string ("600 12px system-ui, sans-serif"). */
export function parseFont(font: string | undefined): { px: number; bold: boolean } {
  const size = /([\d.]+)px/.exec(font ?? "");
  const weight = /(^|\s)(bold|[6-9]00)(\s|$)/.exec(font ?? "");
  return { px: size ? parseFloat(size[1]!) : 10, bold: !!weight };
}

/** SVG text: one <text> per line, anchored as canvas text is (`align`, middle baseline). */
export function textSvg(
  lines: readonly string[],
  [x, y]: Coordinate,
  options: {
    sizeMm: number;
    bold?: boolean;
    colour: string;
    opacity?: number;
    align?: "start" | "middle" | "end";
    rotation?: number;
    halo?: { colour: string; widthMm: number } | null;
    letterSpacingMm?: number;
  },
): string {
  const size = options.sizeMm;
  const lineHeight = size * 1.2;
  const first = -((lines.length - 1) * lineHeight) / 2;
  // Helvetica's cap height is 0.72 em: a baseline this far below the middle centres capitals on it.
  const baseline = size * 0.35;
  const common = `font-family="${PAPER_FONT}" font-size="${num(size)}"${options.bold ? ' font-weight="bold"' : ""} text-anchor="${options.align ?? "middle"}"${
    options.letterSpacingMm ? ` letter-spacing="${num(options.letterSpacingMm)}"` : ""
  }`;
  const transform = options.rotation ? ` transform="rotate(${num((options.rotation * 180) / Math.PI)} ${num(x!)} ${num(y!)})"` : "";
  let out = "";
  for (const [index, line] of lines.entries()) {
    const ly = y! + first + index * lineHeight + baseline;
    const content = escapeXml(line);
    if (options.halo)
      out += `<text x="${num(x!)}" y="${num(ly)}" ${common} fill="none" stroke="${options.halo.colour}" stroke-width="${num(options.halo.widthMm)}" stroke-linejoin="round">${content}</text>`;
    out += `<text x="${num(x!)}" y="${num(ly)}" ${common} fill="${options.colour}"${options.opacity !== undefined && options.opacity < 1 ? ` fill-opacity="${num(options.opacity)}"` : ""}>${content}</text>`;
  }
  return `<g${transform}>${out}</g>`;
}

let measurer: CanvasRenderingContext2D | null | undefined;

/**
 * Width in millimetres of `text` set in the page's font at `sizeMm`: measured with a canvas in the
 * browser, estimated from Helvetica's average advance (0.55 em) elsewhere (tests in Node).
 */
export function textWidthMm(text: string, sizeMm: number, bold = false): number {
  if (measurer === undefined) measurer = globalThis.document?.createElement("canvas").getContext("2d") ?? null;
  if (!measurer) return text.length * sizeMm * 0.55;
  // Measured at 100 px an mm, so rounding in the canvas's font size does not matter.
  measurer.font = `${bold ? "bold " : ""}${sizeMm * 100}px ${PAPER_FONT}, Arial, sans-serif`;
  return measurer.measureText(text).width / 100;
}

/** `text` broken into lines no wider than `widthMm` (at word boundaries; a too-long word is cut). */
export function wrapText(text: string, widthMm: number, sizeMm: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidthMm(candidate, sizeMm, bold) <= widthMm) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (textWidthMm(rest, sizeMm, bold) > widthMm && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidthMm(rest.slice(0, cut), sizeMm, bold) > widthMm) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** `text` in at most `maxLines` lines no wider than `widthMm`; what does not fit is cut with an ellipsis. */
export function wrapLines(text: string, widthMm: number, sizeMm: number, maxLines: number, bold = false): string[] {
  const lines = wrapText(text, widthMm, sizeMm, bold);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && textWidthMm(`${last} …`, sizeMm, bold) > widthMm) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last} …`;
  return kept;
}

/** One line of text with its baseline at y (not centred like textSvg). */
export function lineSvg(
  text: string,
  x: number,
  y: number,
  sizeMm: number,
  options: { bold?: boolean; colour?: string; align?: "start" | "middle" | "end" } = {},
): string {
  return `<text x="${num(x)}" y="${num(y)}" font-family="${PAPER_FONT}" font-size="${num(sizeMm)}"${options.bold ? ' font-weight="bold"' : ""} text-anchor="${
    options.align ?? "start"
  }" fill="${options.colour ?? "#1a1a1a"}">${escapeXml(text)}</text>`;
}
