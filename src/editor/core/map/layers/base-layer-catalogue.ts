/**
 * The base maps a site offers, whether this build can show them, and which one a plan's
 * mapView.activeMapLayerId shows: no OpenLayers, so the React switcher can use it on its own. The layers
 * themselves are made in ./base-layers.ts.
 */
import type BaseLayer from "ol/layer/Base";
import type { MapConfig } from "@/lib/map-config";
import type { SiteId } from "@/sites/site-ids";

export const BASE_LAYER_IDS = ["dataforsyningen-skaermkort", "dataforsyningen-orto", "osm", "lantmateriet-topo"] as const;
export type BaseLayerId = (typeof BASE_LAYER_IDS)[number];

/** Needs no key and is always offered: what is shown when the chosen map cannot be. */
export const FALLBACK_LAYER_ID: BaseLayerId = "osm";

/** Below everything the editor adds (background image, elements, sketches), whatever their order. */
export const BASE_LAYER_Z_INDEX = -100;

/** The layer property that names a base layer's id, for tests and for finding it on the map. */
export const BASE_LAYER_ID_PROPERTY = "baseLayerId";

/** Keys under the `editorMap` messages namespace; literal types so `t(entry.labelKey)` is checked. */
export type BaseLayerLabelKey = "layers.skaermkort" | "layers.orto" | "layers.osm" | "layers.lantmaterietTopo";
export type BaseLayerUnavailableKey = "layers.noDataforsyningenToken";

/** What the switcher lists: no OpenLayers objects, so the list can be rendered and tested on its own. */
export interface BaseLayerDescriptor {
  id: BaseLayerId;
  labelKey: BaseLayerLabelKey;
  /** False: listed but disabled, with the reason; a plan asking for it shows the fallback instead. */
  available: boolean;
  unavailableReasonKey?: BaseLayerUnavailableKey;
}

export interface BaseLayerEntry extends BaseLayerDescriptor {
  /** Hidden until chosen; an unavailable entry's layer has no source and never requests anything. */
  layer: BaseLayer;
}

/** Which base maps a site offers, in the switcher's order, and whether the configuration can show each. */
export function baseLayerCatalogue(site: SiteId, config: MapConfig): BaseLayerDescriptor[] {
  const osm: BaseLayerDescriptor = { id: "osm", labelKey: "layers.osm", available: true };
  if (site === "ta-planen") {
    // Danish national data covers Denmark only, so the Swedish site does not offer it. Lantmäteriet's
    // map needs a key for every request; without one it is left out rather than listed as broken.
    return config.lantmateriet.token ? [{ id: "lantmateriet-topo", labelKey: "layers.lantmaterietTopo", available: true }, osm] : [osm];
  }
  const danish = (id: BaseLayerId, labelKey: BaseLayerLabelKey): BaseLayerDescriptor =>
    config.dataforsyningen.token
      ? { id, labelKey, available: true }
      : { id, labelKey, available: false, unavailableReasonKey: "layers.noDataforsyningenToken" };
  return [danish("dataforsyningen-skaermkort", "layers.skaermkort"), danish("dataforsyningen-orto", "layers.orto"), osm];
}

/**
 * The layer to show for the id a plan asks for. An available id is itself. A listed but unavailable one
 * (no key) shows the fallback, OpenStreetMap. An id the site does not list (a plan made elsewhere, the
 * schema's Danish default on the Swedish site, a layer since retired) shows the site's first choice.
 * Only what is shown changes: the plan keeps the id it asked for until the user picks another.
 */
export function resolveShownLayerId(requestedId: string, entries: readonly BaseLayerDescriptor[]): BaseLayerId {
  const requested = entries.find((entry) => entry.id === requestedId);
  if (requested?.available) return requested.id;
  const fallback = entries.find((entry) => entry.id === FALLBACK_LAYER_ID && entry.available);
  if (requested && fallback) return fallback.id;
  return entries.find((entry) => entry.available)?.id ?? FALLBACK_LAYER_ID;
}

/**
 * Why the shown layer is not the one asked for, when the user should be told: the plan asks for a map
 * this site offers but this build lacks the key for. Null when the request is shown, or is simply not
 * a map of this site (then the site's own default is no surprise).
 */
export function fallbackReason(requestedId: string, entries: readonly BaseLayerDescriptor[]): BaseLayerUnavailableKey | null {
  const requested = entries.find((entry) => entry.id === requestedId);
  return requested && !requested.available ? (requested.unavailableReasonKey ?? null) : null;
}
