import ImageLayer from "ol/layer/Image";
import TileLayer from "ol/layer/Tile";
import { fromLonLat } from "ol/proj";
import ImageWMS from "ol/source/ImageWMS";
import OSM from "ol/source/OSM";
import { describe, expect, it } from "vitest";
import Collection from "ol/Collection";
import type OlMap from "ol/Map";
import VectorLayer from "ol/layer/Vector";
import VectorSource from "ol/source/Vector";
import { rasterDpi, shadowOf } from "./base-map";
import { rasterLayers } from "./export-job";
import { createSkaermkortSource } from "../core/map/layers/base-layers";

const frame = (scale: number) => ({ center: fromLonLat([10.38551, 55.40178]), scale });

describe("the base map's layers in the export", () => {
  it("prints a WMS at the chosen dpi at every scale, and a tile source no finer than its tiles allow", () => {
    const wms = new TileLayer({ source: createSkaermkortSource("http://127.0.0.1:1", "key") });
    for (const scale of [250, 500, 2000]) expect(rasterDpi([wms], frame(scale), 300)).toBe(300);
    // OpenStreetMap stops at zoom 19 (17 cm a pixel in Odense): 1:500 at 300 dpi gets twice that, 150 dpi.
    const osm = new TileLayer({ source: new OSM({ url: "http://127.0.0.1:1/{z}/{x}/{y}.png" }) });
    expect(rasterDpi([osm], frame(500), 300)).toBe(150);
    // Under a WMS and OpenStreetMap both, the coarser decides.
    expect(rasterDpi([wms, osm], frame(500), 300)).toBe(150);
    // Hidden layers are not printed and do not count.
    osm.setVisible(false);
    expect(rasterDpi([wms, osm], frame(500), 300)).toBe(300);
  });

  it("counts only the map's raster layers as the base map: colleagues' pointers and other vector layers never", () => {
    const osm = new TileLayer({ source: new OSM({ url: "http://127.0.0.1:1/{z}/{x}/{y}.png" }) });
    const background = new ImageLayer({ properties: { name: "background" } });
    const presence = new VectorLayer({ source: new VectorSource(), properties: { name: "presence" } });
    const conflicts = new VectorLayer({ source: new VectorSource(), properties: { name: "sync-conflicts" } });
    // The map's layer list is all rasterLayers reads (an OlMap itself needs a DOM).
    const map = { getLayers: () => new Collection([osm, background, presence, conflicts]) } as unknown as OlMap;
    expect(rasterLayers(map)).toEqual([osm, background]);
    // So a vector layer on the map does not hide that OpenStreetMap prints at 150 dpi at 1:500.
    const osmOnly = { getLayers: () => new Collection([osm, presence, conflicts]) } as unknown as OlMap;
    expect(rasterDpi(rasterLayers(osmOnly), frame(500), 300)).toBe(150);
  });

  it("asks the screen map's WMS for one image of the export's view, with the screen's URL and parameters", () => {
    const source = createSkaermkortSource("http://127.0.0.1:1", "key");
    const shadow = shadowOf(new TileLayer({ source, opacity: 0.8 }));
    expect(shadow).toBeInstanceOf(ImageLayer);
    const image = (shadow as ImageLayer<ImageWMS>).getSource();
    expect(image).toBeInstanceOf(ImageWMS);
    expect(image!.getUrl()).toBe(source.getUrls()![0]);
    expect(image!.getParams()).toEqual(source.getParams());
    expect(shadow!.getOpacity()).toBe(0.8);
    // A tile source stays tiles; a hidden layer is not printed.
    expect(shadowOf(new TileLayer({ source: new OSM() }))).toBeInstanceOf(TileLayer);
    expect(shadowOf(new TileLayer({ source, visible: false }))).toBeNull();
  });
});
