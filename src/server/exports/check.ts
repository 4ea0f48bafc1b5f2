import "server-only";
import { open, readFile } from "node:fs/promises";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from "pdf-lib";
import sharp, { type Metadata } from "sharp";
import { ApiError } from "../api/errors";
import type { UploadedFile } from "../api/body";
import { ACTION_KEYS, ACTIVE_ANNOTATIONS, ACTIVE_KEYS } from "../files/pdf";
import { serverTranslator } from "../i18n";
import type { ExportFormat } from "@/lib/schemas/export";
import { MAX_EXPORT_JPG_PIXELS } from "@/lib/schemas/export-history";
import type { SiteId } from "@/sites/registry";

/*
 * An export is stored as it came (rewriting a PDF of 150 MB would cost more than the upload), so it is
 * checked instead, and refused unless it is plainly what the editor makes: a jsPDF document without
 * scripts, actions or attached files, or a JPEG. It is served only as an attachment (getExportFile).
 */

/** Actions that only move the view: a link within the document, or to a web page the user sees first. */
const PASSIVE_ACTIONS = new Set(["/GoTo", "/URI"]);
/** Action types that run or fetch something; other dictionaries' /S (a group's /Transparency, a border's /D) are none of these. */
const RUNNING_ACTIONS = new Set(
  [
    "JavaScript",
    "Launch",
    "SubmitForm",
    "ImportData",
    "ResetForm",
    "GoToE",
    "GoToR",
    "RichMediaExecute",
    "Rendition",
    "Sound",
    "Movie",
    "Hide",
    "Named",
    "SetOCGState",
    "GoTo3DView",
  ].map((name) => `/${name}`),
);
const OPEN_ACTION = PDFName.of("OpenAction");
const S = PDFName.of("S");
const TYPE = PDFName.of("Type");
const SUBTYPE = PDFName.of("Subtype");
const EMBEDDED_FILES = PDFName.of("EmbeddedFiles");

/**
 * The tags a browser's content sniffer takes for HTML (WHATWG MIME Sniffing §7.1), and XML's start:
 * a file with one between its header and its first object (within the first kilobyte) is a polyglot,
 * whatever it parses as.
 */
const MARKUP = /<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg)[\s>/]/i;
const HEAD_BYTES = 1024;

/** Whether `dict` (not what it refers to) runs something when the PDF is opened or used. */
function isActive(dict: PDFDict): boolean {
  for (const key of ACTIVE_KEYS) {
    if (!dict.has(key)) continue;
    // An OpenAction that is a destination (an array: page and zoom, as jsPDF writes) only opens a view.
    if (key === OPEN_ACTION && dict.lookup(key) instanceof PDFArray) continue;
    return true;
  }
  for (const key of ACTION_KEYS) {
    const action = dict.lookup(key);
    if (action instanceof PDFDict && !PASSIVE_ACTIONS.has(String(action.get(S)))) return true;
  }
  if (RUNNING_ACTIONS.has(String(dict.get(S)))) return true; // an action however it is reached (/Next, a name tree)
  if (dict.has(EMBEDDED_FILES) || dict.get(TYPE)?.toString() === "/EmbeddedFile") return true;
  return ACTIVE_ANNOTATIONS.has(String(dict.get(SUBTYPE))) && dict.get(TYPE)?.toString() !== "/XObject";
}

/** Whether any dictionary inside `object` is active, not following references (every object is visited on its own). */
function holdsActive(object: PDFObject): boolean {
  const stack = [object];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const dict = next instanceof PDFDict ? next : next instanceof PDFStream ? next.dict : null;
    if (dict) {
      if (isActive(dict)) return true;
      for (const [, value] of dict.entries()) stack.push(value);
    } else if (next instanceof PDFArray) for (const value of next.asArray()) stack.push(value);
  }
  return false;
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Bytes pdf-lib would step through one at a time without pausing: the longest run of whitespace and
 * comments (skipped byte by byte, wherever a stream's /Length does not lead past it), and everything
 * outside stream data (parsed token by token). A PDF of 150 MB of blanks or of one giant array held the
 * server's event loop for seconds; jsPDF writes neither, its bulk being image and content streams. The
 * scan itself pauses every few megabytes.
 */
async function parseCost(bytes: Buffer): Promise<{ longestBlank: number; outsideStreams: number }> {
  let longestBlank = 0;
  let blank = 0;
  let inComment = false;
  const step = 4 * 1024 * 1024;
  for (let from = 0; from < bytes.length; from += step) {
    const to = Math.min(bytes.length, from + step);
    for (let i = from; i < to; i++) {
      const b = bytes[i]!;
      if (inComment) inComment = b !== 0x0a && b !== 0x0d;
      else if (b === 0x25) inComment = true;
      if (inComment || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x00 || b === 0x09 || b === 0x0c) {
        if (++blank > longestBlank) longestBlank = blank;
      } else blank = 0;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  let inStreams = 0;
  let at = bytes.indexOf("stream", 0, "latin1");
  while (at >= 0) {
    if (at >= 3 && bytes.toString("latin1", at - 3, at) === "end") {
      at = bytes.indexOf("stream", at + 6, "latin1"); // an "endstream" without its "stream"
      continue;
    }
    const end = bytes.indexOf("endstream", at + 6, "latin1");
    if (end < 0) break;
    inStreams += end - (at + 6);
    at = bytes.indexOf("stream", end + 9, "latin1");
  }
  return { longestBlank, outsideStreams: bytes.length - inStreams };
}

/** Most of a PDF export's bytes that may be blank in one run, or outside its streams (see parseCost). */
const MAX_PDF_BLANK_RUN = 1024 * 1024;
const MAX_PDF_STRUCTURE_BYTES = 16 * 1024 * 1024;

/** Why a PDF export is refused: not a PDF pdf-lib reads, or one with active content. */
async function pdfRefusal(path: string): Promise<"notPdf" | "activePdf" | null> {
  const head = await readHead(path);
  const text = head.toString("latin1");
  // Only the bytes before the first object: a page's text (a project name with "<b>") may follow.
  const firstObject = text.search(/\d+\s+\d+\s+obj\b/);
  if (!text.startsWith("%PDF-") || MARKUP.test(firstObject < 0 ? text : text.slice(0, firstObject))) return "notPdf";
  const bytes = await readFile(path);
  const cost = await parseCost(bytes);
  if (cost.longestBlank > MAX_PDF_BLANK_RUN || cost.outsideStreams > MAX_PDF_STRUCTURE_BYTES) return "notPdf";
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    // An encrypted file's strings cannot be read, so what it holds cannot be checked; the editor never encrypts.
    if (doc.isEncrypted || doc.getPageCount() === 0) return "notPdf";
  } catch {
    return "notPdf";
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) if (holdsActive(object)) return "activePdf";
  return null;
}

/**
 * Checks an uploaded export against its format, by its bytes: a PDF must start with `%PDF-` (no markup
 * before its first object), parse with pdf-lib into at least one page, and hold no JavaScript, actions that
 * run anything (OpenAction other than a view, Launch, SubmitForm, …), forms' XFA or embedded files; a JPG
 * must be a JPEG whose header sharp reads, of at most MAX_EXPORT_JPG_PIXELS. Anything else is a 400.
 */
export async function checkExportFile(site: SiteId, file: UploadedFile, format: ExportFormat): Promise<void> {
  const t = serverTranslator(site);
  if (format === "pdf") {
    const refusal = await pdfRefusal(file.path);
    if (refusal === "notPdf") throw new ApiError(400, t("api.exports.notPdf"));
    if (refusal === "activePdf") throw new ApiError(400, t("api.exports.activePdf"));
    return;
  }
  const head = await readHead(file.path);
  const notJpg = () => new ApiError(400, t("api.exports.notJpg"));
  if (head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff) throw notJpg();
  let meta: Metadata;
  try {
    meta = await sharp(file.path, { limitInputPixels: false }).metadata();
  } catch {
    throw notJpg();
  }
  if (meta.format !== "jpeg" || !meta.width || !meta.height) throw notJpg();
  if (meta.width * meta.height > MAX_EXPORT_JPG_PIXELS)
    throw new ApiError(413, t("api.exports.jpgTooLarge", { megapixels: MAX_EXPORT_JPG_PIXELS / 1_000_000 }));
}
