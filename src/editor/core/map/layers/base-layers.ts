/**
 * The base maps under a plan (spec core §3, mapView.activeMapLayerId): which exist on each site, whether
 * this build can show them, and their OpenLayers layers. Everything is built by hand from constants and
 * the configuration: no capabilities document is fetched at start-up, so the editor opens the same way
 * offline, behind a proxy that blocks a service, or in tests without a network.
 *
 * All layers are Web Mercator (EPSG:3857), the editor's projection, so nothing is reprojected in the
 * browser: the Danish screen map as WMS (its only WMTS is in UTM 32, EPSG:25832), the orthophoto and the
 * Swedish map as WMTS whose Google-Maps-compatible grid is standard and written out below.
 */
import TileState from "ol/TileState";
import type ImageTile from "ol/ImageTile";
import type BaseLayer from "ol/layer/Base";
import type { Extent } from "ol/extent";
import TileLayer from "ol/layer/Tile";
import { get as getProjection, transformExtent } from "ol/proj";
import OSM from "ol/source/OSM";
import type TileSource from "ol/source/Tile";
import TileWMS from "ol/source/TileWMS";
import WMTS from "ol/source/WMTS";
import type { LoadFunction } from "ol/Tile";
import { createXYZ } from "ol/tilegrid";
import WMTSTileGrid from "ol/tilegrid/WMTS";
import { MAX_ZOOM } from "@/lib/elements/plan-content";
import type { MapConfig } from "@/lib/map-config";
import {
  BASE_LAYER_ID_PROPERTY,
  BASE_LAYER_Z_INDEX,
  baseLayerCatalogue,
  type BaseLayerDescriptor,
  type BaseLayerEntry,
  type BaseLayerId,
} from "./base-layer-catalogue";
import type { SiteId } from "@/sites/site-ids";

export * from "./base-layer-catalogue";

// Attribution texts are the rights holders' notices, the same in every language, so they are not
// translated. Their licences (ODbL, CC BY 4.0, SDFI's terms) require them to stay visible, hence
// `attributionsCollapsible: false`, which keeps OpenLayers' attribution control open while shown.
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
export const DATAFORSYNINGEN_ATTRIBUTION = "© SDFI (Dataforsyningen)";
export const LANTMATERIET_ATTRIBUTION = "© Lantmäteriet (CC BY 4.0)";

/** Services and layer names (DESIGN.md, "Outside services"). */
export const SKAERMKORT_SERVICE = "topo_skaermkort_DAF";
/** The full-colour screen map; `dtk_skaermkort_daempet` and `_graa` are the muted and grey variants. */
export const SKAERMKORT_LAYER = "dtk_skaermkort";
export const ORTO_SERVICE = "orto_foraar_webm_DAF";
export const ORTO_LAYER = "orto_foraar_webm";
export const ORTO_MATRIX_SET = "DFD_GoogleMapsCompatible";
/** Deepest level of the orthophoto's matrix set; OpenLayers enlarges level 20 beyond it. */
export const ORTO_MAX_ZOOM = 20;
/** The full-colour topographic web map; `topowebb_nedtonad` is the toned-down variant. */
export const LANTMATERIET_LAYER = "topowebb";
export const LANTMATERIET_MATRIX_SET = "3857";
/** Deepest level Lantmäteriet publishes in matrix set 3857; OpenLayers enlarges beyond it. */
export const LANTMATERIET_MAX_ZOOM = 15;

/**
 * Denmark with Bornholm and Ertholmene and a margin, in lon/lat. The orthophoto's matrix set only has
 * tiles here; requests outside would fail and, in numbers, raise the "could not load" notice for what
 * is merely the edge of the coverage.
 */
const DENMARK_LON_LAT: Extent = [7.5, 54.4, 15.6, 58.0];

/** Width of the Web Mercator world in metres, and the Google-Maps-compatible level-0 resolution. */
const WEB_MERCATOR_HALF_WORLD = 20037508.342789244;
const GOOGLE_LEVEL_0_RESOLUTION = (2 * WEB_MERCATOR_HALF_WORLD) / 256;

/**
 * The OGC "GoogleMapsCompatible" tile matrix set (256-pixel tiles, origin at the top-left of the world,
 * each level halving the resolution), with level ids "0", "1", … as Dataforsyningen and Lantmäteriet
 * name them. Written out so no GetCapabilities request is needed before the first tile.
 */
export function googleMapsCompatibleGrid(maxZoom: number): WMTSTileGrid {
  const resolutions = Array.from({ length: maxZoom + 1 }, (_, z) => GOOGLE_LEVEL_0_RESOLUTION / 2 ** z);
  return new WMTSTileGrid({
    origin: [-WEB_MERCATOR_HALF_WORLD, WEB_MERCATOR_HALF_WORLD],
    resolutions,
    matrixIds: resolutions.map((_, z) => String(z)),
    tileSize: 256,
  });
}

/** The token as an Authorization header value: a bare token is an OAuth2 bearer token; "Basic …" or "Bearer …" is used as given. */
export function authorizationHeader(token: string): string {
  return /^(Bearer|Basic)\s+\S/i.test(token) ? token : `Bearer ${token}`;
}

/**
 * Loads a tile with an Authorization header, which an <img> cannot send: fetch, then hand the image a
 * blob: URL (released once decoded). A blob: image is same-origin, so exports can read the canvas. A
 * failure marks the tile as failed, which the source reports as `tileloaderror` like any other.
 */
export function authorizedTileLoader(authorization: string): LoadFunction {
  return (tile, src) => {
    const image = (tile as ImageTile).getImage() as HTMLImageElement;
    fetch(src, { headers: { Authorization: authorization }, credentials: "omit" })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.blob();
      })
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        const release = () => URL.revokeObjectURL(url);
        image.addEventListener("load", release, { once: true });
        image.addEventListener("error", release, { once: true });
        image.src = url;
      })
      .catch(() => tile.setState(TileState.ERROR));
  };
}

/** The Danish screen map: WMS, 512-pixel tiles (a quarter of the requests, fewer labels cut at tile edges). */
export function createSkaermkortSource(baseUrl: string, token: string): TileWMS {
  return new TileWMS({
    url: `${baseUrl}/${SKAERMKORT_SERVICE}?token=${encodeURIComponent(token)}`,
    params: { SERVICE: "WMS", VERSION: "1.3.0", LAYERS: SKAERMKORT_LAYER, STYLES: "", FORMAT: "image/png", TRANSPARENT: false },
    projection: "EPSG:3857",
    tileGrid: createXYZ({ extent: getProjection("EPSG:3857")!.getExtent(), tileSize: 512, maxZoom: MAX_ZOOM }),
    attributions: DATAFORSYNINGEN_ATTRIBUTION,
    attributionsCollapsible: false,
    // CORS images keep the map canvas readable for the PDF/JPG export; a tainted canvas cannot be saved.
    crossOrigin: "anonymous",
  });
}

/** The Danish spring orthophoto: Web Mercator WMTS, cached tiles, much faster than rendering by WMS. */
export function createOrtoSource(baseUrl: string, token: string): WMTS {
  return new WMTS({
    url: `${baseUrl}/${ORTO_SERVICE}?token=${encodeURIComponent(token)}`,
    requestEncoding: "KVP",
    layer: ORTO_LAYER,
    matrixSet: ORTO_MATRIX_SET,
    format: "image/jpeg",
    style: "default",
    projection: "EPSG:3857",
    tileGrid: googleMapsCompatibleGrid(ORTO_MAX_ZOOM),
    attributions: DATAFORSYNINGEN_ATTRIBUTION,
    attributionsCollapsible: false,
    crossOrigin: "anonymous",
  });
}

/** Lantmäteriet's topographic web map: WMTS in matrix set 3857; the key travels in a header, never in the URL. */
export function createLantmaterietSource(wmtsUrl: string, token: string): WMTS {
  return new WMTS({
    url: wmtsUrl,
    requestEncoding: "KVP",
    layer: LANTMATERIET_LAYER,
    matrixSet: LANTMATERIET_MATRIX_SET,
    format: "image/png",
    style: "default",
    projection: "EPSG:3857",
    tileGrid: googleMapsCompatibleGrid(LANTMATERIET_MAX_ZOOM),
    attributions: LANTMATERIET_ATTRIBUTION,
    attributionsCollapsible: false,
    tileLoadFunction: authorizedTileLoader(authorizationHeader(token)),
  });
}

export function createOsmSource(url: string): OSM {
  // ol/source/OSM already asks for CORS images and stops at level 19, the deepest the standard tiles go.
  return new OSM({ url, attributions: OSM_ATTRIBUTION });
}

/** Each id's source, or null without the key it needs. A Record, so a new id without a source is a compile error. */
const SOURCES: Readonly<Record<BaseLayerId, (config: MapConfig) => TileSource | null>> = {
  "dataforsyningen-skaermkort": ({ dataforsyningen: { baseUrl, token } }) => (token ? createSkaermkortSource(baseUrl, token) : null),
  "dataforsyningen-orto": ({ dataforsyningen: { baseUrl, token } }) => (token ? createOrtoSource(baseUrl, token) : null),
  "lantmateriet-topo": ({ lantmateriet: { wmtsUrl, token } }) => (token ? createLantmaterietSource(wmtsUrl, token) : null),
  osm: ({ osm }) => createOsmSource(osm.url),
};

/** Layers limited to where their service has tiles (see DENMARK_LON_LAT). */
const EXTENTS: Partial<Record<BaseLayerId, Extent>> = { "dataforsyningen-orto": DENMARK_LON_LAT };

function createLayer(descriptor: BaseLayerDescriptor, config: MapConfig): BaseLayer {
  const source = descriptor.available ? (SOURCES[descriptor.id](config) ?? undefined) : undefined;
  const lonLatExtent = EXTENTS[descriptor.id];
  return new TileLayer({
    source,
    extent: lonLatExtent && transformExtent(lonLatExtent, "EPSG:4326", "EPSG:3857"),
    visible: false,
    zIndex: BASE_LAYER_Z_INDEX,
    properties: { [BASE_LAYER_ID_PROPERTY]: descriptor.id },
  });
}

/**
 * The site's base maps with their (hidden) OpenLayers layers. Each call makes new layers: one set per
 * map, removed and disposed with it (BaseLayerControl does both).
 */
export function createBaseLayers(site: SiteId, config: MapConfig): BaseLayerEntry[] {
  return baseLayerCatalogue(site, config).map((descriptor) => ({ ...descriptor, layer: createLayer(descriptor, config) }));
}
