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
import { changedFields, planChangeSchema, type CatchUp, type PlanChange } from "@/lib/elements/changes";
import { MAX_OPERATIONS, diffPlanContent, type ElementOperation } from "@/lib/elements/operations";
import type { PlanContent } from "@/lib/elements/plan-content";
import { ELEMENT_DEFINITIONS, type AnyElement } from "@/lib/elements/registry";

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
  /** Issue 36: the editor instance and its save's number (PATCH's clientId and saveId). */
  clientId?: string;
  saveId?: number;
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
  body: { version: number; operations: ElementOperation[]; clientId?: string; saveId?: number },
  options?: Options,
): Promise<SavedPlan & { changes?: PlanChange[] }> {
  const saved = await api.patch(`/signplan/${id}`, body, { ...options, schema: savedPlanSchema, compressBody: true });
  return { id: saved.id, version: saved.version, changes: changesOf(saved.changes) };
}

/** The answer's `changes` (issue 36) where it has them; an answer without (an older server) leaves them undefined. */
function changesOf(value: unknown): PlanChange[] | undefined {
  const parsed = z.array(planChangeSchema).safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Each replace's and the plan information's `fields` (issue 36): the top-level fields the save sets,
 * against the base, so that the server merges only those onto a plan others changed meanwhile.
 */
export function withChangedFields(operations: ElementOperation[], base: PlanContent): ElementOperation[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const definition of ELEMENT_DEFINITIONS) {
    for (const element of base[definition.listKey] as readonly AnyElement[]) byId.set(element.id, element as Record<string, unknown>);
  }
  return operations.flatMap((operation): ElementOperation[] => {
    if (operation.op === "replace") {
      const before = byId.get(operation.element.id);
      if (!before) return [operation];
      const fields = changedFields(before, operation.element);
      // The same value in another object (an own change that came back from the server): nothing to send.
      return fields.length === 0 ? [] : [{ ...operation, fields }];
    }
    if (operation.op === "planInfo") {
      const fields = changedFields(base.planInfo as Record<string, unknown>, operation.planInfo as Record<string, unknown>);
      return fields.length === 0 ? [] : [{ ...operation, fields }];
    }
    return [operation];
  });
}

const catchUpSchema = z.union([
  z.object({ version: z.number().int(), reload: z.literal(true) }),
  z.object({ version: z.number().int(), changes: z.array(planChangeSchema) }),
]);

/** GET /api/signplan/{id}/changes?since=N (issue 36): the changes after `since`, or `reload` when the log no longer reaches back. */
export async function fetchPlanChanges(id: number, since: number, options?: Options): Promise<CatchUp> {
  return (await api.get(`/signplan/${id}/changes?since=${since}`, { toast: false, ...options, schema: catchUpSchema })) as CatchUp;
}

/**
 * The `save` function the editor's Autosaver takes: the elements changed since the content the server
 * has (`base`), as operations; the whole plan only where operations cannot say the change (a new
 * drawing order of elements, or a top-level field the editor does not change: see diffPlanContent) or
 * where there are more operations than a save may carry (MAX_OPERATIONS).
 * Nothing changed (an edit and its undo): no request. No toast, because the save-state indicator and the
 * conflict dialog show what went wrong where the user is looking.
 */
export async function autosavePlan(id: number, body: AutosaveBody): Promise<{ version: number; changes?: PlanChange[] }> {
  const diff = diffPlanContent(body.base, body.content);
  const operations = diff === null ? null : withChangedFields(diff, body.base);
  // More than a save may carry: the whole plan is the smaller message then.
  if (operations === null || operations.length > MAX_OPERATIONS) return savePlan(id, body, { toast: false });
  if (operations.length === 0) return { version: body.version };
  try {
    return await patchPlan(id, { version: body.version, operations, clientId: body.clientId, saveId: body.saveId }, { toast: false });
  } catch (error) {
    // The server's plan at this version lacks an element the editor believes it has: the editor's whole
    // content at the same version settles it (still refused if it is stale or invalid).
    if (error instanceof ApiRequestError && error.status === 400 && error.code === "UNKNOWN_ELEMENT") {
      return savePlan(id, body, { toast: false });
    }
    throw error;
  }
}
