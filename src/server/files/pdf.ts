import "server-only";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFStream, type PDFObject } from "pdf-lib";

/** Why a PDF is refused: each has its own message. */
export type PdfRefusal = "unreadable" | "encrypted" | "tooManyPages" | "pageSize";

/** Keys that hold actions run by a viewer (on open, on page or field events), JavaScript or embedded files. */
export const ACTIVE_KEYS = ["AA", "OpenAction", "JS", "JavaScript", "EF", "RichMediaContent", "XFA"].map((key) => PDFName.of(key));
/** Keys that hold an action when their value is an action dictionary (an /S entry): a link's or a field's. */
export const ACTION_KEYS = ["A", "PA"].map((key) => PDFName.of(key));
/** Annotations that carry a file, a media player or 3D content rather than a drawing. */
export const ACTIVE_ANNOTATIONS = new Set(["FileAttachment", "Sound", "Movie", "Screen", "RichMedia", "3D"].map((name) => `/${name}`));
const ANNOTS = PDFName.of("Annots");
const SUBTYPE = PDFName.of("Subtype");
const S = PDFName.of("S");

function clean(dict: PDFDict): void {
  for (const key of ACTIVE_KEYS) dict.delete(key);
  for (const key of ACTION_KEYS) {
    const value = dict.lookup(key);
    if (value instanceof PDFDict && value.has(S)) dict.delete(key);
  }
  const annots = dict.lookup(ANNOTS);
  if (annots instanceof PDFArray) {
    const kept = annots.asArray().filter((ref) => {
      const annot = dict.context.lookup(ref);
      return !(annot instanceof PDFDict && ACTIVE_ANNOTATIONS.has(String(annot.get(SUBTYPE))));
    });
    dict.set(ANNOTS, dict.context.obj(kept));
  }
}

/** Cleans every dictionary inside `object`, not following references (every indirect object is visited on its own). */
function sweep(object: PDFObject): void {
  const stack = [object];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const dict = next instanceof PDFDict ? next : next instanceof PDFStream ? next.dict : null;
    if (dict) {
      clean(dict);
      for (const [, value] of dict.entries()) stack.push(value);
    } else if (next instanceof PDFArray) for (const value of next.asArray()) stack.push(value);
  }
}

/** The first page of `from`, copied with what it refers to into a document of its own (a fresh catalog). */
async function withFirstPageOf(from: PDFDocument): Promise<PDFDocument> {
  const to = await PDFDocument.create({ updateMetadata: false });
  const [page] = await to.copyPages(from, [0]);
  to.addPage(page);
  return to;
}

/**
 * An uploaded PDF rewritten as its first page alone, the only one the editor shows (pdf.js renders page 1
 * of a background). The page and what it draws with are copied into a fresh document, so nothing from the
 * original catalog survives (OpenAction, JavaScript name trees, embedded files, forms and XFA, outlines,
 * document actions), nor any byte outside the parsed objects (a polyglot's HTML before or after them).
 * What the page itself brings along is cleaned: its and its annotations' actions (/A, /AA: JavaScript,
 * Launch, URI, SubmitForm, …) are removed and annotations that carry files or media are dropped; then the
 * page is copied once more, so the removed objects are not written at all.
 * Refused: a file that is not a PDF pdf-lib can read, an encrypted one (it cannot be rewritten without its
 * password), one with more than `maxPages` pages, and a first page without a sensible size.
 */
export async function rewriteAsFirstPage(
  bytes: Uint8Array,
  limits: { maxPages: number; maxSidePt: number },
): Promise<{ data: Uint8Array } | { refused: PdfRefusal }> {
  let source: PDFDocument;
  let pageCount: number;
  try {
    // Encryption is checked on the loaded document: pdf-lib's own EncryptedPDFError fails `instanceof`.
    source = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    pageCount = source.getPageCount();
  } catch {
    return { refused: "unreadable" };
  }
  if (source.isEncrypted) return { refused: "encrypted" };
  if (pageCount === 0) return { refused: "unreadable" };
  if (pageCount > limits.maxPages) return { refused: "tooManyPages" };
  try {
    const page = source.getPage(0);
    // The size as pdf.js shows it: the crop box (the media box without one) in user units of 1/72 inch.
    const userUnit = page.node.lookup(PDFName.of("UserUnit"));
    const unit = userUnit instanceof PDFNumber ? userUnit.asNumber() : 1;
    const { width, height } = page.getCropBox();
    const sides = [width * unit, height * unit].map(Math.abs);
    if (!sides.every((side) => Number.isFinite(side) && side >= 1 && side <= limits.maxSidePt)) return { refused: "pageSize" };

    const copy = await withFirstPageOf(source);
    for (const [, object] of copy.context.enumerateIndirectObjects()) sweep(object);
    return { data: await (await withFirstPageOf(copy)).save() };
  } catch {
    // A page tree or page whose objects are broken in a way the parser let through.
    return { refused: "unreadable" };
  }
}
