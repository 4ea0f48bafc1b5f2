import "server-only";
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFStream, type PDFObject } from "pdf-lib";
import { readRasterHeader } from "./raster";

/** Why a PDF is refused: each has its own message. */
export type PdfRefusal = "unreadable" | "encrypted" | "tooManyPages" | "pageSize" | "imagePixels" | "imagesPixels" | "tooComplex";

/**
 * Decoded content-stream bytes searched for inline images. Flate can inflate a 50 MB upload a thousandfold,
 * so what lies beyond is not decoded here; pdf.js's own image limit (maxImageSize) still guards the viewer.
 */
const MAX_SCANNED_CONTENT_BYTES = 64 * 1024 * 1024;

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

const IMAGE = PDFName.of("Image");
const FORM = PDFName.of("Form");
const TYPE3 = PDFName.of("Type3");
const FILTER = PDFName.of("Filter");
const FLATE = PDFName.of("FlateDecode");
const DCT = PDFName.of("DCTDecode");
const PATTERN_TYPE = PDFName.of("PatternType");
const CHAR_PROCS = PDFName.of("CharProcs");
const CONTENTS = PDFName.of("Contents");
const XOBJECT = PDFName.of("XObject");
const SMASK = PDFName.of("SMask");
const MASK = PDFName.of("Mask");

const numberAt = (dict: PDFDict, ...keys: string[]): number => {
  for (const key of keys) {
    const value = dict.lookup(PDFName.of(key));
    if (value instanceof PDFNumber) return Math.abs(value.asNumber());
  }
  return 0;
};

/** A stream's filters, in the order they are applied when decoding. */
function filtersOf(stream: PDFStream): PDFObject[] {
  const filter = stream.dict.lookup(FILTER);
  return filter instanceof PDFArray ? filter.asArray().map((f) => stream.dict.context.lookup(f) ?? f) : filter ? [filter] : [];
}

/**
 * An image stream's pixels: what its dictionary claims, or a JPEG's own header when it claims more (pdf.js
 * decodes a DCT image at the size its frame header gives, whatever the dictionary says).
 */
async function imagePixels(stream: PDFStream): Promise<number> {
  const claimed = numberAt(stream.dict, "Width", "W") * numberAt(stream.dict, "Height", "H");
  const filters = filtersOf(stream);
  if (filters.length === 1 && filters[0] === DCT && stream instanceof PDFRawStream) {
    const header = await readRasterHeader(stream.contents);
    if (header) return Math.max(claimed, header.width * header.height);
  }
  return claimed;
}

/** A content stream's operators as text, when it is stored plainly or with Flate and fits in `budget` bytes. */
function decodedContent(stream: PDFStream, budget: number): string | null {
  if (!(stream instanceof PDFRawStream)) return null;
  const filters = filtersOf(stream);
  if (filters.length === 0) return stream.contents.byteLength <= budget ? Buffer.from(stream.contents).toString("latin1") : null;
  if (filters.length !== 1 || filters[0] !== FLATE) return null;
  try {
    return inflateSync(stream.contents, { maxOutputLength: Math.max(1, budget) }).toString("latin1");
  } catch {
    // Over the budget, or corrupt: pdf.js's maxImageSize is then the only guard, as for other filters.
    return null;
  }
}

/** Inline images (BI … ID): their dictionary between the two operators gives the size, /W and /H for short. */
const INLINE_IMAGE = /(?:^|\s)BI\s([\s\S]{0,4096}?)\sID\s/g;
const inlineSide = (dict: string, long: string, short: string): number =>
  Number(new RegExp(`/(?:${long}|${short})(?=[\\s/])\\s*(\\d+)`).exec(dict)?.[1] ?? 0);

function* inlineImagePixels(content: string): Generator<number> {
  for (const match of content.matchAll(INLINE_IMAGE)) {
    const dict = match[1] ?? "";
    yield inlineSide(dict, "Width", "W") * inlineSide(dict, "Height", "H");
  }
}

/** `/Name Do`: the operator that draws an XObject (an image or a form) by its name; comments may come between. */
const DO_OPERATOR = /\/([^\s/[\]<>(){}%]+)(?:\s|%[^\r\n]*)*Do(?![^\s/[\]<>(){}%])/g;
const decodeName = (name: string) => name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The XObjects named in the resource dictionaries inside `object`, by name (direct objects only: each indirect one is visited on its own). */
function collectXObjectNames(doc: PDFDocument, object: PDFObject, into: Map<string, PDFObject[]>): void {
  const stack = [object];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const dict = next instanceof PDFDict ? next : next instanceof PDFStream ? next.dict : null;
    if (dict) {
      const xobjects = dict.lookup(XOBJECT);
      if (xobjects instanceof PDFDict)
        for (const [name, ref] of xobjects.entries()) {
          const target = doc.context.lookup(ref);
          if (target) into.set(name.decodeText(), [...(into.get(name.decodeText()) ?? []), target]);
        }
      for (const [, value] of dict.entries()) stack.push(value);
    } else if (next instanceof PDFArray) for (const value of next.asArray()) stack.push(value);
  }
}

/**
 * Checks the images a one-page document draws. pdf.js decodes each at full size before scaling it to the
 * page, so one image stream of more than `maxPixels` is refused wherever it is (on the page, in forms,
 * tiling patterns, Type 3 glyphs, annotation appearances, soft masks: the copy holds nothing else), and
 * so are images that together have more: inline ones, and those the content streams draw by name (with
 * their soft masks). Images only listed in resources the page shares with others are not drawn and not
 * counted towards the total, unless a content stream could not be read (then every image is).
 */
async function checkImages(doc: PDFDocument, maxPixels: number): Promise<PdfRefusal | null> {
  const contents = new Set<PDFObject>();
  const page = doc.getPage(0).node;
  const pageContents = page.lookup(CONTENTS);
  for (const stream of pageContents instanceof PDFArray ? pageContents.asArray() : [page.get(CONTENTS)])
    if (stream) contents.add(doc.context.lookup(stream) ?? stream);
  const images = new Map<PDFObject, number>();
  const names = new Map<string, PDFObject[]>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    collectXObjectNames(doc, object, names);
    if (object instanceof PDFStream) {
      const subtype = object.dict.get(SUBTYPE);
      if (subtype === IMAGE) {
        const pixels = await imagePixels(object);
        if (pixels > maxPixels) return "imagePixels";
        images.set(object, pixels);
      } else if (subtype === FORM || object.dict.has(PATTERN_TYPE)) contents.add(object);
    } else if (object instanceof PDFDict && object.get(SUBTYPE) === TYPE3) {
      const procs = object.lookup(CHAR_PROCS);
      if (procs instanceof PDFDict) for (const [, proc] of procs.entries()) contents.add(doc.context.lookup(proc) ?? proc);
    }
  }
  let total = 0;
  let budget = MAX_SCANNED_CONTENT_BYTES;
  let allRead = true;
  const drawn = new Set<PDFObject>();
  for (const stream of contents) {
    const content = stream instanceof PDFStream && budget > 0 ? decodedContent(stream, budget) : null;
    if (content === null) {
      allRead = false;
      continue;
    }
    budget -= content.length;
    for (const pixels of inlineImagePixels(content)) {
      if (pixels > maxPixels) return "imagePixels";
      total += pixels;
    }
    for (const match of content.matchAll(DO_OPERATOR)) for (const object of names.get(decodeName(match[1]!)) ?? []) drawn.add(object);
  }
  for (const object of [...drawn])
    if (object instanceof PDFStream)
      for (const key of [SMASK, MASK]) {
        const mask = object.dict.lookup(key);
        if (mask) drawn.add(mask);
      }
  for (const [image, pixels] of images) if (!allRead || drawn.has(image)) total += pixels;
  return total > maxPixels ? "imagesPixels" : null;
}

/**
 * The objects a file declares, counted in its bytes: each "n g obj" header, and for an object stream
 * (/Type /ObjStm, PDF 1.5) the /N objects packed inside it. What the parser would read, without parsing.
 */
function declaredObjects(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let count = text.match(/\d+\s+\d+\s+obj\b/g)?.length ?? 0;
  for (const type of text.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    // The stream's dictionary: from its "obj" header to "stream", with /N in any order around /Type.
    const from = Math.max(text.lastIndexOf("obj", type.index), type.index - 4096);
    const to = text.indexOf("stream", type.index);
    const dict = text.slice(from, to < 0 || to > type.index + 4096 ? type.index + 4096 : to);
    count += Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? 0);
  }
  return count;
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
 * password), one with more than `maxPages` pages or `maxObjects` objects, a first page without a sensible size, and one that draws
 * an image of more than `maxImagePixels` pixels or several of more together (see checkImages).
 */
export async function rewriteAsFirstPage(
  bytes: Uint8Array,
  limits: { maxPages: number; maxSidePt: number; maxObjects: number; maxImagePixels: number },
): Promise<{ data: Uint8Array } | { refused: PdfRefusal }> {
  // Counted before parsing: pdf-lib takes seconds for every hundred thousand objects, on the server's one thread.
  if (declaredObjects(bytes) > limits.maxObjects) return { refused: "tooComplex" };
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
    const cleaned = await withFirstPageOf(copy);
    const refusal = await checkImages(cleaned, limits.maxImagePixels);
    if (refusal) return { refused: refusal };
    return { data: await cleaned.save() };
  } catch {
    // A page tree or page whose objects are broken in a way the parser let through.
    return { refused: "unreadable" };
  }
}
