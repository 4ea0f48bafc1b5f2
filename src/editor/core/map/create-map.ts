/**
 * The editor's OpenLayers map: Web Mercator view from the plan's saved map view, the default
 * interactions, and rotation snapped to the specification's 5° step.
 */
import OlMap from "ol/Map";
import View from "ol/View";
import { defaults as defaultControls } from "ol/control/defaults";
import ScaleLine from "ol/control/ScaleLine";
import { defaults as defaultInteractions } from "ol/interaction/defaults";
import { fromLonLat, toLonLat } from "ol/proj";
import type { Extent } from "ol/extent";
import type { Position } from "@/lib/elements/common";
import { ROTATION_STEP_DEG, snapRotation } from "@/lib/map/rotation";
import { MAX_ZOOM, type MapView } from "@/lib/elements/plan-content";
import { mapPixelRatio } from "../../kinds/style-cache";

/** Map rotation step (spec 1-core §9): 360° / 5° = 72 allowed rotations, which OpenLayers snaps to. */
export const ROTATION_STEPS = 360 / ROTATION_STEP_DEG;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
export const toDegrees = (radians: number) => Math.round(((radians * 180) / Math.PI) * 1e6) / 1e6;

/** Tooltips of OpenLayers' zoom buttons and attribution button, from messages (`editorMap.controls`). */
export interface MapControlLabels {
  zoomIn: string;
  zoomOut: string;
  attributions: string;
}

export function createEditorMap(
  target: HTMLElement,
  mapView: MapView,
  options: {
    rotation: boolean;
    /** Keeps a background-image plan's view near its image (OpenLayers takes it only when the View is made). */
    constraint?: { extent: Extent; showFullExtent: boolean };
    /** The controls' tooltips in the user's language (OpenLayers' own are English). */
    labels: MapControlLabels;
  },
): OlMap {
  const view = new View({
    ...options.constraint,
    center: fromLonLat(mapView.center),
    zoom: mapView.zoom,
    rotation: options.rotation ? toRadians(mapView.rotation) : 0,
    maxZoom: MAX_ZOOM,
    enableRotation: options.rotation,
    constrainRotation: ROTATION_STEPS,
  });
  return new OlMap({
    target,
    view,
    // Rotation has its own control with a north arrow; OpenLayers' compass button would duplicate it.
    controls: defaultControls({
      rotate: false,
      zoomOptions: { zoomInTipLabel: options.labels.zoomIn, zoomOutTipLabel: options.labels.zoomOut },
      attributionOptions: { collapsible: true, tipLabel: options.labels.attributions },
    }).extend([new ScaleLine({ units: "metric" })]),
    interactions: defaultInteractions({ altShiftDragRotate: options.rotation, pinchRotate: options.rotation }),
    pixelRatio: mapPixelRatio(),
  });
}

/** The view as the plan stores it: [lon, lat] centre (rounded like element positions), zoom, rotation in degrees. */
export function mapViewOf(map: OlMap): Pick<MapView, "center" | "zoom" | "rotation"> {
  const view = map.getView();
  const [lon, lat] = toLonLat(view.getCenter() ?? [0, 0]);
  const center: Position = [Math.round(lon! * 1e7) / 1e7, Math.round(lat! * 1e7) / 1e7];
  return { center, zoom: Math.round((view.getZoom() ?? 12) * 1000) / 1000, rotation: snapRotation(toDegrees(view.getRotation())) };
}

export function setMapRotation(map: OlMap, degrees: number): void {
  map.getView().setRotation(toRadians(degrees));
}

/** A view put aside to be restored, exactly: centre and resolution in map units, rotation in radians. */
export interface HeldView {
  restore(): void;
}

/**
 * Remembers the map's view as it is now, so that something showing itself on the map for a while (the
 * export panel brings its print frame into sight) can leave the view as it found it. Kept in map units,
 * not the plan's rounded form, so the restored view is the very same (no drift of a few centimetres).
 */
export function holdView(map: OlMap): HeldView {
  const view = map.getView();
  const center = view.getCenter()?.slice();
  const resolution = view.getResolution();
  const rotation = view.getRotation();
  return {
    restore() {
      view.cancelAnimations();
      if (center) view.setCenter(center);
      if (resolution !== undefined) view.setResolution(resolution);
      view.setRotation(rotation);
    },
  };
}

/** Moves the map to a stored view (after a file was loaded or the plan reloaded). */
export function applyMapView(map: OlMap, mapView: MapView, rotation: boolean): void {
  const view = map.getView();
  view.setCenter(fromLonLat(mapView.center));
  view.setZoom(mapView.zoom);
  if (rotation) view.setRotation(toRadians(mapView.rotation));
}
