/**
 * The editing tools on the map (STYLE.md: Modify and Snap shared across kinds and swapped when the tool
 * changes, as in OpenLayers' draw-and-modify example). Two tools: select (click to select, shift-click to
 * add, drag a selected element to move it, drag its vertices to reshape it) and draw-a-kind (OpenLayers'
 * Draw with the kind's geometry type; clicks place points, a double-click finishes).
 *
 * Nothing here changes the plan except through `store.transact`: a finished drawing, a move or a vertex
 * edit becomes one undoable step.
 */
import Collection from "ol/Collection";
import type Feature from "ol/Feature";
import type OlMap from "ol/Map";
import type MapBrowserEvent from "ol/MapBrowserEvent";
import { getCenter } from "ol/extent";
import { createEmpty, extend } from "ol/extent";
import type Geometry from "ol/geom/Geometry";
import SimpleGeometry from "ol/geom/SimpleGeometry";
import DoubleClickZoom from "ol/interaction/DoubleClickZoom";
import Draw, { type DrawEvent } from "ol/interaction/Draw";
import Modify, { type ModifyEvent } from "ol/interaction/Modify";
import Snap, { type Options as SnapOptions } from "ol/interaction/Snap";
import Translate, { type TranslateEvent } from "ol/interaction/Translate";
import { altKeyOnly, never, noModifierKeys, primaryAction, shiftKeyOnly } from "ol/events/condition";
import type { Pixel } from "ol/pixel";
import { createElement, editorElement, geometryOf, turned, withGeometry } from "../../kinds/registry";
import type { StyleValues } from "../../kinds/types";
import { elementAtPixel, elementOfFeature, HIT_TOLERANCE_PX, type ElementLayer } from "../map/element-layer";
import type { UserSettingsStore } from "../settings/user-settings";
import { withCommonFields, type ElementRef, type PlanStore } from "../store/plan-store";
import type { ElementKind, ElementOf } from "@/lib/elements/registry";
import { inPhase } from "@/lib/elements/phase";
import { KeyboardPointer } from "./keyboard-pointer";

export type Tool = "select" | ElementKind;

/** Pixels within which a pointer grabs a vertex of a selected element. */
const VERTEX_TOLERANCE = 10;
/** How far a pasted copy lands from its original, in screen pixels, so it is visibly a new element. */
const PASTE_OFFSET_PX = 24;

/**
 * Snapping to the plan's vertices and edges, except while Shift is held (a point exactly where the pointer
 * is), and never to an element hidden in the phase shown.
 */
class HoldableSnap extends Snap {
  constructor(
    options: SnapOptions,
    private readonly snappable: (feature: Feature<Geometry>) => boolean,
  ) {
    super(options);
  }

  override addFeature(feature: Feature<Geometry>, register?: boolean): void {
    if (this.snappable(feature)) super.addFeature(feature, register);
  }

  override handleEvent(event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>): boolean {
    if (event.originalEvent instanceof MouseEvent && event.originalEvent.shiftKey) return true;
    return super.handleEvent(event);
  }
}

export function newElementId(): string {
  return globalThis.crypto.randomUUID();
}

export class EditorInteractions {
  private tool: Tool = "select";
  /** Locked (the account is blocked, issue 31): elements can be selected, but nothing is drawn, moved or changed. */
  private locked = false;
  private readonly selected = new Collection<Feature<Geometry>>();
  private readonly translate: Translate;
  private readonly modify: Modify;
  /** Present only while something can be snapped (drawing, or a selection to reshape): see `updateActive`. */
  private snap: Snap | null = null;
  private draw: Draw | null = null;
  private readonly doubleClickZoom: DoubleClickZoom | undefined;
  /** The crosshair the arrow keys move and Enter clicks with, for every drawing tool and the sign placement. */
  private readonly keyboardPointer = new KeyboardPointer();
  private clipboard: ElementRef[] = [];
  private readonly toolListeners = new Set<(tool: Tool) => void>();
  private entryListener: ((placed: ElementRef) => void) | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly map: OlMap,
    private readonly store: PlanStore,
    private readonly elements: ElementLayer,
    /** Where the drawing style per kind is kept: this editor's, and the user's saved one. */
    private readonly settings: UserSettingsStore,
  ) {
    this.doubleClickZoom = map
      .getInteractions()
      .getArray()
      .find((i): i is DoubleClickZoom => i instanceof DoubleClickZoom);

    this.translate = new Translate({ features: this.selected, hitTolerance: HIT_TOLERANCE_PX });
    this.translate.on("translateend", (event: TranslateEvent) => this.commitGeometries(event.features.getArray(), "move"));
    // Modify would take every drag near a segment (and insert a vertex there), leaving nothing for
    // Translate. So it acts only at an existing vertex, or anywhere on a segment with Alt held (to add a
    // vertex); a plain drag elsewhere on a selected element moves it. Alt-click on a vertex removes it.
    this.modify = new Modify({
      features: this.selected,
      pixelTolerance: VERTEX_TOLERANCE,
      condition: (event) =>
        (primaryAction(event) && event.originalEvent instanceof MouseEvent && event.originalEvent.altKey) ||
        this.nearSelectedVertex(event.pixel),
      insertVertexCondition: altKeyOnly,
    });
    this.modify.on("modifyend", (event: ModifyEvent) => this.commitGeometries(event.features.getArray(), "reshape"));

    // Order matters: Translate and Modify first, Snap last so it sees every pointer move before them.
    map.addInteraction(this.translate);
    map.addInteraction(this.modify);
    // After OpenLayers' KeyboardPan: with a tool active the arrows move the crosshair, not the map.
    map.addInteraction(this.keyboardPointer);
    this.updateActive();

    const onClick = (event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>) => this.handleClick(event);
    map.on("singleclick", onClick);
    this.cleanups.push(() => map.un("singleclick", onClick));
    this.cleanups.push(store.subscribeSelection((selection) => this.syncSelected(selection)));
    // After undo or a remote reload the selected features may have been replaced: follow the store.
    this.cleanups.push(store.subscribe(() => this.syncSelected(store.getSelection())));
    // Another phase shown: snapping indexes that phase's elements afresh.
    this.cleanups.push(
      store.subscribePhaseView(() => {
        if (!this.snap) return;
        this.map.removeInteraction(this.snap);
        this.snap.dispose();
        this.snap = null;
        this.updateActive();
      }),
    );
  }

  getTool(): Tool {
    return this.tool;
  }

  onToolChange(listener: (tool: Tool) => void): () => void {
    this.toolListeners.add(listener);
    return () => this.toolListeners.delete(listener);
  }

  /**
   * Locks or unlocks editing while the plan stays open: selecting keeps working (what a viewer needs to
   * look at an element), every change is refused here as the server refuses it. Unlocking needs no new
   * interactions, so the editor turns editable again where the user was.
   */
  setLocked(locked: boolean): void {
    if (locked === this.locked) return;
    this.locked = locked;
    if (locked && this.tool !== "select") this.setTool("select");
    this.updateActive();
  }

  isLocked(): boolean {
    return this.locked;
  }

  setTool(tool: Tool): void {
    if (tool === this.tool || (this.locked && tool !== "select")) return;
    this.removeDraw();
    this.tool = tool;
    if (tool !== "select") {
      const editor = editorElement(tool);
      if (!editor) {
        this.tool = "select";
      } else {
        this.store.select([]);
        this.addDraw(tool);
      }
    }
    this.updateActive();
    for (const listener of this.toolListeners) listener(this.tool);
  }

  /**
   * Who asks for the fields of a kind placed with a dialog (`entryFields`): a click with its tool hands
   * the new element here instead of adding it, and the listener adds it once the user confirms.
   */
  onEntry(listener: ((placed: ElementRef) => void) | null): void {
    this.entryListener = listener;
  }

  /** The style the next drawing of a kind starts with: the last one set, in this editor or saved before. */
  getDrawingStyle<K extends ElementKind>(kind: K): Partial<ElementOf<K>> {
    return this.settings.getDrawingStyle(kind) as Partial<ElementOf<K>>;
  }

  /**
   * Sets the next drawing's style (the colour and width dialog) and saves it as the user's setting; it
   * holds in this editor even if saving fails, which the returned promise reports. `replace`: the style
   * is the whole new one (a pipe type chosen), not merged over the current.
   */
  setDrawingStyle(kind: ElementKind, style: StyleValues, options?: { replace?: boolean }): Promise<void> {
    const saving = this.settings.setDrawingStyle(kind, style, options);
    // The style can change how Draw collects the geometry (a figure with or without right angles).
    if (this.tool === kind && editorElement(kind)?.drawOptions) {
      this.removeDraw();
      this.addDraw(kind);
      this.updateActive();
    }
    return saving;
  }

  /** Escape: first abandons a drawing in progress, then leaves the drawing tool, then clears the selection. */
  cancel(): void {
    if (this.draw && this.drawInProgress) {
      this.draw.abortDrawing();
      this.drawInProgress = false;
      return;
    }
    if (this.tool !== "select") return this.setTool("select");
    this.store.select([]);
  }

  deleteSelection(): void {
    if (this.locked) return;
    const ids = [...this.store.getSelection()];
    if (ids.length) this.store.transact({ note: "delete", remove: ids });
  }

  copySelection(): number {
    this.clipboard = [...this.store.getSelection()].map((id) => this.store.find(id)).filter((ref): ref is ElementRef => !!ref);
    return this.clipboard.length;
  }

  /** Pastes copies with new ids, a little down and right of the originals, and selects them. */
  paste(): void {
    if (this.locked || this.clipboard.length === 0) return;
    const resolution = this.map.getView().getResolution() ?? 1;
    const rotation = this.map.getView().getRotation();
    // Down-right on the screen, whatever the map's rotation.
    const dx = PASTE_OFFSET_PX * resolution * (Math.cos(rotation) + Math.sin(rotation));
    const dy = PASTE_OFFSET_PX * resolution * (Math.sin(rotation) - Math.cos(rotation));
    const copies: ElementRef[] = [];
    for (const ref of this.clipboard) {
      const geometry = geometryOf(ref);
      if (!geometry) continue;
      geometry.translate(dx, dy);
      const moved = withGeometry(ref, geometry);
      if (moved) copies.push(withCommonFields(moved, { id: newElementId() }));
    }
    this.store.transact({ note: "paste", put: copies });
    this.store.select(copies.map((ref) => ref.element.id));
    // A second paste lands further on, not on top of the first.
    this.clipboard = copies;
  }

  /**
   * Rotates the selection about the centre of its extent; degrees clockwise, like the map's rotation.
   * A kind with its own orientation (`rotate`, a sign) turns in place when it is the only element, and
   * when several rotate together it moves about the centre and turns too.
   */
  rotateSelection(degrees: number): void {
    if (this.locked) return;
    const refs = [...this.store.getSelection()].map((id) => this.store.find(id)).filter((ref): ref is ElementRef => !!ref);
    const lone = refs.length === 1 ? turned(refs[0]!, degrees) : null;
    if (lone) {
      this.store.transact({ note: "rotate", put: [lone] });
      return;
    }
    const geometries = refs.map(geometryOf);
    const extent = createEmpty();
    for (const geometry of geometries) if (geometry) extend(extent, geometry.getExtent());
    if (refs.length === 0) return;
    const anchor = getCenter(extent);
    const put: ElementRef[] = [];
    refs.forEach((ref, index) => {
      const geometry = geometries[index];
      if (!geometry) return;
      // OpenLayers rotates counter-clockwise.
      geometry.rotate((-degrees * Math.PI) / 180, anchor);
      const moved = withGeometry(ref, geometry);
      if (moved) put.push(turned(moved, degrees) ?? moved);
    });
    this.store.transact({ note: "rotate", put });
  }

  dispose(): void {
    this.removeDraw();
    for (const cleanup of this.cleanups) cleanup();
    this.map.removeInteraction(this.translate);
    this.map.removeInteraction(this.modify);
    this.map.removeInteraction(this.keyboardPointer);
    this.keyboardPointer.dispose();
    if (this.snap) this.map.removeInteraction(this.snap);
  }

  // --- internals -----------------------------------------------------------------------------------

  /** Whether a drawing has started, so Escape can abandon it before leaving the tool. */
  private drawInProgress = false;

  private addDraw(kind: ElementKind): void {
    const editor = editorElement(kind);
    if (!editor) return;
    this.draw = new Draw({
      type: editor.drawType,
      stopClick: true,
      style: editor.sketchStyle,
      // Shift held places a point without snapping (HoldableSnap), so it is a plain click here, not
      // OpenLayers' freehand drawing.
      condition: (event) => noModifierKeys(event) || shiftKeyOnly(event),
      freehandCondition: never,
      ...editor.drawOptions?.(this.getDrawingStyle(kind)),
    });
    this.draw.on("drawstart", () => (this.drawInProgress = true));
    this.draw.on("drawend", (event: DrawEvent) => this.finishDrawing(kind, event.feature.getGeometry()!));
    this.map.addInteraction(this.draw);
    // The double-click that finishes a drawing must not also zoom the map.
    this.doubleClickZoom?.setActive(false);
  }

  private removeDraw(): void {
    if (!this.draw) return;
    this.draw.abortDrawing();
    this.map.removeInteraction(this.draw);
    this.draw = null;
    this.drawInProgress = false;
    // Re-enabled after the double-click's own event has passed, so that click does not zoom either.
    setTimeout(() => this.doubleClickZoom?.setActive(this.draw === null), 300);
  }

  private handleClick(event: MapBrowserEvent<PointerEvent | KeyboardEvent | WheelEvent>): void {
    if (this.tool !== "select") return;
    const ref = elementAtPixel(this.map, this.elements, event.pixel);
    const additive =
      event.originalEvent instanceof MouseEvent &&
      (event.originalEvent.shiftKey || event.originalEvent.ctrlKey || event.originalEvent.metaKey);
    const current = this.store.getSelection();
    if (!ref) {
      if (!additive) this.store.select([]);
      return;
    }
    const id = ref.element.id;
    if (additive) this.store.select(current.has(id) ? [...current].filter((s) => s !== id) : [...current, id]);
    else this.store.select([id]);
  }

  private finishDrawing(kind: ElementKind, geometry: Geometry): void {
    this.drawInProgress = false;
    const id = newElementId();
    const created = createElement(kind, id, geometry, this.getDrawingStyle(kind));
    if (!created) return;
    if (editorElement(kind)?.entryFields && this.entryListener) {
      this.entryListener(created);
      queueMicrotask(() => this.setTool("select"));
      return;
    }
    this.store.transact({ note: `draw ${kind}`, put: [created] });
    // Back to selecting, with the new element selected: the user sees what was made and can adjust it.
    queueMicrotask(() => {
      this.setTool("select");
      this.store.select([id]);
    });
  }

  private commitGeometries(features: Feature<Geometry>[], note: string): void {
    const put: ElementRef[] = [];
    for (const feature of features) {
      const ref = elementOfFeature(feature);
      const geometry = feature.getGeometry();
      const edited = ref && geometry ? withGeometry(ref, geometry) : null;
      // A click on a selected element ends a "translation" that moved nothing: no empty undo step.
      if (edited && JSON.stringify(edited.element) !== JSON.stringify(ref!.element)) put.push(edited);
    }
    if (put.length) this.store.transact({ note, put });
  }

  /**
   * Moving, reshaping and snapping only run when they can do something. With nothing selected, Translate
   * and Modify would still hit-test every pointer move of a map drag, and Snap indexes every segment of
   * the plan when it is made and on every change (tens of ms for a plan of thousands of lines), so it
   * exists only while drawing or while a selection can be reshaped, and is always the last interaction.
   */
  private updateActive(): void {
    const selecting = this.tool === "select";
    const hasSelection = this.selected.getLength() > 0;
    const reshaping = selecting && hasSelection && !this.locked;
    this.translate.setActive(reshaping);
    this.modify.setActive(reshaping);
    const wantSnap = !selecting || reshaping;
    if (wantSnap && !this.snap) {
      this.snap = new HoldableSnap({ source: this.elements.source, pixelTolerance: 8 }, (feature) => {
        const ref = elementOfFeature(feature);
        return !!ref && inPhase(ref.element, this.store.getPhaseView());
      });
      this.map.addInteraction(this.snap);
    } else if (wantSnap && this.snap && this.map.getInteractions().getArray().at(-1) !== this.snap) {
      // Re-added so it stays last, after a Draw that came in since (re-adding re-indexes, so only then).
      this.map.removeInteraction(this.snap);
      this.map.addInteraction(this.snap);
    } else if (!wantSnap && this.snap) {
      this.map.removeInteraction(this.snap);
      this.snap.dispose();
      this.snap = null;
    }
  }

  private syncSelected(selection: ReadonlySet<string>): void {
    const features = [...selection].map((id) => this.elements.featureOf(id)).filter((f): f is Feature<Geometry> => !!f);
    const same = features.length === this.selected.getLength() && features.every((f, i) => this.selected.item(i) === f);
    if (same) return;
    this.selected.clear();
    this.selected.extend(features);
    this.updateActive();
  }

  private nearSelectedVertex(pixel: Pixel): boolean {
    for (const feature of this.selected.getArray()) {
      const geometry = feature.getGeometry();
      if (!(geometry instanceof SimpleGeometry)) continue;
      const flat = geometry.getFlatCoordinates();
      const stride = geometry.getStride();
      for (let i = 0; i + 1 < flat.length; i += stride) {
        const p = this.map.getPixelFromCoordinate([flat[i]!, flat[i + 1]!]);
        if (p && Math.hypot(p[0]! - pixel[0]!, p[1]! - pixel[1]!) <= VERTEX_TOLERANCE) return true;
      }
    }
    return false;
  }
}
