/**
 * A sign list as a PDF (spec 2-content §9: "PDF and Excel for sign lists"): A4 portrait, a header with the
 * product, the list's name, the date and a summary; a table of the signs (picture, name, count, comment)
 * whose header row repeats on every page; a total; a footer with the page number on every page.
 *
 * Catalogue signs are SVG and stay vector (svg2pdf.js); uploaded signs go in as PNG. Texts are in the
 * embedded paper font (pdf-fonts.ts). jsPDF and svg2pdf.js are loaded with the first export, not with
 * the editor.
 */
import type { jsPDF as JsPdf } from "jspdf";
import { loadPaperFonts, embedPaperFonts } from "./pdf-fonts";
import { pictureForPdf, type ListSignPicture } from "./sign-list-images";
import { displayName } from "@/lib/signs/list-signs";
import type { CustomListSign } from "@/lib/schemas/custom-lists";

export interface SignListDocumentTexts {
  productName: string;
  /** "Skilteliste" */
  title: string;
  /** "Dato: 3. juni 2025" */
  date: string;
  /** "5 skilte, i alt 12 stk." */
  summary: string;
  columns: { image: string; sign: string; count: string; comment: string };
  /** "I alt" */
  total: string;
  page: (page: number, pages: number) => string;
}

/** A sign whose picture could not go in: the dialog warns about it after the export. */
export interface PictureProblem {
  sign: CustomListSign;
  reason: "noImageUrl" | "convert";
}

// Page geometry in millimetres.
const PAGE = { width: 210, height: 297 };
const MARGIN = { left: 16, right: 16, top: 16, bottom: 18 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** Columns: picture, name, count, comment (they add up to CONTENT_WIDTH). */
const COLUMNS = { image: 24, sign: 78, count: 18, comment: CONTENT_WIDTH - 24 - 78 - 18 };
const IMAGE_BOX = 16;
const CELL_PAD = 2;
const HEADER_ROW = 8;
const MIN_ROW = IMAGE_BOX + 2 * CELL_PAD;
const FOOTER_Y = PAGE.height - 10;

// Colours: the product's primary blue and quiet greys (DESIGN.md, theme).
const PRIMARY: [number, number, number] = [21, 98, 173];
const TEXT: [number, number, number] = [33, 33, 33];
const MUTED: [number, number, number] = [110, 110, 110];
const RULE: [number, number, number] = [210, 214, 220];
const ZEBRA: [number, number, number] = [246, 248, 251];

const PT_TO_MM = 25.4 / 72;
const lineHeight = (pt: number) => pt * PT_TO_MM * 1.25;

export async function buildSignListPdf(
  listName: string,
  signs: readonly CustomListSign[],
  texts: SignListDocumentTexts,
): Promise<{ blob: Blob; problems: PictureProblem[] }> {
  const [{ jsPDF }, { svg2pdf }, fonts] = await Promise.all([import("jspdf"), import("svg2pdf.js"), loadPaperFonts()]);
  const pictures = await Promise.all(signs.map((sign) => pictureForPdf(sign)));
  const problems: PictureProblem[] = [];
  pictures.forEach((picture, i) => {
    if (picture.kind === "missing") problems.push({ sign: signs[i]!, reason: picture.reason });
  });

  const doc = new jsPDF({ unit: "mm", format: "a4", orientation: "portrait", compress: true, putOnlyUsedFonts: true });
  // From here every setFont("helvetica", style) below, and svg2pdf's, sets the embedded paper font in that style.
  embedPaperFonts(doc, fonts);
  doc.setProperties({ title: `${texts.title}: ${listName}`, subject: texts.title, creator: texts.productName });
  doc.setLineHeightFactor(1.25);

  // svg2pdf reads styles through the DOM: the drawings are parsed into a hidden host while the PDF is made.
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  host.style.cssText = "position:fixed;left:-10000px;top:0;width:0;height:0;overflow:hidden;visibility:hidden";
  document.body.appendChild(host);
  try {
    let y = firstPageHeader(doc, listName, texts);
    y = tableHeader(doc, y, texts);
    for (let i = 0; i < signs.length; i++) {
      const sign = signs[i]!;
      const nameLines = wrap(doc, displayName(sign), COLUMNS.sign - 2 * CELL_PAD, 10, "bold");
      const commentLines = sign.comment ? wrap(doc, sign.comment, COLUMNS.comment - 2 * CELL_PAD, 9, "normal") : [];
      const textHeight = Math.max(nameLines.length * lineHeight(10), commentLines.length * lineHeight(9)) + 2 * CELL_PAD + 1;
      const height = Math.max(MIN_ROW, textHeight);
      if (y + height > PAGE.height - MARGIN.bottom - 4) {
        doc.addPage();
        y = tableHeader(doc, laterPageHeader(doc, listName, texts), texts);
      }
      if (i % 2 === 1) {
        doc.setFillColor(...ZEBRA);
        doc.rect(MARGIN.left, y, CONTENT_WIDTH, height, "F");
      }
      const imageX = MARGIN.left + (COLUMNS.image - IMAGE_BOX) / 2;
      const imageY = y + (height - IMAGE_BOX) / 2;
      try {
        await drawPicture(doc, svg2pdf, host, pictures[i]!, imageX, imageY);
      } catch (error) {
        console.error("sign list: drawing a picture failed", sign.imageUrl, error);
        problems.push({ sign, reason: "convert" });
        await drawPicture(doc, svg2pdf, host, { kind: "missing", reason: "convert" }, imageX, imageY);
      }
      // Name, count and comment are centred on the row's middle, as the picture is.
      const middle = y + height / 2;
      const xSign = MARGIN.left + COLUMNS.image + CELL_PAD;
      doc
        .setFont("helvetica", "bold")
        .setFontSize(10)
        .setTextColor(...TEXT);
      doc.text(nameLines, xSign, middle - (nameLines.length * lineHeight(10)) / 2, { baseline: "top" });
      const xCount = MARGIN.left + COLUMNS.image + COLUMNS.sign + COLUMNS.count - CELL_PAD;
      doc.setFont("helvetica", "bold").setFontSize(11);
      doc.text(String(sign.count), xCount, middle - lineHeight(11) / 2, { align: "right", baseline: "top" });
      if (commentLines.length) {
        doc
          .setFont("helvetica", "normal")
          .setFontSize(9)
          .setTextColor(...MUTED);
        doc.text(commentLines, xCount + 2 * CELL_PAD, middle - (commentLines.length * lineHeight(9)) / 2, { baseline: "top" });
      }
      doc.setDrawColor(...RULE).setLineWidth(0.2);
      doc.line(MARGIN.left, y + height, MARGIN.left + CONTENT_WIDTH, y + height);
      y += height;
    }
    // The total, under the count column.
    if (y + 10 > PAGE.height - MARGIN.bottom) {
      doc.addPage();
      y = laterPageHeader(doc, listName, texts);
    }
    doc.setDrawColor(...TEXT).setLineWidth(0.4);
    doc.line(MARGIN.left, y, MARGIN.left + CONTENT_WIDTH, y);
    const total = signs.reduce((sum, sign) => sum + sign.count, 0);
    doc
      .setFont("helvetica", "bold")
      .setFontSize(10)
      .setTextColor(...TEXT);
    doc.text(texts.total, MARGIN.left + COLUMNS.image + CELL_PAD, y + 6);
    doc.setFontSize(11);
    doc.text(String(total), MARGIN.left + COLUMNS.image + COLUMNS.sign + COLUMNS.count - CELL_PAD, y + 6, { align: "right" });

    const pages = doc.getNumberOfPages();
    for (let page = 1; page <= pages; page++) {
      doc.setPage(page);
      footer(doc, page, pages, listName, texts);
    }
  } finally {
    host.remove();
  }
  return { blob: doc.output("blob"), problems };
}

function wrap(doc: JsPdf, text: string, width: number, size: number, style: "bold" | "normal"): string[] {
  doc.setFont("helvetica", style).setFontSize(size);
  return doc.splitTextToSize(text, width) as string[];
}

/** The first page's header: product and date, the document's title, the list's name and its summary. */
function firstPageHeader(doc: JsPdf, listName: string, texts: SignListDocumentTexts): number {
  let y = MARGIN.top;
  doc.setFillColor(...PRIMARY);
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, 1.2, "F");
  y += 6.5;
  doc
    .setFont("helvetica", "bold")
    .setFontSize(11)
    .setTextColor(...PRIMARY);
  doc.text(texts.productName, MARGIN.left, y);
  doc
    .setFont("helvetica", "normal")
    .setFontSize(9)
    .setTextColor(...MUTED);
  doc.text(texts.date, MARGIN.left + CONTENT_WIDTH, y, { align: "right" });
  y += 10;
  doc
    .setFont("helvetica", "normal")
    .setFontSize(9)
    .setTextColor(...MUTED);
  doc.text(texts.title.toUpperCase(), MARGIN.left, y, { charSpace: 0.3 });
  y += 7.5;
  const title = wrap(doc, listName, CONTENT_WIDTH, 18, "bold");
  doc.setTextColor(...TEXT);
  doc.text(title, MARGIN.left, y);
  y += (title.length - 1) * lineHeight(18) + 7;
  doc
    .setFont("helvetica", "normal")
    .setFontSize(10)
    .setTextColor(...MUTED);
  doc.text(texts.summary, MARGIN.left, y);
  return y + 6;
}

/** A later page's header: product and list name on one line over a rule. */
function laterPageHeader(doc: JsPdf, listName: string, texts: SignListDocumentTexts): number {
  const y = MARGIN.top + 3;
  doc
    .setFont("helvetica", "bold")
    .setFontSize(9)
    .setTextColor(...PRIMARY);
  doc.text(texts.productName, MARGIN.left, y);
  doc.setFont("helvetica", "normal").setTextColor(...MUTED);
  const name = wrap(doc, `${texts.title}: ${listName}`, CONTENT_WIDTH - 50, 9, "normal")[0] ?? "";
  doc.text(name, MARGIN.left + CONTENT_WIDTH, y, { align: "right" });
  doc.setDrawColor(...RULE).setLineWidth(0.3);
  doc.line(MARGIN.left, y + 2.5, MARGIN.left + CONTENT_WIDTH, y + 2.5);
  return y + 7;
}

function tableHeader(doc: JsPdf, y: number, texts: SignListDocumentTexts): number {
  doc.setFillColor(...PRIMARY);
  doc.rect(MARGIN.left, y, CONTENT_WIDTH, HEADER_ROW, "F");
  doc.setFont("helvetica", "bold").setFontSize(9).setTextColor(255, 255, 255);
  const base = y + HEADER_ROW / 2 + 1.1;
  let x = MARGIN.left;
  doc.text(texts.columns.image, x + COLUMNS.image / 2, base, { align: "center" });
  x += COLUMNS.image;
  doc.text(texts.columns.sign, x + CELL_PAD, base);
  x += COLUMNS.sign;
  doc.text(texts.columns.count, x + COLUMNS.count - CELL_PAD, base, { align: "right" });
  x += COLUMNS.count;
  doc.text(texts.columns.comment, x + 2 * CELL_PAD - CELL_PAD, base);
  return y + HEADER_ROW;
}

function footer(doc: JsPdf, page: number, pages: number, listName: string, texts: SignListDocumentTexts): void {
  doc.setDrawColor(...RULE).setLineWidth(0.3);
  doc.line(MARGIN.left, FOOTER_Y - 4, MARGIN.left + CONTENT_WIDTH, FOOTER_Y - 4);
  doc
    .setFont("helvetica", "normal")
    .setFontSize(8)
    .setTextColor(...MUTED);
  const left = wrap(doc, `${texts.productName} · ${listName}`, CONTENT_WIDTH - 40, 8, "normal")[0] ?? "";
  doc.text(left, MARGIN.left, FOOTER_Y);
  doc.text(texts.page(page, pages), MARGIN.left + CONTENT_WIDTH, FOOTER_Y, { align: "right" });
}

type Svg2Pdf = (element: Element, pdf: JsPdf, options?: { x?: number; y?: number; width?: number; height?: number }) => Promise<JsPdf>;

/** A sign's picture, fitted into the IMAGE_BOX square at (x, y) and centred in it. */
async function drawPicture(doc: JsPdf, svg2pdf: Svg2Pdf, host: HTMLElement, picture: ListSignPicture, x: number, y: number): Promise<void> {
  if (picture.kind === "missing") {
    doc.setDrawColor(...RULE).setLineWidth(0.3);
    doc.setLineDashPattern([1, 1], 0);
    doc.rect(x + 2, y + 2, IMAGE_BOX - 4, IMAGE_BOX - 4, "S");
    doc.setLineDashPattern([], 0);
    return;
  }
  const aspect = picture.kind === "svg" ? picture.aspect : picture.width / picture.height;
  const width = aspect >= 1 ? IMAGE_BOX : IMAGE_BOX * aspect;
  const height = aspect >= 1 ? IMAGE_BOX / aspect : IMAGE_BOX;
  const left = x + (IMAGE_BOX - width) / 2;
  const top = y + (IMAGE_BOX - height) / 2;
  if (picture.kind === "png") {
    doc.addImage(picture.dataUrl, "PNG", left, top, width, height, undefined, "FAST");
    return;
  }
  const parsed = new DOMParser().parseFromString(picture.svg, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg.nodeName.toLowerCase() !== "svg" || parsed.getElementsByTagName("parsererror").length > 0) throw new Error("not an SVG drawing");
  const node = document.importNode(svg, true);
  host.appendChild(node);
  try {
    await svg2pdf(node, doc, { x: left, y: top, width, height });
  } finally {
    node.remove();
  }
}
