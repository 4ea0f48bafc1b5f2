/**
 * Rebasing the editor's unsaved edits onto another client's change (issue 36, "edits merge per
 * element"): the editor keeps its base (the server's content at the version it last saw) exact by
 * applying every PlanChange in version order, and brings each one into the store without losing what
 * the user has not saved yet. Pure (no React, no network), so the rules are tested in node.
 *
 * Per element (the plan information counts as the element "planInfo"), against the base before the change:
 * - unchanged here → theirs, as the server now has it;
 * - changed here → theirs with the fields I changed (changedFields(base, mine)) on top: Figma's "last
 *   writer wins per property", and here the writer who has not saved yet writes last;
 * - a true conflict where both changed one field to different values, where they removed what I changed,
 *   or changed what I removed. The store keeps mine until the user decides (see resolveConflict), and
 *   the autosaver does not send that element meanwhile.
 * A change made by this editor instance (its clientId) coming back never conflicts: it is already in the store.
 */
import { changedFields, sameFieldValue, withFields, type LoggedOperation, type PlanChange } from "@/lib/elements/changes";
import { PLAN_INFO_ID, elementsById } from "@/lib/elements/merge";
import { applyOperations, type ElementOperation } from "@/lib/elements/operations";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { PlanInfo } from "@/lib/elements/plan-info";
import { ELEMENT_DEFINITIONS, type AnyElement, type ElementKind } from "@/lib/elements/registry";
import { refOf, type ElementRef } from "@/editor/core/store/plan-store";

/** The id a conflict on the plan information has, as the server's ChangeConflictDto names it. */
export { PLAN_INFO_ID };

export type SyncConflictKind =
  /** Both changed the same field(s) to different values. */
  | "fields"
  /** They removed an element I changed. */
  | "removedByThem"
  /** They changed an element I removed. */
  | "removedByMe";

/** One true conflict on one element, shown to the user with both values. */
export interface SyncConflict {
  /** The element's id, or PLAN_INFO_ID. */
  elementId: string;
  /** The element's kind; "planInfo" for the plan information. */
  kind: ElementKind | "planInfo";
  conflict: SyncConflictKind;
  /** The fields in conflict ("fields"), or every field that differs between mine and theirs. */
  fields: string[];
  /** My state of it (null: I removed it). */
  mine: Record<string, unknown> | null;
  /** Their state (null: they removed it), as the server has it now. */
  theirs: Record<string, unknown> | null;
  /** The state both started from (to tell "moved" from "reshaped"). */
  base: Record<string, unknown> | null;
  /** Who made their change. */
  byUserId: number;
}

/** What the store must do to bring a change in: applied with `applyRemote` (no undo step). */
export interface RemoteTransaction {
  put: ElementRef[];
  remove: string[];
  planInfo?: PlanInfo;
}

export type RebaseResult =
  | { ok: true; base: PlanContent; tx: RemoteTransaction; conflicts: SyncConflict[] }
  /** The change does not apply to the base (the base is not what the server had): reload the plan. */
  | { ok: false };

type Rec = Record<string, unknown>;

/** The ids (and PLAN_INFO_ID) one change touches. */
function touchedIds(operations: readonly LoggedOperation[]): string[] {
  const ids = new Set<string>();
  for (const operation of operations) {
    if (operation.op === "remove") ids.add(operation.id);
    else if (operation.op === "planInfo") ids.add(PLAN_INFO_ID);
    else ids.add(operation.element.id);
  }
  return [...ids];
}

/**
 * One element's three states (base, mine, theirs; undefined = absent) merged: what the store should
 * hold (undefined = absent), and the conflict, if any. `own`: the change is this client's own.
 */
export function mergeElement(
  base: Rec | undefined,
  mine: Rec | undefined,
  theirs: Rec | undefined,
  own: boolean,
): { result: Rec | undefined; conflict: { kind: SyncConflictKind; fields: string[] } | null } {
  const mineChanged = base === undefined ? mine !== undefined : mine === undefined || changedFields(base, mine).length > 0;
  if (!mineChanged) return { result: theirs, conflict: null };
  if (base === undefined) {
    // Both added the same id (only our own add coming back, ids being random): mine stays.
    return { result: mine, conflict: null };
  }
  if (mine === undefined) {
    // I removed it. Their removal agrees; their change of it is a conflict (mine wins until resolved).
    if (theirs === undefined || own) return { result: undefined, conflict: null };
    return { result: undefined, conflict: { kind: "removedByMe", fields: changedFields(base, theirs) } };
  }
  if (theirs === undefined) {
    if (own) return { result: undefined, conflict: null };
    return { result: mine, conflict: { kind: "removedByThem", fields: changedFields(base, mine) } };
  }
  const myFields = changedFields(base, mine);
  const theirFields = new Set(changedFields(base, theirs));
  const result = withFields(theirs, mine, myFields);
  const clashing = own ? [] : myFields.filter((field) => theirFields.has(field) && !sameFieldValue(mine[field], theirs[field]));
  return { result, conflict: clashing.length > 0 ? { kind: "fields", fields: clashing } : null };
}

/**
 * Brings `change` (the version after `base`'s) into the store's `mine`: the new base (the server's
 * content at change.version), the store's transaction, and the true conflicts. `clientId`: this
 * editor instance's, to recognise its own saves.
 */
export function rebase(base: PlanContent, mine: PlanContent, change: PlanChange, clientId: string | null): RebaseResult {
  const applied = applyOperations(base, change.operations as unknown as ElementOperation[]);
  if (!applied.ok) return { ok: false };
  // The map view is the user's own and never in a change; the base keeps the one the server last got.
  const nextBase: PlanContent = { ...applied.content, mapView: base.mapView };
  return { ok: true, base: nextBase, ...mergeInto(base, nextBase, mine, touchedIds(change.operations), change, clientId) };
}

/**
 * Rebases `mine` onto a whole plan loaded from the server (too far behind for the change log): the
 * difference between the old base and it, merged as one change of someone else's.
 */
export function rebaseOntoPlan(base: PlanContent, mine: PlanContent, server: PlanContent, byUserId: number): RebaseResult {
  const before = elementsById(base);
  const after = elementsById(server);
  const ids = new Set<string>();
  for (const [id, entry] of before) if (after.get(id)?.element !== entry.element) ids.add(id);
  for (const id of after.keys()) if (!before.has(id)) ids.add(id);
  if (changedFields(base.planInfo as Rec, server.planInfo as Rec).length > 0) ids.add(PLAN_INFO_ID);
  const nextBase: PlanContent = { ...server, mapView: base.mapView };
  const change = { doneByUserId: byUserId, clientId: null };
  return { ok: true, base: nextBase, ...mergeInto(base, nextBase, mine, [...ids], change, null) };
}

function mergeInto(
  base: PlanContent,
  nextBase: PlanContent,
  mine: PlanContent,
  ids: readonly string[],
  change: Pick<PlanChange, "doneByUserId" | "clientId">,
  clientId: string | null,
): { tx: RemoteTransaction; conflicts: SyncConflict[] } {
  const own = clientId !== null && change.clientId === clientId;
  const before = elementsById(base);
  const after = elementsById(nextBase);
  const current = elementsById(mine);
  const tx: RemoteTransaction = { put: [], remove: [] };
  const conflicts: SyncConflict[] = [];
  for (const id of ids) {
    if (id === PLAN_INFO_ID) {
      const merged = mergeElement(base.planInfo as Rec, mine.planInfo as Rec, nextBase.planInfo as Rec, own);
      const result = (merged.result ?? {}) as PlanInfo;
      if (changedFields(result as Rec, mine.planInfo as Rec).length > 0) tx.planInfo = result;
      if (merged.conflict) {
        conflicts.push({
          elementId: PLAN_INFO_ID,
          kind: "planInfo",
          conflict: merged.conflict.kind,
          fields: merged.conflict.fields,
          mine: mine.planInfo as Rec,
          theirs: nextBase.planInfo as Rec,
          base: base.planInfo as Rec,
          byUserId: change.doneByUserId,
        });
      }
      continue;
    }
    const was = before.get(id);
    const now = after.get(id);
    const have = current.get(id);
    const kind = (now ?? have ?? was)!.kind;
    const merged = mergeElement(was?.element as Rec | undefined, have?.element as Rec | undefined, now?.element as Rec | undefined, own);
    if (merged.result === undefined) {
      if (have) tx.remove.push(id);
    } else if (!have || changedFields(have.element as Rec, merged.result).length > 0 || have.kind !== (now?.kind ?? kind)) {
      tx.put.push(refOf(now?.kind ?? kind, merged.result as AnyElement));
    }
    if (merged.conflict) {
      conflicts.push({
        elementId: id,
        kind,
        conflict: merged.conflict.kind,
        fields: merged.conflict.fields,
        mine: (have?.element as Rec | undefined) ?? null,
        theirs: (now?.element as Rec | undefined) ?? null,
        base: (was?.element as Rec | undefined) ?? null,
        byUserId: change.doneByUserId,
      });
    }
  }
  return { tx, conflicts };
}

/**
 * What resolving a conflict does to the store, given the base as it is now: "mine" changes nothing (the
 * store holds mine, which the next save sends over theirs on purpose); "theirs" puts their values of the
 * conflicting fields in (my other changes of the element stay), or their removal, or the element back.
 */
export function resolveConflict(
  conflict: SyncConflict,
  choice: "mine" | "theirs",
  base: PlanContent,
  mine: PlanContent,
): RemoteTransaction {
  const tx: RemoteTransaction = { put: [], remove: [] };
  if (choice === "mine") return tx;
  if (conflict.elementId === PLAN_INFO_ID) {
    tx.planInfo = withFields(mine.planInfo as Rec, base.planInfo as Rec, conflict.fields) as PlanInfo;
    return tx;
  }
  const theirs = elementsById(base).get(conflict.elementId);
  const have = elementsById(mine).get(conflict.elementId);
  if (!theirs) {
    if (have) tx.remove.push(conflict.elementId);
  } else if (!have) {
    tx.put.push(refOf(theirs.kind, theirs.element));
  } else {
    tx.put.push(refOf(theirs.kind, withFields(have.element as Rec, theirs.element as Rec, conflict.fields) as AnyElement));
  }
  return tx;
}

/**
 * Whether a conflict is still open: the store's element still differs from the base in a conflicting
 * way (the user may have made it agree by hand, or undone the edit).
 */
export function conflictStillOpen(conflict: SyncConflict, base: PlanContent, mine: PlanContent): boolean {
  if (conflict.elementId === PLAN_INFO_ID) {
    return conflict.fields.some((field) => !sameFieldValue((base.planInfo as Rec)[field], (mine.planInfo as Rec)[field]));
  }
  const theirs = elementsById(base).get(conflict.elementId)?.element as Rec | undefined;
  const have = elementsById(mine).get(conflict.elementId)?.element as Rec | undefined;
  if (!theirs || !have) return (theirs === undefined) !== (have === undefined);
  return conflict.fields.some((field) => !sameFieldValue(theirs[field], have[field]));
}

/**
 * The content to send while conflicts are open: the conflicted elements as the base has them, so the
 * rest of the user's edits still save and nothing of an undecided element overwrites theirs.
 */
export function withoutConflicts(content: PlanContent, base: PlanContent, conflicts: readonly SyncConflict[]): PlanContent {
  if (conflicts.length === 0) return content;
  const ids = new Set(conflicts.map((conflict) => conflict.elementId));
  let next: PlanContent = content;
  if (ids.has(PLAN_INFO_ID)) next = { ...next, planInfo: base.planInfo };
  const baseIndex = elementsById(base);
  for (const definition of ELEMENT_DEFINITIONS) {
    const list = next[definition.listKey] as readonly AnyElement[];
    const touched = list.some((element) => ids.has(element.id)) || [...ids].some((id) => baseIndex.get(id)?.kind === definition.kind);
    if (!touched) continue;
    const out: AnyElement[] = [];
    const present = new Set(list.map((element) => element.id));
    for (const element of list) {
      if (!ids.has(element.id)) out.push(element);
      else {
        const kept = baseIndex.get(element.id);
        if (kept && kept.kind === definition.kind) out.push(kept.element);
      }
    }
    // An element I removed that they changed stays on the server until decided, in its place (a new
    // order of the elements would make the save a whole-plan PUT).
    for (const [index, element] of (base[definition.listKey] as readonly AnyElement[]).entries()) {
      if (ids.has(element.id) && !present.has(element.id)) out.splice(Math.min(index, out.length), 0, element);
    }
    next = { ...next, [definition.listKey]: out };
  }
  return next;
}
