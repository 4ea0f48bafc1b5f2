import "server-only";
import { ApiError } from "../api/errors";
import { replaceUnsafeFileNameChars } from "../files/serve";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

/**
 * Names in the archive. A name the user types (a new folder, a rename) is refused with a message when it
 * could not be a file or folder name somewhere (path separators, control or bidirectional characters, "."
 * and "..", Windows' reserved device names, a trailing dot): the user can type another. A name that comes
 * with an uploaded file is made safe instead (the user did not type it here and cannot fix it in the
 * upload), and otherwise kept as the file was named: letters of any language, spaces, case.
 */

/** The longest name, in characters: what common file systems allow for one path segment. */
export const ARCHIVE_NAME_MAX = 255;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** As in files/serve.ts: they only reorder what is shown ("Plan\u202Efdp.exe" reads as "Planexe.pdf"). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** CON, PRN, AUX, NUL, COM1–9 and LPT1–9, with or without an extension: Windows cannot create them. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(\..*)?$/iu;

export type ArchiveNameProblem = "required" | "tooLong" | "separator" | "control" | "bidi" | "dots" | "reserved" | "trailingDot";

/** What is wrong with a typed name (already trimmed and NFC), or null when it may be used. */
export function archiveNameProblem(name: string): ArchiveNameProblem | null {
  if (!name) return "required";
  if ([...name].length > ARCHIVE_NAME_MAX) return "tooLong";
  if (name.includes("/") || name.includes("\\")) return "separator";
  if (CONTROL.test(name)) return "control";
  if (new RegExp(BIDI_CONTROLS.source, "u").test(name)) return "bidi";
  if (name === "." || name === "..") return "dots";
  if (WINDOWS_RESERVED.test(name)) return "reserved";
  if (name.endsWith(".")) return "trailingDot";
  return null;
}

const PROBLEM_KEYS = {
  required: "validation.archiveNameRequired",
  tooLong: "validation.archiveNameTooLong",
  separator: "api.archive.nameSeparator",
  control: "api.archive.nameControl",
  bidi: "api.archive.nameBidi",
  dots: "api.archive.nameDots",
  reserved: "api.archive.nameReserved",
  trailingDot: "api.archive.nameTrailingDot",
} as const satisfies Record<ArchiveNameProblem, string>;

/** A name the user typed, trimmed, or a 400 saying what is wrong with it (field "name"). */
export function typedArchiveName(site: SiteId, raw: string): string {
  const name = raw.normalize("NFC").trim();
  const problem = archiveNameProblem(name);
  if (problem) {
    const t = serverTranslator(site);
    throw new ApiError(400, t(PROBLEM_KEYS[problem], { max: ARCHIVE_NAME_MAX }), { field: "name", code: "ARCHIVE_NAME_INVALID" });
  }
  return name;
}

/**
 * An uploaded file's name, made safe rather than refused: the characters files/serve.ts replaces become
 * "_", bidirectional controls are dropped, leading and trailing blanks and trailing dots go, a reserved
 * device name gets a "_" in front, and a name past ARCHIVE_NAME_MAX keeps its extension. Nothing left
 * is "file".
 */
export function safeUploadName(raw: string): string {
  let name = replaceUnsafeFileNameChars(raw.normalize("NFC").replace(BIDI_CONTROLS, ""))
    .trim()
    .replace(/[. ]+$/u, "");
  if (!name || name === "." || name === "..") return "file";
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length > ARCHIVE_NAME_MAX) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 ? [...name.slice(dot)] : [];
    const keep = extension.length > 0 && extension.length <= 20 ? extension : [];
    name = [...chars.slice(0, ARCHIVE_NAME_MAX - keep.length), ...keep].join("").trim();
  }
  return name;
}

/**
 * The name as the unique indexes compare it: NFC, lower case in every script (SQLite's lower() folds only
 * A-Z, so this is computed here and stored), so "Tilladelser" and "TILLADELSER" cannot stand side by side.
 */
export function archiveNameKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
}
