"use client";
/**
 * Saving a plan's content (core §7, PUT /signplan/{id}, and our PATCH with element operations) for the editor's autosave and the conflict
 * dialog, on top of the one API client. The editor shows save failures itself (the save-state
 * indicator, the conflict dialog), so these calls are made with `toast: false` by their callers; a 401
 * still ends the session through the shared handling.
 *
 * What PUT answers (src/server/signplans/service.ts, updateSignplan):
 * - 200: the saved plan, whose `version` is the one the next save must carry;
 * - 409 `{ message, version }`: the client's version is stale; `version` is the server's current one,
 *   and nothing was written;
 * - 400 `{ message, field? }`: the content failed the registry's schema (the message names the field);
 * - 413 `{ message }`: the body is larger than MAX_PLAN_CONTENT_BYTES.
 *
 * A large plan goes gzipped (the API client's `compressBody`): about a quarter of its JSON.
 */
import * as z from "zod";
import { api, ApiRequestError, type ApiCallOptions } from "@/client/api";
import { MAX_OPERATIONS, diffPlanContent, type ElementOperation } from "@/lib/elements/operations";
import type { PlanContent } from "@/lib/elements/plan-content";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal">;

export interface SavePlanBody {
  /** The version the content is based on: the last one loaded or saved. */
  version: number;
  content: PlanContent;
}

/**
 * Only the fields a save needs back (the answer is the plan without its content); a loose object keeps
 * zod from walking it (a plan can be 20 MB), and the check still catches an answer without a version.
 */
const savedPlanSchema = z.looseObject({ id: z.number().int(), version: z.number().int().positive() });

export interface AutosaveBody extends SavePlanBody {
  /** The content the server has at `version`; unchanged elements are the same objects as in `content`. */
  base: PlanContent;
}

export interface SavedPlan {
  id: number;
  /** The plan's new version, to be sent with the next save. */
  version: number;
}

/** PUT /signplan/{id} {version, content}: the plan's new version, or an ApiRequestError (409 when stale). */
export async function savePlan(id: number, body: SavePlanBody, options?: Options): Promise<SavedPlan> {
  const saved = await api.put(
    `/signplan/${id}`,
    { version: body.version, content: body.content },
    { ...options, schema: savedPlanSchema, compressBody: true },
  );
  return { id: saved.id, version: saved.version };
}

/**
 * PATCH /signplan/{id} {version, operations}: only what changed (src/lib/elements/operations.ts); the
 * same answers as PUT, and a 400 naming the operation's field, or UNKNOWN_ELEMENT for an id the plan no
 * longer has.
 */
export async function patchPlan(
  id: number,
  body: { version: number; operations: ElementOperation[] },
  options?: Options,
): Promise<SavedPlan> {
  const saved = await api.patch(`/signplan/${id}`, body, { ...options, schema: savedPlanSchema, compressBody: true });
  return { id: saved.id, version: saved.version };
}

/**
 * The `save` function the editor's Autosaver takes: the elements changed since the content the server
 * has (`base`), as operations; the whole plan only where operations cannot say the change (a new
 * drawing order of elements, or a top-level field the editor does not change: see diffPlanContent) or
 * where there are more operations than a save may carry (MAX_OPERATIONS).
 * Nothing changed (an edit and its undo): no request. No toast, because the save-state indicator and the
 * conflict dialog show what went wrong where the user is looking.
 */
export async function autosavePlan(id: number, body: AutosaveBody): Promise<{ version: number }> {
  const operations = diffPlanContent(body.base, body.content);
  // More than a save may carry: the whole plan is the smaller message then.
  if (operations === null || operations.length > MAX_OPERATIONS) return savePlan(id, body, { toast: false });
  if (operations.length === 0) return { version: body.version };
  try {
    return await patchPlan(id, { version: body.version, operations }, { toast: false });
  } catch (error) {
    // The server's plan at this version lacks an element the editor believes it has: the editor's whole
    // content at the same version settles it (still refused if it is stale or invalid).
    if (error instanceof ApiRequestError && error.status === 400 && error.code === "UNKNOWN_ELEMENT") {
      return savePlan(id, body, { toast: false });
    }
    throw error;
  }
}
