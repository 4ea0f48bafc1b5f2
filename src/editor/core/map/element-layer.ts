/**
 * The plan's elements on the map: one vector layer whose features mirror the plan store. The store is
 * the truth; this layer follows its change notifications incrementally (a put updates one feature, a
 * removal removes one) and rebuilds only when the whole content was replaced. Features carry their
 * element and kind, and their id is the element id. Elements outside the phase shown have no style.
 */
import Feature from "ol/Feature";
import type Geometry from "ol/geom/Geometry";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import type { FeatureLike } from "ol/Feature";
import type OlMap from "ol/Map";
import type { Pixel } from "ol/pixel";
import { geometryOf, styleOf } from "../../kinds/registry";
import { refOf, type ElementRef, type PlanStore } from "../store/plan-store";
import type { AnyElement, ElementKind } from "@/lib/elements/registry";
import { inPhase, type PhaseView } from "@/lib/elements/phase";

/** Web Mercator's sphere radius (EPSG:3857 uses the WGS84 semi-major axis). */
const MERCATOR_RADIUS = 6378137;

export const KIND_PROPERTY = "kind";
export const ELEMENT_PROPERTY = "element";

/**
 * Ground metres per pixel at a projected y: Web Mercator stretches distances by 1/cos(latitude), and
 * cos(lat) = 1/cosh(y/R). This is what ol/proj's getPointResolution computes for EPSG:3857, without its
 * four coordinate transforms, which matters with thousands of features styled every frame.
 */
export function metresPerPixelAt(resolution: number, projectedY: number): number {
  return resolution / Math.cosh(projectedY / MERCATOR_RADIUS);
}

/**
 * Pixels around the pointer that still hit an element, for a click, a drag and a double-click alike: a
 * finger or a shaky hand should not miss a thin line, and what a click selects is what a double-click edits.
 */
export const HIT_TOLERANCE_PX = 6;

/** The plan's element drawn topmost under `pixel` (within HIT_TOLERANCE_PX), or null. */
export function elementAtPixel(map: OlMap, elements: ElementLayer, pixel: Pixel): ElementRef | null {
  const feature = map.forEachFeatureAtPixel(pixel, (f) => f, { layerFilter: (l) => l === elements.layer, hitTolerance: HIT_TOLERANCE_PX });
  return feature ? elementOfFeature(feature) : null;
}

export function elementOfFeature(feature: FeatureLike): ElementRef | null {
  const kind = feature.get(KIND_PROPERTY) as ElementKind | undefined;
  const element = feature.get(ELEMENT_PROPERTY) as AnyElement | undefined;
  return kind && element ? refOf(kind, element) : null;
}

export class ElementLayer {
  readonly source = new VectorSource<Feature<Geometry>>({ wrapX: false });
  readonly layer: VectorLayer<VectorSource<Feature<Geometry>>>;
  /** Elements of kinds the editor cannot show yet: kept in the plan untouched, counted for a notice. */
  private hidden = 0;
  private selection: ReadonlySet<string>;
  private phaseView: PhaseView;
  private readonly unsubscribe: () => void;

  constructor(private readonly store: PlanStore) {
    this.selection = store.getSelection();
    this.phaseView = store.getPhaseView();
    this.layer = new VectorLayer({
      source: this.source,
      style: (feature, resolution) => this.styleOf(feature, resolution),
      // Keep the vector drawing crisp and in place while panning; OpenLayers replays cached instructions.
      updateWhileInteracting: false,
      updateWhileAnimating: false,
      properties: { name: "elements" },
    });
    this.rebuild();
    const offChange = store.subscribe((change) => {
      if (change.replacedAll) return this.rebuild();
      for (const id of change.removed) {
        const feature = this.source.getFeatureById(id);
        if (feature) this.source.removeFeature(feature);
      }
      for (const ref of change.put) this.upsert(ref);
    });
    const offSelection = store.subscribeSelection((selection) => {
      const changed = new Set([...this.selection, ...selection]);
      this.selection = selection;
      for (const id of changed) this.source.getFeatureById(id)?.changed();
    });
    // Another phase shown: the same features, styled again (an element outside the phase has no style,
    // so it is neither drawn nor hit by a click).
    const offPhase = store.subscribePhaseView((view) => {
      this.phaseView = view;
      this.layer.changed();
    });
    this.unsubscribe = () => {
      offChange();
      offSelection();
      offPhase();
    };
  }

  /** How many elements the editor cannot draw yet (their kind has no editor module). */
  hiddenCount(): number {
    return this.hidden;
  }

  featureOf(id: string): Feature<Geometry> | null {
    return this.source.getFeatureById(id);
  }

  dispose(): void {
    this.unsubscribe();
    this.source.clear(true);
  }

  private rebuild(): void {
    this.source.clear(true);
    this.hidden = 0;
    const features: Feature<Geometry>[] = [];
    for (const ref of this.store.allElements()) {
      const feature = this.featureFor(ref);
      if (feature) features.push(feature);
      else this.hidden += 1;
    }
    // One batch: a single index rebuild and render instead of one per feature.
    this.source.addFeatures(features);
  }

  private upsert(ref: ElementRef): void {
    const existing = this.source.getFeatureById(ref.element.id);
    if (existing) {
      if (existing.get(ELEMENT_PROPERTY) === ref.element) return;
      const geometry = geometryOf(ref);
      if (!geometry) return;
      existing.setProperties({ [KIND_PROPERTY]: ref.kind, [ELEMENT_PROPERTY]: ref.element }, true);
      existing.setGeometry(geometry);
      return;
    }
    const feature = this.featureFor(ref);
    if (feature) this.source.addFeature(feature);
  }

  private featureFor(ref: ElementRef): Feature<Geometry> | null {
    const geometry = geometryOf(ref);
    if (!geometry) return null;
    const feature = new Feature<Geometry>({ geometry });
    feature.setId(ref.element.id);
    feature.setProperties({ [KIND_PROPERTY]: ref.kind, [ELEMENT_PROPERTY]: ref.element }, true);
    return feature;
  }

  private styleOf(feature: FeatureLike, resolution: number) {
    const ref = elementOfFeature(feature);
    if (!ref || !inPhase(ref.element, this.phaseView)) return undefined;
    const extent = feature.getGeometry()!.getExtent();
    const metresPerPixel = metresPerPixelAt(resolution, (extent[1]! + extent[3]!) / 2);
    return styleOf(ref, { metresPerPixel, selected: this.selection.has(ref.element.id) }) ?? undefined;
  }
}
