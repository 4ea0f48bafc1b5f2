// The baseline page of the editor benchmark (bench/editor.mjs): OpenLayers and nothing else. It fetches
// the same 5,000 lines as the benchmark's plan, as a GeoJSON FeatureCollection (properties colour and
// width in metres), reads them with ol/format/GeoJSON into one VectorLayer and draws them with a style
// function that does the editor's work (src/editor/map/element-layer.ts + elements/line): ground metres
// to pixels at the feature's latitude, rounded to a quarter pixel and at least 1 px, cached Style objects
// keyed by colour and width. The view is the plan's (centre and zoom from the query string), the map box
// the editor's size (w, h in CSS pixels), the pixel ratio capped at 2 as the editor caps it.
//
// Under the lines, the editor's default base map: an OpenStreetMap tile layer with the URL template in
// the `osm` parameter (none without it). The benchmark makes outside hosts unresolvable, so its tiles
// fail in both pages alike.
//
// Bundled by the benchmark with esbuild (with ol/ol.css) into a classic script, as the editor's engine
// is built (scripts/build-engine.mjs: Chromium keeps a code cache for classic scripts, not for ES
// modules), and served from node:http on 127.0.0.1. It exposes window.__bare with the part of the
// editor's test handle (src/editor/test-api.ts) that the benchmark uses, so one driver runs in both
// pages.
/* eslint-disable no-restricted-imports -- the benchmark's baseline is OpenLayers without the editor (only src/editor imports it in the app) */
import "ol/ol.css";
import Map from "ol/Map";
import View from "ol/View";
import GeoJSON from "ol/format/GeoJSON";
import TileLayer from "ol/layer/Tile";
import VectorLayer from "ol/layer/Vector";
import { unByKey } from "ol/Observable";
import { fromLonLat, toLonLat } from "ol/proj";
import OSM from "ol/source/OSM";
import VectorSource from "ol/source/Vector";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";

const MERCATOR_RADIUS = 6378137;
const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
const params = new URLSearchParams(location.search);
const center = [Number(params.get("lon")), Number(params.get("lat"))];
const zoom = Number(params.get("zoom"));
const target = document.getElementById("map");
target.style.width = `${Number(params.get("w"))}px`;
target.style.height = `${Number(params.get("h"))}px`;

const cache = new globalThis.Map();
function style(feature, resolution) {
  const extent = feature.getGeometry().getExtent();
  const metresPerPixel = resolution / Math.cosh((extent[1] + extent[3]) / 2 / MERCATOR_RADIUS);
  const width = Math.max(1, Math.round((feature.get("width") / metresPerPixel) * 4) / 4);
  const colour = feature.get("colour");
  const key = `${colour}|${width}`;
  let cached = cache.get(key);
  if (!cached) {
    cached = new Style({ stroke: new Stroke({ color: colour, width, lineCap: "butt", lineJoin: "round" }) });
    cache.set(key, cached);
  }
  return cached;
}

let map = null;
let source = null;
let firstFrame = null;
const mountedAt = { value: 0 };

window.__bare = {
  setCenter: (position) => map.getView().setCenter(fromLonLat(position)),
  setZoom: (value) => map.getView().setZoom(value),
  getCenter: () => toLonLat(map.getView().getCenter()),
  getZoom: () => map.getView().getZoom(),
  rendered: () =>
    new Promise((resolve) => {
      map.once("rendercomplete", () => resolve());
      map.render();
    }),
  featureCount: () => (source ? source.getFeatures().length : 0),
  get mountedAt() {
    return mountedAt.value;
  },
  firstFrame: () => firstFrame,
};

// A classic script has no top-level await.
(async () => {
  const response = await fetch("/features.geojson");
  const geojson = await response.json();
  const features = new GeoJSON().readFeatures(geojson, { dataProjection: "EPSG:4326", featureProjection: "EPSG:3857" });
  source = new VectorSource({ wrapX: false, features });
  map = new Map({
    target,
    view: new View({ center: fromLonLat(center), zoom }),
    layers: [
      ...(params.get("osm") ? [new TileLayer({ source: new OSM({ url: params.get("osm"), attributions: OSM_ATTRIBUTION }) })] : []),
      new VectorLayer({ source, style }),
    ],
    pixelRatio: Math.min(globalThis.devicePixelRatio ?? 1, 2),
  });
  window.__bareMap = map; // the benchmark looks for an empty spot to start its drags with hasFeatureAtPixel
  mountedAt.value = performance.now();
  // As the editor's test handle records it: the first postrender with a frame, then the first rendercomplete.
  const firstFrameKey = map.on("postrender", (event) => {
    if (!event.frameState || firstFrame) return;
    firstFrame = { at: performance.now(), features: source.getFeatures().length, completeAt: null };
    unByKey(firstFrameKey);
  });
  map.once("rendercomplete", () => {
    if (firstFrame) firstFrame.completeAt = performance.now();
  });
})();
