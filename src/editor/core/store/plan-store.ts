/**
 * The plan store (DESIGN.md, "The editor"; STYLE.md, "One write path"): the one place that changes an
 * open plan. Every user action is a `transact` call, which records the undo step, bumps the revision and
 * tells the subscribers (the map layer, the toolbars, autosave) exactly what changed. UI code never
 * mutates the content or the map's features directly.
 *
 * Plain TypeScript without OpenLayers or React, so it is tested in node and shared by the editor, the
 * view page and the benchmark.
 */
import {
  ELEMENT_DEFINITIONS,
  getElementDefinition,
  type AnyElement,
  type ElementKind,
  type ElementOf,
  type ListKey,
} from "@/lib/elements/registry";
import { changedFields, withFields } from "@/lib/elements/changes";
import type { MapView, PlanContent } from "@/lib/elements/plan-content";
import { inPhase, type PhaseView } from "@/lib/elements/phase";
import type { PlanInfo } from "@/lib/elements/plan-info";

/**
 * An element together with its kind: what the store hands out and takes in. A union over the kinds, so
 * checking `ref.kind` types `ref.element` (no cast); generic in `K` for code that is generic in the kind
 * (the registry's `geometryOf`), where TypeScript still sees that the kind's module fits its element.
 */
export type ElementRef<K extends ElementKind = ElementKind> = { [P in K]: { kind: P; element: ElementOf<P> } }[K];

/**
 * The ref of an element read from its kind's list (or a feature's properties): the store keeps each kind's
 * elements in that kind's list, a pairing TypeScript cannot follow from a kind held in a variable. The one
 * place the pairing is asserted; everything else narrows by `ref.kind`.
 */
export function refOf(kind: ElementKind, element: AnyElement): ElementRef {
  return { kind, element } as ElementRef;
}

/** The ref with fields every kind has (its id, its phase) changed; the kind and the rest kept. */
export function withCommonFields<K extends ElementKind>(
  ref: ElementRef<K>,
  fields: Partial<Pick<AnyElement, "id" | "phase">>,
): ElementRef<K> {
  return { kind: ref.kind, element: { ...ref.element, ...fields } };
}

export interface Transaction {
  /** What the user did, in a few words (debugging, and a later history UI). */
  note: string;
  /** Elements to add, or to replace when their id exists (the list position is kept then). */
  put?: readonly ElementRef[];
  /** Ids of elements to remove; unknown ids are ignored. */
  remove?: readonly string[];
  /** Map view fields to change (pan, zoom, rotation, layer): saved with the plan, never undone. */
  mapView?: Partial<MapView>;
  /**
   * The plan's information for the title block (responsible person, period, phase, …), replacing the
   * whole `planInfo`: the user's edit of a document field, so it is undoable like an element's.
   */
  planInfo?: PlanInfo;
}

/** What one change did, for subscribers that update incrementally (the map layer). */
export interface StoreChange {
  /** Increases with every change of the content; autosave compares it with the saved revision. */
  revision: number;
  /** "remote": another client's change (or a resolved conflict) brought in by live collaboration, not undoable. */
  reason: "transact" | "undo" | "redo" | "replace" | "remote";
  /** Elements added or replaced (their new state). */
  put: readonly ElementRef[];
  /** Ids removed. */
  removed: readonly string[];
  mapViewChanged: boolean;
  /** `planInfo` changed (by a transaction, its undo or redo, or a replace). */
  planInfoChanged: boolean;
  /** Set by `replace`: everything may have changed, so rebuild rather than patch. */
  replacedAll: boolean;
}

/** One undo step: the elements to put back and the ids to take away to return to the state before. */
interface HistoryStep {
  note: string;
  /** Elements as they were before, with their list position, so undo restores the drawing order too. */
  restore: { ref: ElementRef; index: number }[];
  /** Ids the step created, removed again by undo. */
  created: string[];
  /** The map view before a whole-content replace (a loaded file brings its own), put back by undo. */
  mapView?: MapView;
  /** The plan information before the step changed it, put back by undo. */
  planInfo?: PlanInfo;
}

/** Enough for a working day of edits; older steps fall off (the server keeps its own history of saves). */
export const UNDO_LIMIT = 200;

const EMPTY_SET: ReadonlySet<string> = new Set();

export class PlanStore {
  private content: PlanContent;
  private revision = 0;
  /** Where each element lives: id → kind. Positions are looked up in the (small) list on demand. */
  private readonly kinds = new Map<string, ElementKind>();
  private undoStack: HistoryStep[] = [];
  private redoStack: HistoryStep[] = [];
  private selection: ReadonlySet<string> = EMPTY_SET;
  private readonly listeners = new Set<(change: StoreChange) => void>();
  private readonly selectionListeners = new Set<(selection: ReadonlySet<string>) => void>();
  private phaseView: PhaseView = "all";
  private readonly phaseListeners = new Set<(view: PhaseView) => void>();

  constructor(content: PlanContent) {
    this.content = content;
    this.reindex();
  }

  /** The current content: a new object after every change, so it can be compared by reference. */
  getContent(): PlanContent {
    return this.content;
  }

  getRevision(): number {
    return this.revision;
  }

  getMapView(): MapView {
    return this.content.mapView;
  }

  getPlanInfo(): PlanInfo {
    return this.content.planInfo;
  }

  /** Every element, in kind order then drawing order (what the map layer renders). */
  allElements(): ElementRef[] {
    return elementRefsOf(this.content);
  }

  find(id: string): ElementRef | undefined {
    const kind = this.kinds.get(id);
    if (!kind) return undefined;
    const element = this.list(getElementDefinition(kind).listKey).find((e) => e.id === id);
    return element ? refOf(kind, element) : undefined;
  }

  elementCount(): number {
    return this.kinds.size;
  }

  /**
   * The main method for making changes to the plan. Applies `put`, `remove`, `mapView` and
   * `planInfo` as one step: one undo entry (when elements or the plan information changed), one
   * revision, one notification.
   */
  transact(tx: Transaction): void {
    const step: HistoryStep = { note: tx.note, restore: [], created: [] };
    const { put, removed } = this.apply(tx.put ?? [], tx.remove ?? [], step);
    const mapViewChanged = tx.mapView !== undefined && this.applyMapView(tx.mapView);
    const planInfoBefore = this.content.planInfo;
    const planInfoChanged = tx.planInfo !== undefined && this.applyPlanInfo(tx.planInfo);
    if (planInfoChanged) step.planInfo = planInfoBefore;
    if (put.length === 0 && removed.length === 0 && !mapViewChanged && !planInfoChanged) return;
    if (put.length > 0 || removed.length > 0 || planInfoChanged) {
      this.undoStack.push(step);
      if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
      this.redoStack = [];
    }
    this.pruneSelection(removed);
    this.emit({ reason: "transact", put, removed, mapViewChanged, planInfoChanged, replacedAll: false });
  }

  /**
   * Brings in what another client saved (issue 36, src/editor/core/sync/rebase.ts): like `transact`, but
   * no undo step, since Ctrl+Z undoes the user's own edits, not a colleague's; and the phase shown does
   * not claim their new elements. Undo steps recorded before still hold the elements as they were then.
   */
  applyRemote(tx: Pick<Transaction, "put" | "remove" | "planInfo">): void {
    this.carryIntoHistory(tx.put ?? []);
    const step: HistoryStep = { note: "remote", restore: [], created: [] };
    const phaseView = this.phaseView;
    this.phaseView = "all";
    let result: { put: ElementRef[]; removed: string[] };
    try {
      result = this.apply(tx.put ?? [], tx.remove ?? [], step);
    } finally {
      this.phaseView = phaseView;
    }
    const planInfoChanged = tx.planInfo !== undefined && this.applyPlanInfo(tx.planInfo);
    if (result.put.length === 0 && result.removed.length === 0 && !planInfoChanged) return;
    this.pruneSelection(result.removed);
    this.emit({ reason: "remote", put: result.put, removed: result.removed, mapViewChanged: false, planInfoChanged, replacedAll: false });
  }

  /**
   * The fields a colleague changed go into the undo and redo steps' copies of those elements too: undoing
   * my move afterwards moves it back without putting back the colour they gave it meanwhile.
   */
  private carryIntoHistory(puts: readonly ElementRef[]): void {
    if (puts.length === 0 || (this.undoStack.length === 0 && this.redoStack.length === 0)) return;
    const changed = new Map<string, { element: AnyElement; fields: string[] }>();
    for (const ref of puts) {
      const before = this.find(ref.element.id)?.element;
      if (!before) continue;
      const fields = changedFields(before as Record<string, unknown>, ref.element as Record<string, unknown>);
      if (fields.length > 0) changed.set(ref.element.id, { element: ref.element, fields });
    }
    if (changed.size === 0) return;
    for (const step of [...this.undoStack, ...this.redoStack]) {
      for (const entry of step.restore) {
        const remote = changed.get(entry.ref.element.id);
        if (remote)
          entry.ref = refOf(
            entry.ref.kind,
            withFields(entry.ref.element as Record<string, unknown>, remote.element, remote.fields) as AnyElement,
          );
      }
    }
  }

  canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  undo(): boolean {
    return this.travel(this.undoStack, this.redoStack, "undo");
  }

  redo(): boolean {
    return this.travel(this.redoStack, this.undoStack, "redo");
  }

  /**
   * Replaces the whole content: a plan reloaded from the server (another user's save), a file loaded
   * by the user, a reset. `keepHistory: false` clears undo/redo, because steps recorded against the old
   * content would not apply to the new one.
   */
  replace(content: PlanContent, options: { keepHistory?: boolean } = {}): void {
    if (options.keepHistory) {
      // Undoable as one step: restore every old element, remove every new one.
      const step: HistoryStep = {
        note: "replace",
        restore: [],
        created: [],
        mapView: this.content.mapView,
        planInfo: this.content.planInfo,
      };
      for (const definition of ELEMENT_DEFINITIONS) {
        this.list(definition.listKey).forEach((element, index) => step.restore.push({ ref: refOf(definition.kind, element), index }));
      }
      this.content = content;
      this.reindex();
      step.created = [...this.kinds.keys()];
      this.undoStack.push(step);
      this.redoStack = [];
    } else {
      this.content = content;
      this.reindex();
      this.undoStack = [];
      this.redoStack = [];
    }
    this.pruneSelection([...this.selection].filter((id) => !this.kinds.has(id)));
    this.emit({ reason: "replace", put: [], removed: [], mapViewChanged: true, planInfoChanged: true, replacedAll: true });
  }

  subscribe(listener: (change: StoreChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // --- selection: not part of the plan, not undoable, not saved ------------------------------------

  getSelection(): ReadonlySet<string> {
    return this.selection;
  }

  /** Selects the given elements; ids unknown or hidden in the shown phase are left out. */
  select(ids: Iterable<string>): void {
    const next = new Set([...ids].filter((id) => this.kinds.has(id) && this.isShown(id)));
    if (next.size === this.selection.size && [...next].every((id) => this.selection.has(id))) return;
    this.selection = next;
    for (const listener of this.selectionListeners) listener(next);
  }

  subscribeSelection(listener: (selection: ReadonlySet<string>) => void): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  // --- the phase shown: like the selection, a view of the plan, not part of it -----------------------

  getPhaseView(): PhaseView {
    return this.phaseView;
  }

  /**
   * Shows every element or one phase's. While one phase is shown, what the user adds belongs to that
   * phase only (as drawing on a layer does), and hidden elements leave the selection.
   */
  showPhase(view: PhaseView): void {
    if (view === this.phaseView) return;
    this.phaseView = view;
    this.select(this.selection);
    for (const listener of this.phaseListeners) listener(view);
  }

  subscribePhaseView(listener: (view: PhaseView) => void): () => void {
    this.phaseListeners.add(listener);
    return () => this.phaseListeners.delete(listener);
  }

  /** Whether an element is shown in the current phase view. */
  isShown(id: string): boolean {
    if (this.phaseView === "all") return true;
    const ref = this.find(id);
    return !!ref && inPhase(ref.element, this.phaseView);
  }

  // --- internals -----------------------------------------------------------------------------------

  private list(listKey: ListKey): AnyElement[] {
    return (this.content as unknown as Record<ListKey, AnyElement[]>)[listKey];
  }

  private reindex(): void {
    this.kinds.clear();
    for (const definition of ELEMENT_DEFINITIONS) {
      for (const element of this.list(definition.listKey)) this.kinds.set(element.id, definition.kind);
    }
  }

  /**
   * Applies puts and removes to fresh copies of the affected lists only, recording in `step` how to
   * go back. A put whose id exists under another kind replaces it there (an element's kind is fixed,
   * so that only happens with a hand-edited file; the id stays unique either way).
   */
  private apply(puts: readonly ElementRef[], removes: readonly string[], step: HistoryStep): { put: ElementRef[]; removed: string[] } {
    const lists = new Map<ListKey, AnyElement[]>();
    const writable = (kind: ElementKind): AnyElement[] => {
      const key = getElementDefinition(kind).listKey;
      let list = lists.get(key);
      if (!list) {
        list = [...this.list(key)];
        lists.set(key, list);
      }
      return list;
    };
    const put: ElementRef[] = [];
    const removed: string[] = [];
    const restored = new Set<string>();
    const remember = (id: string) => {
      if (restored.has(id)) return;
      const kind = this.kinds.get(id);
      if (!kind) return;
      const list = writable(kind);
      const index = list.findIndex((e) => e.id === id);
      if (index >= 0) {
        step.restore.push({ ref: refOf(kind, list[index]!), index });
        restored.add(id);
      }
    };

    for (const id of removes) {
      const kind = this.kinds.get(id);
      if (!kind) continue;
      remember(id);
      const list = writable(kind);
      const index = list.findIndex((e) => e.id === id);
      if (index >= 0) list.splice(index, 1);
      this.kinds.delete(id);
      removed.push(id);
    }
    for (const given of puts) {
      const id = given.element.id;
      // Something new added while one phase is shown belongs to that phase, unless it says otherwise.
      const ref =
        this.phaseView !== "all" && !this.kinds.has(id) && given.element.phase === undefined
          ? withCommonFields(given, { phase: this.phaseView })
          : given;
      const existing = this.kinds.get(id);
      if (existing && existing !== ref.kind) {
        remember(id);
        const old = writable(existing);
        old.splice(
          old.findIndex((e) => e.id === id),
          1,
        );
        this.kinds.delete(id);
      }
      const list = writable(ref.kind);
      const index = list.findIndex((e) => e.id === id);
      if (index >= 0) {
        remember(id);
        list[index] = ref.element;
      } else {
        if (!restored.has(id) && !step.created.includes(id)) step.created.push(id);
        list.push(ref.element);
      }
      this.kinds.set(id, ref.kind);
      put.push(ref);
    }
    if (lists.size > 0) this.content = { ...this.content, ...Object.fromEntries(lists) } as PlanContent;
    return { put, removed: removed.filter((id) => !this.kinds.has(id)) };
  }

  private applyMapView(change: Partial<MapView>): boolean {
    const current = this.content.mapView;
    const changed = Object.entries(change).some(([key, value]) => JSON.stringify(current[key as keyof MapView]) !== JSON.stringify(value));
    if (!changed) return false;
    this.content = { ...this.content, mapView: { ...current, ...change } };
    return true;
  }

  /** Replaces the plan information; false when the new one says the same (key order and absent fields aside). */
  private applyPlanInfo(next: PlanInfo): boolean {
    if (samePlanInfo(this.content.planInfo, next)) return false;
    this.content = { ...this.content, planInfo: next };
    return true;
  }

  private travel(from: HistoryStep[], to: HistoryStep[], reason: "undo" | "redo"): boolean {
    const step = from.pop();
    if (!step) return false;
    const inverse: HistoryStep = { note: step.note, restore: [], created: [] };
    const { put, removed } = this.apply([], step.created, inverse);
    // Put the old elements back where they were, lowest index first so later indices stay right.
    const byList = [...step.restore].sort((a, b) => a.index - b.index);
    const lists = new Map<ListKey, AnyElement[]>();
    const restoredPut: ElementRef[] = [];
    for (const { ref, index } of byList) {
      const key = getElementDefinition(ref.kind).listKey;
      let list = lists.get(key);
      if (!list) {
        list = [...this.list(key)];
        lists.set(key, list);
      }
      const at = list.findIndex((e) => e.id === ref.element.id);
      const current = at >= 0 ? list[at] : undefined;
      if (current) {
        inverse.restore.push({ ref: refOf(ref.kind, current), index: at });
        list[at] = ref.element;
      } else {
        inverse.created.push(ref.element.id);
        list.splice(Math.min(index, list.length), 0, ref.element);
      }
      this.kinds.set(ref.element.id, ref.kind);
      restoredPut.push(ref);
    }
    if (lists.size > 0) this.content = { ...this.content, ...Object.fromEntries(lists) } as PlanContent;
    let mapViewChanged = false;
    if (step.mapView) {
      inverse.mapView = this.content.mapView;
      mapViewChanged = this.applyMapView(step.mapView);
    }
    let planInfoChanged = false;
    if (step.planInfo !== undefined) {
      inverse.planInfo = this.content.planInfo;
      planInfoChanged = this.applyPlanInfo(step.planInfo);
    }
    // The inverse of "remove what was created" is "put it back": those elements go back in `restore`.
    to.push(inverse);
    this.pruneSelection(removed);
    this.emit({ reason, put: [...put, ...restoredPut], removed, mapViewChanged, planInfoChanged, replacedAll: false });
    return true;
  }

  /** Drops from the selection what is gone, or hidden now in the phase shown (its phase changed, by anyone). */
  private pruneSelection(removed: readonly string[]): void {
    const gone = new Set(removed);
    const keep = [...this.selection].filter((id) => !gone.has(id) && this.kinds.has(id) && this.isShown(id));
    if (keep.length !== this.selection.size) this.select(keep);
  }

  private emit(change: Omit<StoreChange, "revision">): void {
    this.revision += 1;
    const full = { ...change, revision: this.revision };
    for (const listener of this.listeners) listener(full);
  }
}

/** Whether two plan informations say the same: the same fields with the same values, in any order. */
function samePlanInfo(a: PlanInfo, b: PlanInfo): boolean {
  const entries = (info: PlanInfo) =>
    Object.entries(info)
      .filter(([, value]) => value !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : 1));
  return JSON.stringify(entries(a)) === JSON.stringify(entries(b));
}

/** A plan's elements, kind by kind in the registry's order, each in drawing order. */
export function elementRefsOf(content: PlanContent): ElementRef[] {
  const out: ElementRef[] = [];
  for (const definition of ELEMENT_DEFINITIONS) {
    for (const element of content[definition.listKey] as readonly AnyElement[]) out.push(refOf(definition.kind, element));
  }
  return out;
}
