/**
 * Save to and load from a .json file (content §2, "save to and load from a .json file"): a snapshot of
 * a plan's content that the user keeps outside the app, e.g. to hand over or to restore later.
 *
 * A file is checked with exactly the schema the server uses for a save (`parsePlanContent`: each
 * element migrated to its kind's current version, then validated), so a file that loads here is also
 * one the server will accept, and a bad one is refused before it reaches the plan.
 *
 * Pure TypeScript (no React, no DOM), tested in node.
 */
import { countElements, parsePlanContent, type PlanContent } from "@/lib/elements/plan-content";
import { ELEMENT_DEFINITIONS } from "@/lib/elements/registry";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/plan-limits";

/** Names our files among other JSON. Product-neutral, so the three sites read each other's files. */
export const PLAN_FILE_FORMAT = "plan-document";
/** The wrapper's layout; the content inside carries its own per-element versions and migrations. */
export const PLAN_FILE_FORMAT_VERSION = 1;
/** The server's content limit plus room for the wrapper (name, site, date). */
export const MAX_PLAN_FILE_BYTES = MAX_PLAN_CONTENT_BYTES + 64 * 1024;

/** What a plan file holds. */
export interface PlanFileDocument {
  format: typeof PLAN_FILE_FORMAT;
  formatVersion: number;
  /** The plan's name when it was saved; shown when loading, never applied to the open plan. */
  name: string;
  /** The site it was saved on (skilteplanen, kloakplanen, ta-planen); informative only. */
  site: string;
  /** ISO 8601 time of saving, so the user can tell two files apart. */
  savedAt: string;
  content: PlanContent;
}

export type PlanFileProblem =
  /** Larger than the server accepts for one plan. */
  | "tooLarge"
  /** Not JSON at all (another kind of file, or a damaged one). */
  | "notJson"
  /** JSON, but neither a plan file nor a plan's content. */
  | "notPlan"
  /** A plan file from a newer version of the app, whose layout this version cannot be sure to read. */
  | "newerFormat"
  /** A plan, but a value in it is invalid: `field` names the first one. */
  | "invalid";

export type PlanFileResult =
  | {
      ok: true;
      content: PlanContent;
      /** From the wrapper; null for a bare content object. */
      name: string | null;
      site: string | null;
      savedAt: string | null;
      /** Number of elements, for the confirmation ("the file holds N elements"). */
      elementCount: number;
    }
  | {
      ok: false;
      reason: PlanFileProblem;
      /** reason "invalid": the path of the first invalid value inside the content, e.g. `lines.0.width`. */
      field?: string;
      /**
       * reason "invalid": the schema's message, a key under `validation` in messages/*.json where the
       * user can act on it (e.g. `drawingWidth`), as the server's 400 uses it.
       */
      issue?: string;
    };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The keys only a plan's content has: one list per element kind, and the map view. */
const CONTENT_KEYS: ReadonlySet<string> = new Set(["mapView", ...ELEMENT_DEFINITIONS.map((definition) => definition.listKey)]);

/**
 * Every field of the content has a default, so `{}` or `{"foo": 1}` would parse as an empty plan. Loading
 * that would wipe the user's plan with a file that was never one; a content object must show at least
 * one key of its own.
 */
function looksLikeContent(value: Record<string, unknown>): boolean {
  return Object.keys(value).some((key) => CONTENT_KEYS.has(key));
}

/** UTF-8 size of a string without encoding it (the file can be 20 MB). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4; // a surrogate pair is one 4-byte character
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The file's text: compact JSON, because indenting every coordinate would make large plans several times bigger. */
export function serializePlanFile(plan: { name: string; site: string; content: PlanContent; savedAt?: Date }): string {
  const document: PlanFileDocument = {
    format: PLAN_FILE_FORMAT,
    formatVersion: PLAN_FILE_FORMAT_VERSION,
    name: plan.name,
    site: plan.site,
    savedAt: (plan.savedAt ?? new Date()).toISOString(),
    content: plan.content,
  };
  return JSON.stringify(document);
}

/**
 * Reads a plan file, or a bare content object (what GET /signplan/{id} answers as `content`, or an
 * older export without the wrapper). Never throws; a refusal says why.
 */
export function parsePlanFile(text: string): PlanFileResult {
  // Editors on Windows like to start a UTF-8 file with a byte-order mark, which JSON.parse refuses.
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Every character is at least one byte: a text this long is too large without counting.
  if (source.length > MAX_PLAN_FILE_BYTES) return { ok: false, reason: "tooLarge" };
  const bytes = utf8ByteLength(source);
  if (bytes > MAX_PLAN_FILE_BYTES) return { ok: false, reason: "tooLarge" };

  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    return { ok: false, reason: "notJson" };
  }
  if (!isRecord(data)) return { ok: false, reason: "notPlan" };

  let raw: Record<string, unknown>;
  let meta: { name: string | null; site: string | null; savedAt: string | null } = { name: null, site: null, savedAt: null };
  if ("format" in data) {
    if (data.format !== PLAN_FILE_FORMAT || !isRecord(data.content)) return { ok: false, reason: "notPlan" };
    const version = data.formatVersion;
    if (typeof version === "number" && version > PLAN_FILE_FORMAT_VERSION) return { ok: false, reason: "newerFormat" };
    raw = data.content;
    const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
    meta = { name: text(data.name), site: text(data.site), savedAt: text(data.savedAt) };
  } else {
    raw = data;
  }
  if (!looksLikeContent(raw)) return { ok: false, reason: "notPlan" };

  const parsed = parsePlanContent(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: "invalid", field: issue?.path.map(String).join(".") || undefined, issue: issue?.message };
  }
  // Only a file near the limit can hold too much content once the wrapper is taken off; measure just then.
  if (bytes > MAX_PLAN_CONTENT_BYTES && utf8ByteLength(JSON.stringify(parsed.data)) > MAX_PLAN_CONTENT_BYTES) {
    return { ok: false, reason: "tooLarge" };
  }
  return { ok: true, content: parsed.data, ...meta, elementCount: countElements(parsed.data) };
}

/** A download name for the plan (`.json`, or another extension): its name without characters that file systems refuse. */
export function planFileName(name: string, extension = "json"): string {
  const safe = name
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 120)
    .trim();
  return `${safe || "plan"}.${extension}`;
}
