/**
 * Live collaboration's change log (issue 36): every new version of a plan is one `PlanChange`, the
 * operations that turned the previous version into it, as the server applied them. The server keeps the
 * last CHANGE_LOG_KEPT per plan, sends each to the plan's room as `signplanChanges`, answers a save with
 * the ones it has not seen, and a reconnecting client with the ones since the version it last saw.
 *
 * Merge rule (Figma's "last writer wins per property", Excalidraw's per-element versions): an element's
 * top-level fields are the unit. A save based on an older version is merged onto the plan as it is now
 * unless another client changed one of the same fields of the same element since (or removed an element
 * the save changes, or changed one it removes): a true conflict, which the user resolves.
 *
 * Pure and universal: shared by the server (merges and logs) and the editor (rebases its unsaved edits).
 */
import * as z from "zod";
import { elementOperationSchema } from "./operations";

/** Changes kept per plan for catch-up; a client further behind reloads the whole plan. */
export const CHANGE_LOG_KEPT = 500;

/**
 * One operation as the server applied it. A `replace` and a `planInfo` always carry `fields`: the
 * top-level fields that differ from the state before (what a concurrent save is checked against).
 * `mapView` never appears: a change of the view alone makes no version.
 */
export type LoggedOperation =
  | { op: "add"; kind: string; element: { id: string } & Record<string, unknown>; index?: number }
  | { op: "replace"; kind: string; element: { id: string } & Record<string, unknown>; fields: string[] }
  | { op: "remove"; id: string }
  | { op: "planInfo"; planInfo: Record<string, unknown>; fields: string[] };

/** One version of a plan as the change log holds it and `signplanChanges` sends it. */
export interface PlanChange {
  signplanId: number;
  /** The version this change made; the previous version is `version - 1`. */
  version: number;
  /** The user who saved it. */
  doneByUserId: number;
  /** The editor instance that saved it (PATCH's clientId); null for a PUT, reset or restore. */
  clientId: string | null;
  /** PATCH's saveId, with clientId: the editor recognises its own saves coming back. */
  saveId: number | null;
  /** ISO time of the save. */
  at: string;
  operations: LoggedOperation[];
}

export const planChangeSchema: z.ZodType<PlanChange> = z.object({
  signplanId: z.number().int().positive(),
  version: z.number().int().positive(),
  doneByUserId: z.number().int(),
  clientId: z.string().nullable(),
  saveId: z.number().int().nullable(),
  at: z.string(),
  operations: z.array(z.any()),
}) as unknown as z.ZodType<PlanChange>;

/**
 * Catch-up (GET /api/signplan/{id}/changes?since=N, the join's acknowledgement, a save's answer): the
 * changes after `since` up to the plan's `version`, in order; or `reload` when the log no longer reaches
 * back to `since` (the client reloads the whole plan).
 */
export type CatchUp = { version: number; changes: PlanChange[] } | { version: number; reload: true };

/** PATCH /signplan/{id}'s answer: the plan's summary, and the changes after the save's base version up to and including its own. */
export interface PatchAnswerChanges {
  changes: PlanChange[];
}

/** The 409 code of a save refused because another client changed the same fields (the body also names `version` and `conflicts`). */
export const PLAN_CHANGE_CONFLICT = "PLAN_CHANGE_CONFLICT";
/** The 409 code of a save based on a version the change log no longer reaches: reload the whole plan. */
export const PLAN_TOO_FAR_BEHIND = "PLAN_TOO_FAR_BEHIND";

/** One true conflict named by a refused save: the element ("planInfo" for the plan information) and the fields. */
export interface ChangeConflictDto {
  elementId: string;
  fields: string[];
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The top-level fields (other than `id`) in which two states of one element (or of the plan
 * information) differ, in a stable order. A field present in one and missing in the other differs.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  if (before === after) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete("id");
  return [...keys].filter((key) => !same(before[key], after[key])).sort();
}

/** `target` with `fields` taken from `source` (a field missing in `source` is removed). */
export function withFields<T extends Record<string, unknown>>(target: T, source: Record<string, unknown>, fields: readonly string[]): T {
  const next: Record<string, unknown> = { ...target };
  for (const field of fields) {
    if (field === "id") continue;
    if (field in source) next[field] = source[field];
    else delete next[field];
  }
  return next as T;
}

/** Whether two values of one field are the same (JSON-equal): two clients that made the same change do not conflict. */
export const sameFieldValue = same;

/** Random id of an editor instance (PATCH's clientId): 16 hex characters, from crypto where there is one. */
export function newClientId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// Re-exported so that readers of the log find the operation schema it builds on.
export { elementOperationSchema };
