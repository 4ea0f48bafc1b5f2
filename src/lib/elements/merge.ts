/**
 * Live collaboration's merge (issue 36; the rule is in changes.ts): a save based on an older version
 * than the plan's is rebased onto the plan as it is now, using the change log since its base, or refused
 * where another client changed the same fields of the same element (a true conflict). And the value
 * diff of two contents as logged operations, for the saves that send a whole content (PUT, reset,
 * restore) and for logging what a PATCH actually changed.
 *
 * Pure and universal: the server merges with it; the editor may use it to rebase its unsaved edits.
 */
import { changedFields, sameFieldValue, withFields, type ChangeConflictDto, type LoggedOperation, type PlanChange } from "./changes";
import type { ElementOperation } from "./operations";
import type { PlanContent } from "./plan-content";
import { ELEMENT_DEFINITIONS, type AnyElement, type ElementKind } from "./registry";

/** The element id under which the plan information takes part in conflicts (ChangeConflictDto.elementId). */
export const PLAN_INFO_ID = "planInfo";

/** Every field: an element another client removed and added again (moved) in one change. */
const ALL = "*";

type Record_ = Record<string, unknown>;

const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every element of a content by id, with its kind. */
export function elementsById(content: PlanContent): Map<string, { kind: ElementKind; element: AnyElement }> {
  const byId = new Map<string, { kind: ElementKind; element: AnyElement }>();
  const lists = content as unknown as Record_;
  for (const definition of ELEMENT_DEFINITIONS) {
    const list = lists[definition.listKey];
    if (Array.isArray(list)) for (const element of list as AnyElement[]) byId.set(element.id, { kind: definition.kind, element });
  }
  return byId;
}

/** What other clients did to each element since a save's base: fields changed, and whether it is gone. */
interface OthersChanges {
  fields: Map<string, Set<string>>;
  removed: Set<string>;
}

function othersChanges(changes: readonly PlanChange[], clientId: string | null): OthersChanges {
  const fields = new Map<string, Set<string>>();
  const removed = new Set<string>();
  const mark = (id: string, changed: readonly string[]) => {
    let set = fields.get(id);
    if (!set) fields.set(id, (set = new Set()));
    for (const field of changed) set.add(field);
  };
  for (const change of changes) {
    // A client's own earlier saves are not conflicts with its later ones (a save without a clientId is always another's).
    if (clientId !== null && change.clientId === clientId) continue;
    for (const operation of change.operations) {
      switch (operation.op) {
        case "add":
          // Removed and added again in one change: the value diff's way of saying an element moved.
          if (removed.delete(operation.element.id)) mark(operation.element.id, [ALL]);
          break;
        case "replace":
          mark(operation.element.id, operation.fields);
          break;
        case "remove":
          removed.add(operation.id);
          break;
        case "planInfo":
          mark(PLAN_INFO_ID, operation.fields);
          break;
      }
    }
  }
  return { fields, removed };
}

export type RebaseResult = { ok: true; operations: ElementOperation[] } | { ok: false; conflicts: ChangeConflictDto[] };

/**
 * `operations`, computed by a client against an older version, rebased onto `current` (the plan now),
 * given `changes`: every logged change after the save's base, in order. Changes by the same `clientId`
 * are the client's own and never conflict.
 *
 * - `replace` (and `planInfo`): the element as it is now with the save's `fields` taken from the save's
 *   element (every field of either when `fields` is left out); a conflict where another client changed
 *   one of those fields to a value other than the save's, or removed the element.
 * - `remove`: dropped where another client removed the element already; a conflict where another client
 *   changed it.
 * - `add` and `mapView` stay.
 * An operation on an element that is not there (and was not removed by another client) is left as it
 * is, for applyOperations to refuse, as it refuses one based on the current version.
 */
export function rebaseOperations(
  operations: readonly ElementOperation[],
  changes: readonly PlanChange[],
  current: PlanContent,
  clientId: string | null,
): RebaseResult {
  const others = othersChanges(changes, clientId);
  const now = elementsById(current);
  const addedHere = new Set<string>();
  const conflicts = new Map<string, Set<string>>();
  const conflict = (id: string, fields: Iterable<string>) => {
    let set = conflicts.get(id);
    if (!set) conflicts.set(id, (set = new Set()));
    for (const field of fields) set.add(field);
  };
  /** The save's fields that another client changed to something else; `fields` undefined: every field of either. */
  const clashes = (id: string, mine: Record_, theirs: Record_, fields: readonly string[] | undefined): string[] => {
    const set = fields ?? fieldsOfEither(mine, theirs);
    const changed = others.fields.get(id);
    if (!changed) return [];
    return set.filter((field) => field !== "id" && (changed.has(ALL) || changed.has(field)) && !sameFieldValue(mine[field], theirs[field]));
  };

  const rebased: ElementOperation[] = [];
  for (const operation of operations) {
    switch (operation.op) {
      case "add":
        addedHere.add(operation.element.id);
        rebased.push(operation);
        break;
      case "mapView":
        rebased.push(operation);
        break;
      case "remove": {
        const id = operation.id;
        if (addedHere.has(id)) {
          addedHere.delete(id);
          rebased.push(operation);
        } else if (others.removed.has(id) && !now.has(id)) {
          // Already gone: the save's wish is granted.
        } else if (others.fields.has(id)) {
          const theirs = now.get(id);
          conflict(id, theirs ? fieldsChangedBy(others, id, theirs.element as unknown as Record_) : []);
        } else rebased.push(operation);
        break;
      }
      case "replace": {
        const id = operation.element.id;
        const existing = now.get(id);
        if (addedHere.has(id) || (existing && existing.kind !== operation.kind)) {
          rebased.push(operation);
          break;
        }
        if (!existing) {
          if (others.removed.has(id)) conflict(id, operation.fields ?? fieldsOfEither(operation.element, {}));
          else rebased.push(operation);
          break;
        }
        const theirs = existing.element as unknown as Record_;
        const clash = clashes(id, operation.element, theirs, operation.fields);
        if (clash.length > 0) {
          conflict(id, clash);
          break;
        }
        const fields = operation.fields ?? fieldsOfEither(operation.element, theirs);
        rebased.push({
          op: "replace",
          kind: operation.kind,
          element: withFields(theirs, operation.element, fields) as typeof operation.element,
          fields,
        });
        break;
      }
      case "planInfo": {
        const theirs = (current as unknown as Record_).planInfo;
        if (!isRecord(operation.planInfo) || !isRecord(theirs)) {
          rebased.push(operation);
          break;
        }
        const clash = clashes(PLAN_INFO_ID, operation.planInfo, theirs, operation.fields);
        if (clash.length > 0) {
          conflict(PLAN_INFO_ID, clash);
          break;
        }
        const fields = operation.fields ?? fieldsOfEither(operation.planInfo, theirs);
        rebased.push({ op: "planInfo", planInfo: withFields(theirs, operation.planInfo, fields), fields });
        break;
      }
    }
  }
  if (conflicts.size > 0)
    return { ok: false, conflicts: [...conflicts].map(([elementId, fields]) => ({ elementId, fields: [...fields].sort() })) };
  return { ok: true, operations: rebased };
}

function fieldsOfEither(a: Record_, b: Record_): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete("id");
  return [...keys].sort();
}

/** The fields another client changed on an element (every field of it where it moved). */
function fieldsChangedBy(others: OthersChanges, id: string, element: Record_): string[] {
  const fields = others.fields.get(id);
  if (!fields) return [];
  if (fields.has(ALL)) return fieldsOfEither(element, {});
  return [...fields].sort();
}

/**
 * The operations that turn `before` into `after`, compared by value (an element equal in JSON is
 * unchanged; the same object is, at no cost): removals, then replacements with the fields that differ,
 * then additions at their index in the finished list, then the plan information. An element that stays
 * but moved in its list's order is removed and added again at its new place (the fewest such moves: the
 * elements on a longest run in the old order stay). The map view and other top-level fields are not
 * part of a change. applyOperations(before, result) has `after`'s lists and plan information.
 */
export function diffContentByValue(before: PlanContent, after: PlanContent): LoggedOperation[] {
  const old = before as unknown as Record_;
  const now = after as unknown as Record_;
  const removes: LoggedOperation[] = [];
  const replaces: LoggedOperation[] = [];
  const adds: LoggedOperation[] = [];
  const afterKinds = new Map<string, ElementKind>();
  for (const definition of ELEMENT_DEFINITIONS) {
    const list = now[definition.listKey];
    if (Array.isArray(list)) for (const element of list as AnyElement[]) afterKinds.set(element.id, definition.kind);
  }
  for (const definition of ELEMENT_DEFINITIONS) {
    const kind = definition.kind;
    const oldList = (Array.isArray(old[definition.listKey]) ? old[definition.listKey] : []) as AnyElement[];
    const newList = (Array.isArray(now[definition.listKey]) ? now[definition.listKey] : []) as AnyElement[];
    if (oldList === newList) continue;
    const oldAt = new Map<string, number>();
    for (const [at, element] of oldList.entries()) {
      if (afterKinds.get(element.id) === kind) oldAt.set(element.id, at);
      else removes.push({ op: "remove", id: element.id });
    }
    // The elements that stay, in the new order, by their old place: those on a longest increasing run keep their place.
    const stayed = newList.filter((element) => oldAt.has(element.id));
    const inOrder = longestIncreasing(stayed.map((element) => oldAt.get(element.id)!));
    const keep = new Set(inOrder.map((i) => stayed[i]!.id));
    for (const [index, element] of newList.entries()) {
      const at = oldAt.get(element.id);
      const record = element as unknown as { id: string } & Record_;
      if (at === undefined) {
        adds.push({ op: "add", kind, element: record, index });
      } else if (!keep.has(element.id)) {
        removes.push({ op: "remove", id: element.id });
        adds.push({ op: "add", kind, element: record, index });
      } else {
        const previous = oldList[at]!;
        if (previous === element) continue;
        const fields = changedFields(previous as unknown as Record_, record);
        if (fields.length > 0) replaces.push({ op: "replace", kind, element: record, fields });
      }
    }
  }
  const operations = [...removes, ...replaces, ...adds];
  const oldInfo = isRecord(old.planInfo) ? old.planInfo : {};
  const newInfo = isRecord(now.planInfo) ? now.planInfo : {};
  if (old.planInfo !== now.planInfo) {
    const fields = changedFields(oldInfo, newInfo);
    if (fields.length > 0) operations.push({ op: "planInfo", planInfo: newInfo, fields });
  }
  return operations;
}

/** Positions (indexes into `values`) of one longest strictly increasing subsequence, O(n log n). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = Array.from({ length: values.length }, () => -1);
  for (const [i, value] of values.entries()) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const run: number[] = [];
  for (let i = tails.at(-1) ?? -1; i !== -1; i = previous[i]!) run.push(i);
  return run.reverse();
}

/**
 * What a version changed against the one before, by element id, for the version history's preview:
 * elements added, changed (in value) and removed; PLAN_INFO_ID among the changed where the plan
 * information changed. A move in the drawing order alone is not a change here.
 */
export function contentChanges(before: PlanContent, after: PlanContent): { added: string[]; changed: string[]; removed: string[] } {
  const old = elementsById(before);
  const now = elementsById(after);
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [id, { element }] of now) {
    const previous = old.get(id);
    if (!previous) added.push(id);
    else if (!sameFieldValue(previous.element, element)) changed.push(id);
  }
  for (const id of old.keys()) if (!now.has(id)) removed.push(id);
  const infoBefore = (before as unknown as Record_).planInfo;
  const infoAfter = (after as unknown as Record_).planInfo;
  if (!sameFieldValue(infoBefore, infoAfter)) changed.push(PLAN_INFO_ID);
  return { added, changed, removed };
}

/** Elements a list of logged operations added, changed or removed (the plan information counts as one; a move is one). */
export function countChangedElements(operations: readonly LoggedOperation[]): number {
  const ids = new Set<string>();
  for (const operation of operations) {
    if (operation.op === "planInfo") ids.add("\u0000" + PLAN_INFO_ID);
    else if (operation.op === "remove") ids.add(operation.id);
    else ids.add(operation.element.id);
  }
  return ids.size;
}
