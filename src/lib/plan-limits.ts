/**
 * The plan API's limits (core §7, Signplans), apart from its zod schemas (./schemas/signplan.ts, which
 * re-exports them): the editor checks a plan file against the content limit without loading every
 * schema of the plan API.
 */

/** Largest plan document accepted, in bytes of JSON. */
export const MAX_PLAN_CONTENT_BYTES = 20 * 1024 * 1024;
/** Largest background image or PDF. */
export const MAX_BACKGROUND_BYTES = 50 * 1024 * 1024;
export const PAPER_SIZES = ["A4", "A3", "A2", "A1", "A0"] as const;
/** Days a deleted plan or project stays in the trash before it is purged. */
export const TRASH_RETENTION_DAYS = 30;
