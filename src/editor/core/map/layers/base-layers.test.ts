import { get as getProjection } from "ol/proj";
import type TileLayer from "ol/layer/Tile";
import type TileSource from "ol/source/Tile";
import type UrlTile from "ol/source/UrlTile";
import TileState from "ol/TileState";
import type { Tile } from "ol";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  authorizationHeader,
  authorizedTileLoader,
  BASE_LAYER_ID_PROPERTY,
  BASE_LAYER_Z_INDEX,
  baseLayerCatalogue,
  createBaseLayers,
  fallbackReason,
  googleMapsCompatibleGrid,
  resolveShownLayerId,
  type BaseLayerEntry,
  type BaseLayerId,
} from "./base-layers";
import { DEFAULT_MAP_LAYER_ID } from "@/lib/elements/plan-content";
import { mapConfigFromEnv, type MapConfig } from "@/lib/map-config";

const NONE = mapConfigFromEnv({});
const DANISH = mapConfigFromEnv({ DATAFORSYNINGEN_TOKEN: "dk-token" });
const ALL = mapConfigFromEnv({ DATAFORSYNINGEN_TOKEN: "dk-token", LANTMATERIET_TOKEN: "se-token" });

const ids = (entries: readonly { id: BaseLayerId }[]) => entries.map((entry) => entry.id);
const entry = (entries: BaseLayerEntry[], id: BaseLayerId) => entries.find((e) => e.id === id)!;
const sourceOf = (e: BaseLayerEntry) => (e.layer as TileLayer<TileSource>).getSource();

/** The URL OpenLayers would request for tile z/x/y of a layer's source. */
function tileUrl(e: BaseLayerEntry, z: number, x: number, y: number): URL {
  const source = sourceOf(e) as UrlTile;
  const url = source.getTileUrlFunction()([z, x, y], 1, getProjection("EPSG:3857")!);
  expect(url).toBeTypeOf("string");
  return new URL(url!);
}

/** Query parameters by upper-cased name (WMS and WMTS names are case-insensitive). */
const param = (url: URL, name: string) => [...url.searchParams].find(([key]) => key.toUpperCase() === name)?.[1];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("baseLayerCatalogue", () => {
  it("offers the screen map, the orthophoto and OSM on the Danish sites", () => {
    for (const site of ["skilteplanen", "kloakplanen"] as const) {
      expect(ids(baseLayerCatalogue(site, DANISH))).toEqual(["dataforsyningen-skaermkort", "dataforsyningen-orto", "osm"]);
      expect(baseLayerCatalogue(site, DANISH).every((e) => e.available)).toBe(true);
      // Lantmäteriet is Swedish: never on a Danish site, key or not.
      expect(ids(baseLayerCatalogue(site, ALL))).not.toContain("lantmateriet-topo");
    }
  });

  it("lists the Danish maps without a key, but unavailable with the reason", () => {
    const catalogue = baseLayerCatalogue("skilteplanen", NONE);
    expect(catalogue).toEqual([
      {
        id: "dataforsyningen-skaermkort",
        labelKey: "layers.skaermkort",
        available: false,
        unavailableReasonKey: "layers.noDataforsyningenToken",
      },
      { id: "dataforsyningen-orto", labelKey: "layers.orto", available: false, unavailableReasonKey: "layers.noDataforsyningenToken" },
      { id: "osm", labelKey: "layers.osm", available: true },
    ]);
  });

  it("offers Lantmäteriet on ta-planen only with a key, and never the Danish maps", () => {
    expect(ids(baseLayerCatalogue("ta-planen", ALL))).toEqual(["lantmateriet-topo", "osm"]);
    expect(ids(baseLayerCatalogue("ta-planen", DANISH))).toEqual(["osm"]);
    expect(ids(baseLayerCatalogue("ta-planen", NONE))).toEqual(["osm"]);
  });

  it("the schema's default layer is the first choice on the Danish sites", () => {
    expect(baseLayerCatalogue("skilteplanen", DANISH)[0]!.id).toBe(DEFAULT_MAP_LAYER_ID);
  });
});

describe("resolveShownLayerId and fallbackReason", () => {
  it("shows an available layer as asked", () => {
    const catalogue = baseLayerCatalogue("skilteplanen", DANISH);
    expect(resolveShownLayerId("dataforsyningen-orto", catalogue)).toBe("dataforsyningen-orto");
    expect(resolveShownLayerId("osm", catalogue)).toBe("osm");
    expect(fallbackReason("dataforsyningen-orto", catalogue)).toBeNull();
  });

  it("falls back to OSM for a listed layer without its key, and says why", () => {
    const catalogue = baseLayerCatalogue("skilteplanen", NONE);
    expect(resolveShownLayerId("dataforsyningen-skaermkort", catalogue)).toBe("osm");
    expect(resolveShownLayerId("dataforsyningen-orto", catalogue)).toBe("osm");
    expect(fallbackReason("dataforsyningen-skaermkort", catalogue)).toBe("layers.noDataforsyningenToken");
  });

  it("shows the site's first choice for an id the site does not list, silently", () => {
    expect(resolveShownLayerId("no-such-layer", baseLayerCatalogue("skilteplanen", DANISH))).toBe("dataforsyningen-skaermkort");
    expect(resolveShownLayerId("lantmateriet-topo", baseLayerCatalogue("kloakplanen", ALL))).toBe("dataforsyningen-skaermkort");
    expect(resolveShownLayerId("no-such-layer", baseLayerCatalogue("skilteplanen", NONE))).toBe("osm");
    // A Swedish plan carries the schema's Danish default: Lantmäteriet with a key, else OSM.
    expect(resolveShownLayerId(DEFAULT_MAP_LAYER_ID, baseLayerCatalogue("ta-planen", ALL))).toBe("lantmateriet-topo");
    expect(resolveShownLayerId(DEFAULT_MAP_LAYER_ID, baseLayerCatalogue("ta-planen", NONE))).toBe("osm");
    expect(fallbackReason(DEFAULT_MAP_LAYER_ID, baseLayerCatalogue("ta-planen", NONE))).toBeNull();
  });

  it("shows OSM even for an empty list", () => {
    expect(resolveShownLayerId("anything", [])).toBe("osm");
  });
});

describe("createBaseLayers", () => {
  it("makes one hidden layer per entry, below everything, tagged with its id", () => {
    const entries = createBaseLayers("skilteplanen", DANISH);
    for (const e of entries) {
      expect(e.layer.getVisible()).toBe(false);
      expect(e.layer.getZIndex()).toBe(BASE_LAYER_Z_INDEX);
      expect(e.layer.get(BASE_LAYER_ID_PROPERTY)).toBe(e.id);
    }
    expect(ids(entries)).toEqual(ids(baseLayerCatalogue("skilteplanen", DANISH)));
  });

  it("makes new layers on every call (one set per map)", () => {
    const a = createBaseLayers("skilteplanen", DANISH);
    const b = createBaseLayers("skilteplanen", DANISH);
    expect(a[0]!.layer).not.toBe(b[0]!.layer);
  });

  it("gives an unavailable layer no source, so nothing is ever requested without a key", () => {
    const entries = createBaseLayers("skilteplanen", NONE);
    expect(sourceOf(entry(entries, "dataforsyningen-skaermkort"))).toBeNull();
    expect(sourceOf(entry(entries, "dataforsyningen-orto"))).toBeNull();
    expect(sourceOf(entry(entries, "osm"))).not.toBeNull();
  });

  it("asks the screen map WMS for dtk_skaermkort in EPSG:3857 with the token", () => {
    const url = tileUrl(entry(createBaseLayers("skilteplanen", DANISH), "dataforsyningen-skaermkort"), 10, 540, 320);
    expect(url.origin + url.pathname).toBe("https://api.dataforsyningen.dk/topo_skaermkort_DAF");
    expect(url.searchParams.get("token")).toBe("dk-token");
    expect(param(url, "SERVICE")).toBe("WMS");
    expect(param(url, "REQUEST")).toBe("GetMap");
    expect(param(url, "LAYERS")).toBe("dtk_skaermkort");
    expect(param(url, "CRS")).toBe("EPSG:3857");
    expect(param(url, "WIDTH")).toBe("512");
    expect(param(url, "BBOX")?.split(",")).toHaveLength(4);
  });

  it("asks the orthophoto WMTS for its Web Mercator layer and matrix set with the token", () => {
    const config: MapConfig = mapConfigFromEnv({
      DATAFORSYNINGEN_TOKEN: "a b&c",
      DATAFORSYNINGEN_URL: "http://127.0.0.1:4010/df/",
    });
    const orto = entry(createBaseLayers("kloakplanen", config), "dataforsyningen-orto");
    const url = tileUrl(orto, 18, 138000, 80500);
    expect(url.origin + url.pathname).toBe("http://127.0.0.1:4010/df/orto_foraar_webm_DAF");
    expect(url.searchParams.get("token")).toBe("a b&c"); // encoded, so it survives as one parameter
    expect(param(url, "REQUEST")).toBe("GetTile");
    expect(param(url, "LAYER")).toBe("orto_foraar_webm");
    expect(param(url, "TILEMATRIXSET")).toBe("DFD_GoogleMapsCompatible");
    expect(param(url, "TILEMATRIX")).toBe("18");
    expect(param(url, "TILECOL")).toBe("138000");
    expect(param(url, "TILEROW")).toBe("80500");
    // Only where the orthophoto has tiles: Copenhagen inside, Hamburg outside.
    const extent = orto.layer.getExtent()!;
    expect(extent[0]! < 1_390_000 && 1_390_000 < extent[2]! && extent[1]! < 7_490_000 && 7_490_000 < extent[3]!).toBe(true);
    expect(extent[1]! > 7_080_000).toBe(true);
  });

  it("asks Lantmäteriet for topowebb in matrix set 3857, with the key out of the URL", () => {
    const lm = entry(createBaseLayers("ta-planen", ALL), "lantmateriet-topo");
    const url = tileUrl(lm, 12, 2200, 1150);
    expect(url.origin + url.pathname).toBe("https://maps.lantmateriet.se/open/topowebb-ccby/v1/wmts");
    expect(param(url, "LAYER")).toBe("topowebb");
    expect(param(url, "TILEMATRIXSET")).toBe("3857");
    expect(param(url, "TILEMATRIX")).toBe("12");
    expect(url.href).not.toContain("se-token");
  });

  it("asks OSM for the configured template", () => {
    const config = mapConfigFromEnv({ OSM_URL: "http://127.0.0.1:4011/osm/{z}/{x}/{y}.png" });
    expect(tileUrl(entry(createBaseLayers("skilteplanen", config), "osm"), 3, 4, 2).href).toBe("http://127.0.0.1:4011/osm/3/4/2.png");
  });

  it("credits each source as its licence asks", () => {
    const attributionText = (e: BaseLayerEntry) => {
      const attributions = sourceOf(e)!.getAttributions();
      const value = attributions ? attributions({} as never) : [];
      return (Array.isArray(value) ? value : [value]).join(" ").replace(/<[^>]+>/g, "");
    };
    const danish = createBaseLayers("skilteplanen", DANISH);
    expect(attributionText(entry(danish, "osm"))).toBe("© OpenStreetMap");
    expect(attributionText(entry(danish, "dataforsyningen-skaermkort"))).toBe("© SDFI (Dataforsyningen)");
    expect(attributionText(entry(danish, "dataforsyningen-orto"))).toBe("© SDFI (Dataforsyningen)");
    expect(attributionText(entry(createBaseLayers("ta-planen", ALL), "lantmateriet-topo"))).toBe("© Lantmäteriet (CC BY 4.0)");
  });
});

describe("googleMapsCompatibleGrid", () => {
  it("is the standard Web Mercator pyramid with numeric matrix ids", () => {
    const grid = googleMapsCompatibleGrid(20);
    expect(grid.getResolutions()).toHaveLength(21);
    expect(grid.getResolution(0)).toBeCloseTo(156543.03392804097, 6);
    expect(grid.getResolution(20)).toBeCloseTo(0.14929107086948487, 12);
    expect(grid.getMatrixIds()[20]).toBe("20");
    expect(grid.getOrigin(0)).toEqual([-20037508.342789244, 20037508.342789244]);
    expect(grid.getTileSize(0)).toBe(256);
  });
});

describe("authorizationHeader", () => {
  it("sends a bare key as an OAuth2 bearer token and keeps an explicit scheme", () => {
    expect(authorizationHeader("abc123")).toBe("Bearer abc123");
    expect(authorizationHeader("Bearer abc123")).toBe("Bearer abc123");
    expect(authorizationHeader("Basic dXNlcjpwYXNz")).toBe("Basic dXNlcjpwYXNz");
  });
});

describe("authorizedTileLoader", () => {
  function fakeTile() {
    const listeners: Record<string, () => void> = {};
    const image = { src: "", addEventListener: (type: string, listener: () => void) => (listeners[type] = listener) };
    const tile = { getImage: () => image, setState: vi.fn() };
    return { tile, image, listeners };
  }

  it("fetches with the Authorization header and gives the image a blob URL", async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(["png"], { type: "image/png" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const revoke = vi.spyOn(URL, "revokeObjectURL");
    const { tile, image, listeners } = fakeTile();
    authorizedTileLoader("Bearer k")(tile as unknown as Tile, "https://lm.example/wmts?x=1");
    await vi.waitFor(() => expect(image.src).toMatch(/^blob:/));
    expect(fetchMock).toHaveBeenCalledWith(
      "https://lm.example/wmts?x=1",
      expect.objectContaining({ headers: { Authorization: "Bearer k" } }),
    );
    expect(tile.setState).not.toHaveBeenCalled();
    listeners.load!();
    expect(revoke).toHaveBeenCalledWith(image.src);
  });

  it("marks the tile failed on an error answer or no network", async () => {
    for (const failing of [async () => new Response("no", { status: 401 }), async () => Promise.reject(new TypeError("offline"))]) {
      vi.stubGlobal("fetch", vi.fn(failing));
      const { tile, image } = fakeTile();
      authorizedTileLoader("Bearer k")(tile as unknown as Tile, "https://lm.example/t");
      await vi.waitFor(() => expect(tile.setState).toHaveBeenCalledWith(TileState.ERROR));
      expect(image.src).toBe("");
    }
  });
});
