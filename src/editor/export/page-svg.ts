/**
 * An exported page as one SVG document in millimetres: the plan's elements clipped to the map's box, the
 * frame lines, and the panel with the legend and the title block (what a road authority reads first:
 * plan, project, address, phase, period, responsible person, contractor, client, scale with a scale bar,
 * north arrow, coordinates, date). The base map is not in it: it is raster, placed under this page by
 * the PDF and JPG writers. Everything here is vector, and every text a real text.
 */
import { pageLayout, PAGE_MARGIN_MM, paperOf, type Box, type PageLayout } from "./page-layout";
import { pipeSpecificationsTotal, type PipeSpecRow } from "../kinds/pipe/specifications";
import { PIPE_DASH_METRES } from "@/lib/elements/pipe";
import type { PaperSize } from "@/lib/schemas/export";
import { lineSvg, num, textWidthMm, wrapLines, wrapText } from "../core/svg/svg";

export interface LegendRow {
  /** The picture as a data: URL (SVG stays vector in the PDF). */
  image: string | null;
  /** Width / height of the picture. */
  aspect: number;
  /** A drawn sample instead of a picture (a barrier, a work area): its SVG in the given cell. */
  sample?: (cell: Box) => string;
  code: string;
  name: string;
  /** How many are placed; null for drawings, whose number says nothing. */
  count: number | null;
}

/** Texts of the page in the site's language (messages `export.page.*`). */
export interface PageTexts {
  legend: string;
  legendMore: (count: number) => string;
  count: (count: number) => string;
  scale: string;
  coordinates: (grid: string) => string;
  centre: string;
  date: string;
  description: string;
  rows: { label: string; value: string }[];
  footer: string;
  north: string;
  /** A number in the site's language ("2,5" on the scale bar). */
  decimal: (value: number) => string;
  pipes: PipeTableTexts;
}

/** Texts of the pipe specifications table (messages `editorExport.page.pipes.*`). */
export interface PipeTableTexts {
  title: string;
  name: string;
  dimension: string;
  material: string;
  length: string;
  total: string;
  more: (count: number) => string;
  /** A length in the site's language: "12,4 m". */
  metres: (metres: number) => string;
}

export interface TitleBlockContent {
  productName: string;
  planName: string;
  projectName: string;
  projectAddress: string;
  description: string;
  /** "1:500 (A3)"; null when the scale is not shown. */
  scaleText: string | null;
  /** The scale bar's length on the ground and on paper; null when not shown. */
  scaleBar: { metres: number; mm: number } | null;
  /** Angle of north on the page in radians clockwise from up; null when the north arrow is not shown. */
  north: number | null;
  /** Easting and northing of the frame's centre, with the grid's name; null when not shown. */
  coordinates: { grid: string; east: number; north: number } | null;
  date: string;
  logo: { href: string; aspect: number } | null;
  /** The pipe types used (src/editor/kinds/pipe/specifications.ts) and the print's 1:scale; null when not shown. */
  pipes: { rows: readonly PipeSpecRow[]; scale: number } | null;
  texts: PageTexts;
}

const LINE = "#1a1a1a";
const MUTED = "#555555";
const RULE = 0.25;

/** A scale bar length on the ground: 1, 2 or 5 × 10ⁿ metres, as long as fits in `maxMm` at 1:scale. */
export function scaleBarMetres(scale: number, maxMm: number): number {
  const maxMetres = (maxMm * scale) / 1000;
  const power = 10 ** Math.floor(Math.log10(maxMetres));
  for (const step of [5, 2, 1]) if (step * power <= maxMetres) return step * power;
  return power;
}

const groupThousands = (value: number) =>
  Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");

interface BlockPart {
  height: number;
  draw: (x: number, y: number) => string;
}

/**
 * The title block's content laid out in a box of `width`; returns its height and a painter. `maxHeight`
 * bounds the pipe table, the one part whose length the plan decides: its rows that do not fit are counted.
 */
export function titleBlock(
  content: TitleBlockContent,
  width: number,
  k: number,
  maxHeight = Infinity,
): { height: number; svg: (x: number, y: number) => string } {
  const pad = 2.5 * k;
  const inner = width - 2 * pad;
  const parts: BlockPart[] = [];
  const rule = (y: number, x: number) =>
    `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x + width)}" y2="${num(y)}" stroke="${LINE}" stroke-width="${RULE}"/>`;

  // Header: logo, plan name, project and address.
  {
    const titleSize = 4.2 * k;
    const projectSize = 3.1 * k;
    const addressSize = 2.7 * k;
    const logoHeight = content.logo ? Math.min(14 * k, inner / content.logo.aspect) : 0;
    const title = wrapText(content.planName, inner, titleSize, true);
    const project = content.projectName ? wrapText(content.projectName, inner, projectSize, true) : [];
    const address = content.projectAddress ? wrapText(content.projectAddress, inner, addressSize) : [];
    const height =
      pad +
      (logoHeight ? logoHeight + 2 * k : 0) +
      title.length * titleSize * 1.2 +
      (project.length * projectSize + address.length * addressSize) * 1.25 +
      pad;
    parts.push({
      height,
      draw: (x, y) => {
        let out = "";
        let cy = y + pad;
        if (content.logo && logoHeight) {
          out += `<image href="${content.logo.href}" x="${num(x + pad)}" y="${num(cy)}" width="${num(logoHeight * content.logo.aspect)}" height="${num(logoHeight)}" preserveAspectRatio="xMinYMin meet"/>`;
          cy += logoHeight + 2 * k;
        }
        for (const line of title) {
          cy += titleSize;
          out += lineSvg(line, x + pad, cy, titleSize, { bold: true });
          cy += titleSize * 0.2;
        }
        for (const line of project) {
          cy += projectSize * 1.25;
          out += lineSvg(line, x + pad, cy, projectSize, { bold: true });
        }
        for (const line of address) {
          cy += addressSize * 1.25;
          out += lineSvg(line, x + pad, cy, addressSize, { colour: MUTED });
        }
        return out;
      },
    });
  }

  // What authorities ask: phase, period, plan number, responsible person, contractor, client.
  const rows = content.texts.rows.filter((row) => row.value.trim());
  if (rows.length) {
    const size = 2.6 * k;
    const labelWidth = Math.min(inner * 0.42, Math.max(...rows.map((row) => textWidthMm(row.label, size * 0.9))) + 2 * k);
    const laid = rows.map((row) => ({ label: row.label, lines: wrapText(row.value, inner - labelWidth, size) }));
    const height = pad + laid.reduce((sum, row) => sum + row.lines.length * size * 1.3, 0) + pad * 0.6;
    parts.push({
      height,
      draw: (x, y) => {
        let out = "";
        let cy = y + pad * 0.8;
        for (const row of laid) {
          out += lineSvg(row.label, x + pad, cy + size, size * 0.9, { colour: MUTED });
          for (const line of row.lines) {
            cy += size * 1.3;
            out += lineSvg(line, x + pad + labelWidth, cy - size * 0.3, size);
          }
        }
        return out;
      },
    });
  }

  if (content.description.trim()) {
    const size = 2.5 * k;
    const lines = wrapText(content.description, inner, size);
    const height = pad + size * 1.1 + lines.length * size * 1.3 + pad * 0.6;
    parts.push({
      height,
      draw: (x, y) => {
        let cy = y + pad + size * 0.9;
        let out = lineSvg(content.texts.description, x + pad, cy, size * 0.9, { colour: MUTED });
        for (const line of lines) {
          cy += size * 1.3;
          out += lineSvg(line, x + pad, cy, size);
        }
        return out;
      },
    });
  }

  // Scale, scale bar and north arrow side by side.
  if (content.scaleText || content.scaleBar || content.north !== null) {
    const size = 2.6 * k;
    const arrow = content.north !== null ? 12 * k : 0;
    const height = pad + Math.max(arrow, (content.scaleText ? size * 1.6 : 0) + (content.scaleBar ? 7 * k : 0)) + pad;
    parts.push({
      height,
      draw: (x, y) => {
        let out = "";
        let cy = y + pad;
        if (content.scaleText) {
          cy += size;
          out += lineSvg(`${content.texts.scale} ${content.scaleText}`, x + pad, cy, size, { bold: true });
          cy += size * 0.6;
        }
        if (content.scaleBar) out += scaleBarSvg(x + pad, cy + 1.5 * k, content.scaleBar, k, content.texts.decimal);
        if (content.north !== null)
          out += northArrowSvg(x + width - pad - arrow / 2, y + pad + arrow / 2, arrow, content.north, content.texts.north);
        return out;
      },
    });
  }

  if (content.coordinates) {
    const size = 2.4 * k;
    const height = pad + size * 2.6 + pad * 0.6;
    const { grid, east, north } = content.coordinates;
    parts.push({
      height,
      draw: (x, y) =>
        lineSvg(content.texts.coordinates(grid), x + pad, y + pad + size * 0.9, size * 0.9, { colour: MUTED }) +
        lineSvg(`${content.texts.centre} E ${groupThousands(east)}  N ${groupThousands(north)}`, x + pad, y + pad + size * 2.2, size),
    });
  }

  {
    const size = 2.3 * k;
    const height = pad * 0.8 + size * 1.2 + pad * 0.6;
    parts.push({
      height,
      draw: (x, y) =>
        lineSvg(`${content.texts.date} ${content.date}`, x + pad, y + pad * 0.8 + size, size) +
        lineSvg(content.texts.footer, x + width - pad, y + pad * 0.8 + size, size, { colour: MUTED, align: "end" }),
    });
  }

  // The pipe table heads the block, under the legend: the reader looks up the lines there as the symbols.
  const rest = parts.reduce((sum, part) => sum + part.height, 0);
  const table = content.pipes?.rows.length ? pipeTablePart(content.pipes, content.texts.pipes, width, k, maxHeight - rest) : null;
  if (table) parts.unshift(table);
  const height = parts.reduce((sum, part) => sum + part.height, 0);
  return {
    height,
    svg: (x, y) => {
      let out = `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="#ffffff" stroke="${LINE}" stroke-width="${RULE * 2}"/>`;
      let cy = y;
      for (const [index, part] of parts.entries()) {
        if (index) out += rule(cy, x);
        out += part.draw(x, cy);
        cy += part.height;
      }
      return out;
    },
  };
}

/** The longest dash pattern's period in ground metres: it spans a table's sample, the others in proportion. */
const LONGEST_DASH_PERIOD = Math.max(...Object.values(PIPE_DASH_METRES).map((dashes) => dashes.reduce((sum, d) => sum + d, 0)));

/**
 * A pipe type's sample: its colour and dash pattern, the patterns scaled alike so the longest shows one
 * period and a short dash stays short; its width as printed, kept between a hairline and a bar.
 */
function pipeSampleSvg(row: PipeSpecRow, x: number, y: number, length: number, scale: number, k: number): string {
  const width = Math.min(Math.max(row.widthMm / scale, 0.5 * k), 1.4 * k);
  const mmPerMetre = length / LONGEST_DASH_PERIOD;
  const dashes = PIPE_DASH_METRES[row.dashPattern];
  const dash = dashes.length ? ` stroke-dasharray="${dashes.map((d) => num(d * mmPerMetre)).join(" ")}"` : "";
  return `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x + length)}" y2="${num(y)}" stroke="${row.colour}" stroke-width="${num(width)}"${dash}/>`;
}

/**
 * The pipe specifications: a sample, name, dimension, material and length of each pipe type, and the
 * total length. Rows that would pass `maxHeight` are left out and counted, as the legend counts its signs;
 * null when not even the heading with one line fits.
 */
function pipeTablePart(
  table: NonNullable<TitleBlockContent["pipes"]>,
  texts: PipeTableTexts,
  width: number,
  k: number,
  maxHeight: number,
): BlockPart | null {
  const pad = 2.5 * k;
  const inner = width - 2 * pad;
  const heading = 3 * k;
  const headSize = 2.1 * k;
  const size = 2.4 * k;
  const gap = 2 * k;
  const sample = 10 * k;
  const lineHeight = size * 1.2;
  const rowPad = 1.4 * k;

  const cells = table.rows.map((row) => ({
    dimension: row.dimension === null ? "–" : String(row.dimension),
    length: texts.metres(row.lengthMetres),
  }));
  const total = texts.metres(pipeSpecificationsTotal(table.rows));
  const widest = (values: string[], cap: number) =>
    Math.min(cap, Math.max(...values.map((value, i) => textWidthMm(value, i ? size : headSize, false))));
  const lengthWidth = Math.max(widest([texts.length, ...cells.map((c) => c.length)], inner), textWidthMm(total, size, true));
  const dimensionWidth = widest([texts.dimension, ...cells.map((c) => c.dimension)], inner * 0.2);
  const materialWidth = widest([texts.material, ...table.rows.map((row) => row.material ?? "–")], inner * 0.25);
  const nameX = sample + gap;
  const lengthRight = inner;
  const materialX = lengthRight - lengthWidth - gap - materialWidth;
  const dimensionRight = materialX - gap;
  const nameWidth = dimensionRight - dimensionWidth - gap - nameX;

  const laid = table.rows.map((row, i) => {
    // The type's label, not its full name: dimension and material have their columns.
    const name = wrapLines(row.label, nameWidth, size, 2);
    return {
      row,
      ...cells[i]!,
      name,
      material: wrapLines(row.material ?? "–", materialWidth, size, 1)[0]!,
      height: name.length * lineHeight + rowPad,
    };
  });
  const top = pad + heading * 1.5 + headSize * 1.4;
  const bottom = rowPad + lineHeight + pad * 0.6;
  const moreHeight = lineHeight + rowPad;
  let available = maxHeight - top - bottom;
  let shown = laid.length;
  let used = laid.reduce((sum, row) => sum + row.height, 0);
  if (used > available) {
    available -= moreHeight;
    used = 0;
    shown = 0;
    while (shown < laid.length && used + laid[shown]!.height <= available) used += laid[shown++]!.height;
    if (available < 0) return null;
    used += moreHeight;
  }
  const left = laid.length - shown;

  return {
    height: top + used + bottom,
    draw: (x, y) => {
      const left0 = x + pad;
      let out = lineSvg(texts.title, left0, y + pad + heading, heading, { bold: true });
      let cy = y + pad + heading * 1.5 + headSize;
      const head = { colour: MUTED };
      out += lineSvg(texts.name, left0 + nameX, cy, headSize, head);
      out += lineSvg(texts.dimension, left0 + dimensionRight, cy, headSize, { ...head, align: "end" });
      out += lineSvg(texts.material, left0 + materialX, cy, headSize, head);
      out += lineSvg(texts.length, left0 + lengthRight, cy, headSize, { ...head, align: "end" });
      cy += headSize * 0.4;
      for (const entry of laid.slice(0, shown)) {
        const middle = cy + entry.height / 2;
        const baseline = middle + size * 0.35 - ((entry.name.length - 1) * lineHeight) / 2;
        out += pipeSampleSvg(entry.row, left0, middle, sample, table.scale, k);
        entry.name.forEach((line, i) => (out += lineSvg(line, left0 + nameX, baseline + i * lineHeight, size)));
        const single = middle + size * 0.35;
        out += lineSvg(entry.dimension, left0 + dimensionRight, single, size, { align: "end" });
        out += lineSvg(entry.material, left0 + materialX, single, size);
        out += lineSvg(entry.length, left0 + lengthRight, single, size, { align: "end" });
        cy += entry.height;
      }
      if (left) {
        out += lineSvg(texts.more(left), left0 + nameX, cy + rowPad / 2 + size, size, { colour: MUTED });
        cy += moreHeight;
      }
      out += `<line x1="${num(left0 + nameX)}" y1="${num(cy + rowPad / 2)}" x2="${num(left0 + inner)}" y2="${num(cy + rowPad / 2)}" stroke="${LINE}" stroke-width="${RULE}"/>`;
      const totalBaseline = cy + rowPad + size;
      out += lineSvg(texts.total, left0 + nameX, totalBaseline, size, { bold: true });
      out += lineSvg(total, left0 + lengthRight, totalBaseline, size, { bold: true, align: "end" });
      return out;
    },
  };
}

function scaleBarSvg(x: number, y: number, bar: { metres: number; mm: number }, k: number, decimal: (value: number) => string): string {
  const h = 1.6 * k;
  const half = bar.mm / 2;
  const size = 2.1 * k;
  return (
    `<rect x="${num(x)}" y="${num(y)}" width="${num(half)}" height="${num(h)}" fill="${LINE}" stroke="${LINE}" stroke-width="0.2"/>` +
    `<rect x="${num(x + half)}" y="${num(y)}" width="${num(half)}" height="${num(h)}" fill="#ffffff" stroke="${LINE}" stroke-width="0.2"/>` +
    lineSvg("0", x, y + h + size * 1.2, size, { align: "middle" }) +
    lineSvg(decimal(bar.metres / 2), x + half, y + h + size * 1.2, size, { align: "middle" }) +
    lineSvg(`${decimal(bar.metres)} m`, x + bar.mm, y + h + size * 1.2, size, { align: "middle" })
  );
}

/** A north arrow: a split arrowhead pointing north on the page, with N at its tip. */
export function northArrowSvg(cx: number, cy: number, size: number, angle: number, letter: string): string {
  const r = size / 2;
  const degrees = (angle * 180) / Math.PI;
  const head = `M0 ${num(-r * 0.62)} L${num(r * 0.32)} ${num(r * 0.62)} L0 ${num(r * 0.3)} Z`;
  const other = `M0 ${num(-r * 0.62)} L${num(-r * 0.32)} ${num(r * 0.62)} L0 ${num(r * 0.3)} Z`;
  return (
    `<g transform="translate(${num(cx)} ${num(cy)}) rotate(${num(degrees)})">` +
    `<path d="${head}" fill="${LINE}"/><path d="${other}" fill="#ffffff" stroke="${LINE}" stroke-width="0.25"/>` +
    lineSvg(letter, 0, -r * 0.68, r * 0.42, { bold: true, align: "middle" }) +
    `</g>`
  );
}

/** The legend's padding, heading size and row height at size factor 1. */
const LEGEND_MM = { pad: 2.5, heading: 3.2, row: 8.5 };

/** Height the legend keeps beside a landscape page's title block: its heading and up to three rows. */
const legendReserve = (rows: number, k: number) =>
  rows ? (2 * LEGEND_MM.pad + 1.6 * LEGEND_MM.heading + Math.min(3, rows) * LEGEND_MM.row) * k : 0;

/** The legend of the signs used, in rows down `box`; returns the rows that did not fit. */
export function legendSvg(rows: readonly LegendRow[], box: Box, texts: PageTexts, k: number): { svg: string; left: number } {
  const pad = LEGEND_MM.pad * k;
  const heading = LEGEND_MM.heading * k;
  const rowHeight = LEGEND_MM.row * k;
  const picture = 6.5 * k;
  const size = 2.5 * k;
  if (!rows.length || box.height < pad * 2 + heading + rowHeight) return { svg: "", left: rows.length };
  const fit = Math.floor((box.height - pad * 2 - heading * 1.6) / rowHeight);
  const shown = rows.length > fit ? rows.slice(0, Math.max(0, fit - 1)) : rows;
  let out = lineSvg(texts.legend, box.x + pad, box.y + pad + heading, heading, { bold: true });
  let y = box.y + pad + heading * 1.6;
  const countWidth = 12 * k;
  for (const [index, row] of shown.entries()) {
    const w = Math.min(picture * row.aspect, picture * 1.6);
    const h = w / row.aspect;
    if (row.sample) {
      const cell: Box = { x: box.x + pad, y: y + (rowHeight - picture) / 2, width: picture * 1.6, height: picture };
      // Clipped to its cell: a 10 m wide arrow at 1:500 would cover the legend.
      out += `<clipPath id="legend-sample-${index}"><rect x="${num(cell.x)}" y="${num(cell.y)}" width="${num(cell.width)}" height="${num(cell.height)}"/></clipPath>`;
      out += `<g clip-path="url(#legend-sample-${index})">${row.sample(cell)}</g>`;
    } else if (row.image)
      out += `<image href="${row.image}" x="${num(box.x + pad + (picture * 1.6 - w) / 2)}" y="${num(y + (rowHeight - h) / 2)}" width="${num(w)}" height="${num(h)}" preserveAspectRatio="none"/>`;
    const textX = box.x + pad + picture * 1.6 + 2 * k;
    const nameWidth = box.x + box.width - pad - countWidth - textX;
    // Two lines at most: a long name (a value, a variant) is cut with an ellipsis on the second.
    const lines = wrapLines([row.code, row.name].filter(Boolean).join("  "), nameWidth, size, 2);
    const firstBaseline = y + rowHeight / 2 + size * 0.35 - ((lines.length - 1) * size * 1.2) / 2;
    lines.forEach((line, index) => (out += lineSvg(line, textX, firstBaseline + index * size * 1.2, size)));
    if (row.count !== null)
      out += lineSvg(texts.count(row.count), box.x + box.width - pad, y + rowHeight / 2 + size * 0.35, size, { bold: true, align: "end" });
    y += rowHeight;
  }
  const left = rows.length - shown.length;
  if (left) out += lineSvg(texts.legendMore(left), box.x + pad, y + rowHeight / 2 + size * 0.35, size, { colour: MUTED });
  return { svg: out, left };
}

/** Width of the title block in a portrait page's band. */
const bandBlockWidth = (innerWidth: number, k: number) => Math.min(innerWidth * 0.55, 110 * k);

/** The tallest a portrait page's band grows (page-layout.ts): half the sheet within its margins. */
const bandMaxHeight = (sheetHeight: number) => (sheetHeight - 2 * PAGE_MARGIN_MM) / 2;

/** The page's layout with room for this title block (a portrait page's band grows to hold it). */
export function layoutFor(paperSize: PaperSize, landscape: boolean, title: TitleBlockContent): PageLayout {
  const first = pageLayout(paperSize, landscape);
  if (landscape) return first;
  const paper = paperOf(paperSize, landscape);
  const block = titleBlock(title, bandBlockWidth(paper.width - 2 * PAGE_MARGIN_MM, first.scale), first.scale, bandMaxHeight(paper.height));
  return pageLayout(paperSize, landscape, block.height);
}

/** The whole page over its base map: elements clipped to the map, frame, panel. */
export function pageSvg(layout: PageLayout, parts: { elements: string; legend: readonly LegendRow[]; title: TitleBlockContent }): string {
  const { map, panel, scale: k } = layout;
  const block =
    layout.panelSide === "right"
      ? titleBlock(parts.title, panel.width, k, panel.height - legendReserve(parts.legend.length, k))
      : titleBlock(parts.title, bandBlockWidth(panel.width, k), k, bandMaxHeight(layout.height));
  let blockX: number;
  let blockY: number;
  let legendBox: Box;
  if (layout.panelSide === "right") {
    blockX = panel.x;
    blockY = panel.y + panel.height - block.height;
    legendBox = { x: panel.x, y: panel.y, width: panel.width, height: Math.max(0, panel.height - block.height) };
  } else {
    const width = bandBlockWidth(panel.width, k);
    blockX = panel.x + panel.width - width;
    blockY = panel.y + panel.height - block.height;
    legendBox = { x: panel.x, y: panel.y, width: panel.width - width, height: panel.height };
  }
  const legend = legendSvg(parts.legend, legendBox, parts.title.texts, k);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${num(layout.width)}mm" height="${num(layout.height)}mm" viewBox="0 0 ${num(layout.width)} ${num(layout.height)}">` +
    `<defs><clipPath id="map-area"><rect x="${num(map.x)}" y="${num(map.y)}" width="${num(map.width)}" height="${num(map.height)}"/></clipPath></defs>` +
    `<g clip-path="url(#map-area)">${parts.elements}</g>` +
    `<rect x="${num(map.x)}" y="${num(map.y)}" width="${num(map.width)}" height="${num(map.height)}" fill="none" stroke="${LINE}" stroke-width="${RULE * 2}"/>` +
    `<rect x="${num(panel.x)}" y="${num(panel.y)}" width="${num(panel.width)}" height="${num(panel.height)}" fill="#ffffff" stroke="${LINE}" stroke-width="${RULE * 2}"/>` +
    legend.svg +
    block.svg(blockX, blockY) +
    `</svg>`
  );
}
