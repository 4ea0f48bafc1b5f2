/**
 * The map's programmatic handle (spec 1-core §2: "The map container carries a test marker, and centre
 * and zoom can be set programmatically"). Browser tests and the benchmark drive the editor through it;
 * it exposes nothing a user could not do through the UI.
 */
import type OlMap from "ol/Map";
import { unByKey } from "ol/Observable";
import { fromLonLat, toLonLat } from "ol/proj";
import Polygon from "ol/geom/Polygon";
import VectorSource from "ol/source/Vector";
import type { PlanStore } from "./store/plan-store";
import type { Position } from "@/lib/elements/common";
import type { PlanContent } from "@/lib/elements/plan-content";

export interface PlanEditorHandle {
  setCenter(position: Position): void;
  setZoom(zoom: number): void;
  getCenter(): Position;
  getZoom(): number;
  /** The plan store's current content (a copy, so a test cannot change the plan behind the store's back). */
  getContent(): PlanContent;
  getRevision(): number;
  /** The selected elements' ids, sorted. */
  getSelection(): string[];
  /** Page (CSS) pixel of a position, for pointer events in tests; null before the first render. */
  pixelOf(position: Position): [number, number] | null;
  /** The export's print frame on the map while the export panel is open: its corners (the page's top-left, top-right, bottom-right, bottom-left), or null. */
  printFrame(): Position[] | null;
  /** Resolves after the map has rendered a frame with everything loaded so far. */
  rendered(): Promise<void>;
  /** Features in the element layer now (the plan's elements the editor draws). */
  featureCount(): number;
  /** Ids of the elements outlined on the map as in conflict with a colleague's change (issue 36), sorted. */
  conflictMarkers(): string[];
  /** performance.now() (ms since navigation start) when the editor had mounted its map and element layer. */
  readonly mountedAt: number;
  /**
   * The map's first rendered frame after mounting (its first `postrender` with a frame): `at` in
   * performance.now() ms, the element layer's feature count then, and `completeAt` when the map first
   * reported `rendercomplete` (every layer loaded, base-map tiles included; null until then). Null before
   * the first frame. The open benchmark (bench/editor.mjs) reads it; the plan's features are in the layer
   * before the map's first frame.
   */
  firstFrame(): FirstFrame | null;
  /** Ids of the features in a named vector layer (colleagues' selection outlines: "presence"), sorted; [] without it. */
  layerFeatureIds(name: string): string[];
}

export interface FirstFrame {
  at: number;
  features: number;
  completeAt: number | null;
}

declare global {
  interface Window {
    __planEditor?: PlanEditorHandle;
  }
}

/** The element layer's name (ElementLayer sets it as a layer property). */
const ELEMENT_LAYER_NAME = "elements";
/** The conflict outlines' layer (src/editor/ui/sync/sync-conflict-panel.tsx). */
const CONFLICT_LAYER_NAME = "sync-conflicts";
/** The print frame's layer and feature (src/editor/ui/export/print-frame-overlay.ts). */
const PRINT_FRAME_LAYER_NAME = "print-frame";
const PRINT_FRAME_FEATURE_ID = "print-frame";

export function installTestApi(map: OlMap, store: PlanStore): () => void {
  const featureCount = () => {
    const source = map
      .getAllLayers()
      .find((layer) => layer.get("name") === ELEMENT_LAYER_NAME)
      ?.getSource();
    return source instanceof VectorSource ? source.getFeatures().length : 0;
  };
  let firstFrame: FirstFrame | null = null;
  // Before the map has a size, OpenLayers still sends postrender, without a frame: not a rendered frame.
  const firstFrameKey = map.on("postrender", (event) => {
    if (!event.frameState || firstFrame) return;
    firstFrame = { at: performance.now(), features: featureCount(), completeAt: null };
    unByKey(firstFrameKey);
  });
  const firstCompleteKey = map.once("rendercomplete", () => {
    if (firstFrame) firstFrame.completeAt = performance.now();
  });
  const handle: PlanEditorHandle = {
    setCenter: (position) => map.getView().setCenter(fromLonLat(position)),
    setZoom: (zoom) => map.getView().setZoom(zoom),
    getCenter: () => toLonLat(map.getView().getCenter() ?? [0, 0]) as Position,
    getZoom: () => map.getView().getZoom() ?? 0,
    getContent: () => structuredClone(store.getContent()),
    getRevision: () => store.getRevision(),
    getSelection: () => [...store.getSelection()].sort(),
    conflictMarkers: () => {
      const source = map
        .getAllLayers()
        .find((layer) => layer.get("name") === CONFLICT_LAYER_NAME)
        ?.getSource();
      return source instanceof VectorSource
        ? source
            .getFeatures()
            .map((feature) => String(feature.get("conflictId")))
            .sort()
        : [];
    },
    pixelOf: (position) => {
      const pixel = map.getPixelFromCoordinate(fromLonLat(position));
      if (!pixel) return null;
      const box = map.getTargetElement()?.getBoundingClientRect();
      if (!box) return null;
      return [box.left + pixel[0]!, box.top + pixel[1]!];
    },
    printFrame: () => {
      const source = map
        .getAllLayers()
        .find((layer) => layer.get("name") === PRINT_FRAME_LAYER_NAME)
        ?.getSource();
      const geometry = source instanceof VectorSource ? source.getFeatureById(PRINT_FRAME_FEATURE_ID)?.getGeometry() : undefined;
      const ring = geometry instanceof Polygon ? geometry.getCoordinates()[0] : undefined;
      return ring ? ring.slice(0, 4).map((corner) => toLonLat(corner) as Position) : null;
    },
    rendered: () =>
      new Promise((resolve) => {
        map.once("rendercomplete", () => resolve());
        map.render();
      }),
    featureCount,
    mountedAt: performance.now(),
    firstFrame: () => firstFrame,
    layerFeatureIds: (name) => {
      const source = map
        .getAllLayers()
        .find((layer) => layer.get("name") === name)
        ?.getSource();
      return source instanceof VectorSource
        ? source
            .getFeatures()
            .map((feature) => String(feature.getId()))
            .sort()
        : [];
    },
  };
  window.__planEditor = handle;
  return () => {
    unByKey([firstFrameKey, firstCompleteKey].flat());
    if (window.__planEditor === handle) delete window.__planEditor;
  };
}
