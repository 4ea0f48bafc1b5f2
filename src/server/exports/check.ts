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

/** Why a PDF export is refused: not a PDF pdf-lib reads, or one with active content. */
async function pdfRefusal(path: string): Promise<"notPdf" | "activePdf" | null> {
  const head = await readHead(path);
  const text = head.toString("latin1");
  // Only the bytes before the first object: a page's text (a project name with "<b>") may follow.
  const firstObject = text.search(/\d+\s+\d+\s+obj\b/);
  if (!text.startsWith("%PDF-") || MARKUP.test(firstObject < 0 ? text : text.slice(0, firstObject))) return "notPdf";
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(await readFile(path), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
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
