/**
 * The font every exported PDF is set in: Liberation Sans (SIL OFL 1.1, public/fonts/ with its licence),
 * embedded as a subset of the glyphs the document uses. The 14 standard PDF fonts are not embedded, so
 * each printer and viewer drew its own Helvetica stand-in; an embedded font prints the same everywhere
 * and is what PDF/A asks for. Liberation Sans has Helvetica's and Arial's advance widths, so text laid
 * out with the browser's Helvetica or Arial (src/editor/export/svg.ts measures it so) still fits.
 *
 * The files are fetched with the first PDF, not bundled with the editor.
 */
import type { jsPDF as JsPdf } from "jspdf";

export interface PaperFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export const PAPER_FONT_URLS = { regular: "/fonts/LiberationSans-Regular.ttf", bold: "/fonts/LiberationSans-Bold.ttf" } as const;

/**
 * The faces as jsPDF knows them. The name goes into the PDF as the font's PostScript name, so it carries
 * the six-letter tag that marks a subset (PDF 32000-1 §9.6.4); jsPDF always writes a subset.
 */
export const PDF_FONT = { regular: "PAPERA+LiberationSans", bold: "PAPERB+LiberationSans-Bold" } as const;

let loading: Promise<PaperFonts> | null = null;

/** The font files, fetched once per page load (a failed fetch is tried again on the next export). */
export function loadPaperFonts(): Promise<PaperFonts> {
  loading ??= Promise.all(
    [PAPER_FONT_URLS.regular, PAPER_FONT_URLS.bold].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`font ${url}: ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  ).then(
    ([regular, bold]) => ({ regular: regular!, bold: bold! }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** jsPDF's virtual file system takes font files as binary strings. */
function binaryString(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/**
 * Adds the paper font to `doc` and sets every text in it from now on. svg2pdf.js chooses fonts by family
 * name and falls back to the standard ones (helvetica for sans-serif and Arial, times for a family it
 * does not know, courier for monospace; a sign's own SVG may name any family): each `setFont` is turned
 * to the paper font, bold where the style asks for bold (an italic is set upright: the family has no
 * italic here), so no standard font, which would not be embedded, gets into the file.
 */
export function embedPaperFonts(doc: JsPdf, fonts: PaperFonts): void {
  for (const [face, bytes] of [
    ["regular", fonts.regular],
    ["bold", fonts.bold],
  ] as const) {
    const file = `${PDF_FONT[face]}.ttf`;
    doc.addFileToVFS(file, binaryString(bytes));
    doc.addFont(file, PDF_FONT[face], "normal", undefined, "Identity-H");
  }
  const setFont = doc.setFont.bind(doc);
  doc.setFont = ((_family: string, style?: string, weight?: string | number) => {
    const bold = /bold/i.test(style ?? "") || Number(weight) >= 600 || weight === "bold";
    return setFont(bold ? PDF_FONT.bold : PDF_FONT.regular, "normal");
  }) as JsPdf["setFont"];
  doc.setFont("helvetica", "normal");
}
