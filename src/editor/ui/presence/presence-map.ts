/**
 * Colleagues on the map: each tab's pointer as an arrow with the name in the user's colour (an
 * OpenLayers Overlay: a DOM element moved by OpenLayers on the frame after the event, so a pointer
 * keeps pace with the events without a redraw of the map's layers), and their selection outlined in
 * their colour on a vector layer above the plan, from the same geometry the plan's elements are drawn
 * with (the registry's geometryOf). Imperative: the presence hook tells it what to show.
 */
import Feature from "ol/Feature";
import type Geometry from "ol/geom/Geometry";
import type OlMap from "ol/Map";
import Overlay from "ol/Overlay";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import CircleStyle from "ol/style/Circle";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import type { FeatureLike } from "ol/Feature";
import type { RosterEntry } from "@/editor/core/presence/presence-roster";
import type { PlanStore } from "@/editor/core/store/plan-store";
import { geometryOf } from "@/editor/kinds/registry";

/** The layer's name, for the test handle (window.__planEditor.layerFeatureIds). */
export const PRESENCE_LAYER_NAME = "presence";
/** Above the plan's elements and the editor's own drawing layers. */
const PRESENCE_Z_INDEX = 900;
/** Outlines drawn of one colleague's selection at most: a select-all of a large plan stays cheap. */
const OUTLINE_LIMIT = 500;

const styles = new Map<string, Style[]>();
function outlineStyle(color: string): Style[] {
  let style = styles.get(color);
  if (!style) {
    // A white casing under the colour, so the outline reads on an aerial photo and on a line of the same colour.
    const casing = new Stroke({ color: "rgba(255,255,255,0.9)", width: 6 });
    const stroke = new Stroke({ color, width: 3, lineDash: [8, 5] });
    style = [
      new Style({ stroke: casing, image: new CircleStyle({ radius: 14, stroke: casing }) }),
      new Style({ stroke, image: new CircleStyle({ radius: 14, stroke: new Stroke({ color, width: 3 }) }) }),
    ];
    styles.set(color, style);
  }
  return style;
}

export class PresenceMap {
  private readonly source = new VectorSource<Feature<Geometry>>({ wrapX: false });
  private readonly layer = new VectorLayer({
    source: this.source,
    style: (feature: FeatureLike) => outlineStyle(feature.get("color") as string),
    zIndex: PRESENCE_Z_INDEX,
    properties: { name: PRESENCE_LAYER_NAME },
  });
  private readonly pointers = new Map<string, { overlay: Overlay; label: HTMLElement; color: string; name: string }>();
  private entries: readonly RosterEntry[] = [];
  private readonly offStore: () => void;

  constructor(
    private readonly map: OlMap,
    private readonly store: PlanStore,
  ) {
    map.addLayer(this.layer);
    // An outlined element that moves (anyone's edit) is outlined where it is now.
    this.offStore = store.subscribe(() => this.drawSelections());
  }

  show(entries: readonly RosterEntry[]): void {
    const previous = this.entries;
    this.entries = entries;
    this.drawPointers();
    // Pointer moves are most updates: redraw outlines only when a selection changed.
    const selectionKey = (list: readonly RosterEntry[]) => list.map((e) => `${e.state.socketId}:${e.state.selection.join(",")}`).join("|");
    if (selectionKey(previous) !== selectionKey(entries)) this.drawSelections();
  }

  dispose(): void {
    this.offStore();
    for (const { overlay } of this.pointers.values()) this.map.removeOverlay(overlay);
    this.pointers.clear();
    this.map.removeLayer(this.layer);
    this.source.clear(true);
  }

  private drawPointers(): void {
    const present = new Set<string>();
    for (const { state } of this.entries) {
      present.add(state.socketId);
      let pointer = this.pointers.get(state.socketId);
      if (!pointer) {
        const element = document.createElement("div");
        element.className = "presence-pointer";
        element.dataset.testid = "presence-pointer";
        element.dataset.userId = String(state.userId);
        element.setAttribute("aria-hidden", "true");
        element.style.pointerEvents = "none";
        // An arrow whose tip is the pointer's position (the overlay's top-left), and the name beside it.
        element.innerHTML =
          '<svg width="18" height="22" viewBox="0 0 18 22" style="display:block;filter:drop-shadow(0 1px 1px rgba(0,0,0,.4))">' +
          '<path d="M1 1 L1 18 L6 13 L10 21 L13 19.5 L9 12 L16 12 Z" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></svg>';
        const label = document.createElement("span");
        label.style.cssText =
          "position:absolute;left:14px;top:18px;padding:1px 6px;border-radius:8px;color:#fff;font:600 12px/18px system-ui,sans-serif;white-space:nowrap;box-shadow:0 1px 2px rgba(0,0,0,.35)";
        element.appendChild(label);
        const overlay = new Overlay({ element, stopEvent: false, positioning: "top-left", className: "presence-pointer-overlay" });
        this.map.addOverlay(overlay);
        pointer = { overlay, label, color: "", name: "" };
        this.pointers.set(state.socketId, pointer);
      }
      if (pointer.color !== state.color) {
        pointer.color = state.color;
        pointer.overlay.getElement()!.querySelector("path")!.setAttribute("fill", state.color);
        pointer.label.style.background = state.color;
      }
      if (pointer.name !== state.name) {
        pointer.name = state.name;
        pointer.label.textContent = state.name;
      }
      pointer.overlay.setPosition(state.pointer ?? undefined);
    }
    for (const [socketId, { overlay }] of this.pointers) {
      if (present.has(socketId)) continue;
      this.map.removeOverlay(overlay);
      this.pointers.delete(socketId);
    }
  }

  private drawSelections(): void {
    const features: Feature<Geometry>[] = [];
    for (const { state } of this.entries) {
      for (const id of state.selection.slice(0, OUTLINE_LIMIT)) {
        const ref = this.store.find(id);
        const geometry = ref && geometryOf(ref);
        if (!geometry) continue;
        const feature = new Feature<Geometry>({ geometry });
        feature.setId(`${state.socketId}:${id}`);
        feature.set("color", state.color, true);
        feature.set("elementId", id, true);
        features.push(feature);
      }
    }
    this.source.clear(true);
    this.source.addFeatures(features);
  }
}
