/**
 * The sign inventory as pages of their own behind the plan in the PDF: A4 portrait, which every office
 * prints, with the plan's name, a table (picture, code, name, size, count) carried over as many pages as
 * it needs, the total, and page numbers.
 */
import { PAGE_MARGIN_MM } from "./page-layout";
import { lineSvg, num, wrapText } from "../core/svg/svg";

export interface InventoryPageRow {
  image: string | null;
  aspect: number;
  code: string;
  /** Name, with its value and variant. */
  name: string;
  size: string;
  count: number;
}

export interface InventoryPageTexts {
  title: string;
  planName: string;
  /** "Skilteplanen · 26.11.2026" */
  subtitle: string;
  columns: { code: string; name: string; size: string; count: string };
  total: string;
  pageOf: (page: number, pages: number) => string;
}

export const INVENTORY_PAGE = { width: 210, height: 297 } as const;

const ROW_MM = 13;
const PICTURE_MM = 10;
const SIZE = 3;
const HEADER_MM = 30;
const FOOTER_MM = 10;

export function inventoryPagesSvg(rows: readonly InventoryPageRow[], texts: InventoryPageTexts): string[] {
  const { width, height } = INVENTORY_PAGE;
  const left = PAGE_MARGIN_MM + 5;
  const right = width - PAGE_MARGIN_MM - 5;
  const columns = { picture: left, code: left + 18, name: left + 40, size: right - 48, count: right };
  const nameWidth = columns.size - columns.name - 4;
  const laid = rows.map((row) => ({ row, lines: wrapText(row.name, nameWidth, SIZE).slice(0, 3) }));
  const perPage = Math.floor((height - 2 * PAGE_MARGIN_MM - HEADER_MM - FOOTER_MM - ROW_MM) / ROW_MM);
  const pages: (typeof laid)[] = [];
  for (let i = 0; i < Math.max(1, laid.length); i += perPage) pages.push(laid.slice(i, i + perPage));
  const total = rows.reduce((sum, row) => sum + row.count, 0);

  return pages.map((page, index) => {
    let out = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" viewBox="0 0 ${width} ${height}">`;
    let y = PAGE_MARGIN_MM + 8;
    out += lineSvg(texts.title, left, y, 6, { bold: true });
    y += 7;
    out += lineSvg(texts.planName, left, y, 4, { bold: true });
    y += 5.5;
    out += lineSvg(texts.subtitle, left, y, 3, { colour: "#555555" });
    y = PAGE_MARGIN_MM + HEADER_MM;
    const head = y;
    out += lineSvg(texts.columns.code, columns.code, head, SIZE, { bold: true });
    out += lineSvg(texts.columns.name, columns.name, head, SIZE, { bold: true });
    out += lineSvg(texts.columns.size, columns.size, head, SIZE, { bold: true });
    out += lineSvg(texts.columns.count, columns.count, head, SIZE, { bold: true, align: "end" });
    y += 2.5;
    out += `<line x1="${left}" y1="${num(y)}" x2="${right}" y2="${num(y)}" stroke="#1a1a1a" stroke-width="0.4"/>`;
    for (const { row, lines } of page) {
      const middle = y + ROW_MM / 2;
      if (row.image) {
        const w = Math.min(PICTURE_MM * row.aspect, 16);
        const h = w / row.aspect;
        out += `<image href="${row.image}" x="${num(columns.picture + (16 - w) / 2)}" y="${num(middle - h / 2)}" width="${num(w)}" height="${num(h)}" preserveAspectRatio="none"/>`;
      }
      out += lineSvg(row.code, columns.code, middle + SIZE * 0.35, SIZE);
      const first = middle + SIZE * 0.35 - ((lines.length - 1) * SIZE * 1.25) / 2;
      lines.forEach((line, i) => (out += lineSvg(line, columns.name, first + i * SIZE * 1.25, SIZE)));
      out += lineSvg(row.size, columns.size, middle + SIZE * 0.35, SIZE);
      out += lineSvg(String(row.count), columns.count, middle + SIZE * 0.35, SIZE, { bold: true, align: "end" });
      y += ROW_MM;
      out += `<line x1="${left}" y1="${num(y)}" x2="${right}" y2="${num(y)}" stroke="#c8c8c8" stroke-width="0.2"/>`;
    }
    if (index === pages.length - 1) {
      y += 6;
      out += lineSvg(texts.total, columns.size, y, SIZE, { bold: true });
      out += lineSvg(String(total), columns.count, y, SIZE, { bold: true, align: "end" });
    }
    out += lineSvg(texts.pageOf(index + 1, pages.length), right, height - PAGE_MARGIN_MM, 2.6, { colour: "#555555", align: "end" });
    return out + `</svg>`;
  });
}
