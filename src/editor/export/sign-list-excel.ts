/**
 * A sign list as an Excel workbook (spec 2-content §9: "PDF and Excel for sign lists"): one sheet named
 * after the list, a bold header row that stays in view, then one row per sign with its picture embedded,
 * its name, count and comment. Excel takes no SVG, so every picture goes in as PNG (sign-list-images.ts).
 * exceljs is loaded with the first export, not with the editor.
 */
import { pictureAsPng, type ListSignPicture } from "./sign-list-images";
import type { PictureProblem, SignListDocumentTexts } from "./sign-list-pdf";
import { displayName } from "@/lib/signs/list-signs";
import type { CustomListSign } from "@/lib/schemas/custom-lists";
import type { Workbook, Worksheet } from "exceljs";

export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Column widths in Excel's units (about 7 px each at the default font). */
const WIDTHS = { image: 13, sign: 44, count: 9, comment: 52 };
/** A sign row's height in points (Excel's unit; 1 pt = 4/3 px): room for a 64 px picture and some air. */
const ROW_HEIGHT_PT = 58;
const HEADER_HEIGHT_PT = 22;
/** The picture's box in pixels, and the pixels the PNG is made with (twice, so it stays sharp when zoomed). */
const PICTURE_BOX_PX = 64;
const PICTURE_PNG_PX = 160;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string, fallback: string): string {
  const safe = name
    .replace(/[:\\/?*[\]]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .slice(0, 31)
    .trim();
  return safe || fallback;
}

export async function buildSignListWorkbook(
  listName: string,
  signs: readonly CustomListSign[],
  texts: SignListDocumentTexts,
): Promise<{ blob: Blob; problems: PictureProblem[] }> {
  const [excel, pictures] = await Promise.all([import("exceljs"), Promise.all(signs.map((s) => pictureAsPng(s, PICTURE_PNG_PX)))]);
  const problems: PictureProblem[] = [];
  const workbook = new excel.Workbook();
  workbook.creator = texts.productName;
  workbook.title = `${texts.title}: ${listName}`;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(listName, texts.title), {
    views: [{ state: "frozen", ySplit: 1 }],
    pageSetup: { paperSize: 9, orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "1:1" },
    headerFooter: { oddHeader: `&L&B${excelText(texts.productName)}&R${excelText(`${texts.title}: ${listName}`)}`, oddFooter: "&R&P / &N" },
  });
  sheet.columns = [
    { key: "image", width: WIDTHS.image },
    { key: "sign", width: WIDTHS.sign },
    { key: "count", width: WIDTHS.count },
    { key: "comment", width: WIDTHS.comment },
  ];
  const header = sheet.addRow([texts.columns.image, texts.columns.sign, texts.columns.count, texts.columns.comment]);
  header.height = HEADER_HEIGHT_PT;
  header.eachCell((cell, column) => {
    cell.font = { bold: true, color: { argb: "FFFFFFFF" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF1562AD" } };
    cell.alignment = { vertical: "middle", horizontal: column === 3 ? "right" : column === 1 ? "center" : "left" };
  });

  signs.forEach((sign, i) => {
    const row = sheet.addRow([null, displayName(sign), sign.count, sign.comment || null]);
    row.height = ROW_HEIGHT_PT;
    row.getCell(2).alignment = { vertical: "middle", wrapText: true };
    row.getCell(2).font = { bold: true };
    row.getCell(3).alignment = { vertical: "middle", horizontal: "right" };
    row.getCell(3).numFmt = "0";
    row.getCell(4).alignment = { vertical: "middle", wrapText: true };
    for (let column = 1; column <= 4; column++) row.getCell(column).border = { bottom: { style: "thin", color: { argb: "FFD2D6DC" } } };
    const picture = pictures[i]!;
    if (picture.kind !== "png") {
      problems.push({ sign, reason: picture.kind === "missing" ? picture.reason : "convert" });
      return;
    }
    place(workbook, sheet, picture, row.number);
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 4 } };

  const buffer = await workbook.xlsx.writeBuffer();
  return { blob: new Blob([buffer], { type: XLSX_MIME }), problems };
}

/** Puts a picture in the first column of a row (1-based), fitted into PICTURE_BOX_PX and centred in the cell. */
function place(workbook: Workbook, sheet: Worksheet, picture: Extract<ListSignPicture, { kind: "png" }>, rowNumber: number): void {
  const scale = PICTURE_BOX_PX / Math.max(picture.width, picture.height);
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  // Cell size in pixels: Excel's column unit is about 7 px plus 5 px of padding; a point is 4/3 px.
  const cellWidth = WIDTHS.image * 7 + 5;
  const cellHeight = (ROW_HEIGHT_PT * 4) / 3;
  const id = workbook.addImage({ base64: picture.dataUrl, extension: "png" });
  sheet.addImage(id, {
    tl: { col: (cellWidth - width) / 2 / cellWidth, row: rowNumber - 1 + (cellHeight - height) / 2 / cellHeight },
    ext: { width, height },
    editAs: "oneCell",
  } as never);
}

/** Text for Excel's header and footer codes, where & starts a code. */
function excelText(text: string): string {
  return text.replace(/&/g, "&&");
}
