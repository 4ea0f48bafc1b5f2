/**
 * A version of the plan on the map, read-only: its elements drawn as the editor draws them (an
 * ElementLayer over a store of its own), the plan's own element layer hidden meanwhile, and what the
 * version changed highlighted on a layer above: added and changed elements outlined, removed ones
 * (from the version before) ghosted.
 */
import Feature from "ol/Feature";
import type Geometry from "ol/geom/Geometry";
import type OlMap from "ol/Map";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import CircleStyle from "ol/style/Circle";
import Fill from "ol/style/Fill";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import type { FeatureLike } from "ol/Feature";
import { ElementLayer } from "@/editor/core/map/element-layer";
import { PlanStore } from "@/editor/core/store/plan-store";
import { geometryOf } from "@/editor/kinds/registry";
import type { PlanContent } from "@/lib/elements/plan-content";

/** The layers' names, for the test handle (window.__planEditor.layerFeatureIds). */
export const PREVIEW_LAYER_NAME = "history-preview";
export const CHANGES_LAYER_NAME = "history-changes";
/** What the version added or changed (one colour for both, as the panel's legend says). */
export const CHANGED_COLOR = "#e65100";

const changedStyle = [
  new Style({
    stroke: new Stroke({ color: "rgba(255,255,255,0.9)", width: 8 }),
    image: new CircleStyle({ radius: 16, stroke: new Stroke({ color: "rgba(255,255,255,0.9)", width: 6 }) }),
  }),
  new Style({
    stroke: new Stroke({ color: CHANGED_COLOR, width: 4 }),
    fill: new Fill({ color: "rgba(230,81,0,0.12)" }),
    image: new CircleStyle({
      radius: 16,
      stroke: new Stroke({ color: CHANGED_COLOR, width: 3 }),
      fill: new Fill({ color: "rgba(230,81,0,0.15)" }),
    }),
  }),
];
const removedStyle = new Style({
  stroke: new Stroke({ color: "rgba(97,97,97,0.6)", width: 3, lineDash: [6, 6] }),
  fill: new Fill({ color: "rgba(97,97,97,0.12)" }),
  image: new CircleStyle({ radius: 12, stroke: new Stroke({ color: "rgba(97,97,97,0.6)", width: 2, lineDash: [4, 4] }) }),
});

export class VersionPreview {
  private readonly elements: ElementLayer;
  private readonly changes = new VectorSource<Feature<Geometry>>({ wrapX: false });
  private readonly changesLayer = new VectorLayer({
    source: this.changes,
    style: (feature: FeatureLike) => (feature.get("change") === "removed" ? removedStyle : changedStyle),
    zIndex: 850,
    properties: { name: CHANGES_LAYER_NAME },
  });

  constructor(
    private readonly map: OlMap,
    private readonly planLayer: ElementLayer,
    content: PlanContent,
    changes: { added: string[]; changed: string[]; removed: string[] } | null,
    before: PlanContent | null,
  ) {
    const store = new PlanStore(content);
    this.elements = new ElementLayer(store);
    this.elements.layer.set("name", PREVIEW_LAYER_NAME);
    planLayer.layer.setVisible(false);
    map.addLayer(this.elements.layer);
    map.addLayer(this.changesLayer);
    const features: Feature<Geometry>[] = [];
    const add = (id: string, change: "added" | "changed" | "removed", from: PlanStore) => {
      const ref = from.find(id);
      const geometry = ref && geometryOf(ref);
      if (!geometry) return;
      const feature = new Feature<Geometry>({ geometry });
      feature.setId(`${change}:${id}`);
      feature.set("change", change, true);
      features.push(feature);
    };
    for (const id of changes?.added ?? []) add(id, "added", store);
    for (const id of changes?.changed ?? []) add(id, "changed", store);
    if (before) {
      const beforeStore = new PlanStore(before);
      for (const id of changes?.removed ?? []) add(id, "removed", beforeStore);
    }
    this.changes.addFeatures(features);
  }

  dispose(): void {
    this.map.removeLayer(this.changesLayer);
    this.map.removeLayer(this.elements.layer);
    this.elements.dispose();
    this.changes.clear(true);
    this.planLayer.layer.setVisible(true);
  }
}
