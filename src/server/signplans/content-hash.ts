import "server-only";
import { createHash } from "node:crypto";
import * as z from "zod";
import { planContentSchema } from "@/lib/elements/plan-content";

let fingerprint: string | null = null;

/**
 * The plan schema's shape as JSON Schema (zod's own export), hashed: a release that changes an element
 * kind's fields, limits or versions changes it, and every hash stored before stops matching. Refinements
 * written as functions are not part of it; a release that only tightens one of those must bump
 * SCHEMA_REVISION.
 */
const SCHEMA_REVISION = 1;

function schemaFingerprint(): string {
  fingerprint ??= createHash("sha256")
    .update(`${SCHEMA_REVISION}:`)
    .update(JSON.stringify(z.toJSONSchema(planContentSchema, { unrepresentable: "any", io: "output" })))
    .digest("hex");
  return fingerprint;
}

/**
 * The hash a save stores beside content it validated (`signplans.content_hash`): SHA-256 of the schema
 * fingerprint and the stored JSON. About 2 ms per MB. A page that renders the plan finds the same hash
 * only when the content is unchanged since that save and today's schema is the one it was checked
 * against, so the browser may skip its own check (one validation, issue 34); any other write (an
 * import, a migration, a row edited by hand, a save path that does not stamp) leaves it stale or null,
 * and the browser validates as before.
 */
export function validatedContentHash(storedJson: string): string {
  return createHash("sha256").update(schemaFingerprint()).update("\n").update(storedJson).digest("base64url");
}

/** Whether a row's content is what a save validated against today's schema (see validatedContentHash). */
export function isValidatedContent(row: { content: string; content_hash: string | null }): boolean {
  return row.content_hash !== null && row.content_hash === validatedContentHash(row.content);
}

/** The columns a save writes for content it validated: the JSON and its hash. */
export function validatedContentColumns(storedJson: string): { content: string; content_hash: string } {
  return { content: storedJson, content_hash: validatedContentHash(storedJson) };
}

/** The columns of a content write: hashed when the whole content is known valid, else with no hash (the browser then validates it). */
export function contentColumns(storedJson: string, wholeValidated: boolean): { content: string; content_hash: string | null } {
  return wholeValidated ? validatedContentColumns(storedJson) : { content: storedJson, content_hash: null };
}
