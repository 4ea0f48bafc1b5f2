// The baseline page of the export benchmark (bench/export.mjs): the least work a plan export cannot
// avoid, with OpenLayers and jsPDF and nothing of the editor. For a page size, scale and dpi it renders
// the same tile source (an OpenStreetMap tile layer with the URL template in `osm`) at the same pixel
// size, in the same pieces of at most CHUNK_PX a side, with a plain OpenLayers map outside the window;
// after each piece's `rendercomplete` it encodes the piece's canvas as JPEG with canvas.toBlob and puts
// it into a jsPDF document (PDF), or draws it into one page canvas encoded as JPEG at the end (JPG).
// Timed from the start to the Blob. No title block, no drawing, no pictures, no legend: what the app
// spends on those, and on its own way of doing the same steps, is the difference.
//
// The frame's arithmetic is the app's own (src/editor/export: pageLayout, mapResolutionAt, piecesOf:
// pure functions), so both pages draw exactly the same pixels; the rendering is not.
//
// Bundled by the benchmark with esbuild into a classic script and served from node:http on 127.0.0.1.
// It exposes window.__bareExport.run(options), which answers the time, the stages and the Blob's size.
/* eslint-disable no-restricted-imports -- the benchmark's baseline is OpenLayers without the editor (only src/editor imports it in the app) */
import { jsPDF } from "jspdf";
import Map from "ol/Map";
import View from "ol/View";
import TileLayer from "ol/layer/Tile";
import { fromLonLat } from "ol/proj";
import OSM from "ol/source/OSM";
import { piecesOf } from "../../src/editor/export/base-map";
import { pageLayout } from "../../src/editor/export/page-layout";
import { MM_PER_INCH, mapResolutionAt } from "../../src/editor/export/print-frame";

/** The app's JPEG qualities (src/editor/export/write-pdf.ts and write-jpg.ts). */
const PDF_JPEG_QUALITY = 0.88;
const JPG_JPEG_QUALITY = 0.9;

const encode = (canvas, quality) =>
  new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob gave no blob"))), "image/jpeg", quality),
  );

function renderComplete(map) {
  return new Promise((resolve) => {
    map.once("rendercomplete", () => resolve());
    map.render();
  });
}

/** The map's one layer canvas, when it is exactly the piece (no rotation, pixel ratio 1): no copy needed. */
function pieceCanvas(target, width, height) {
  const canvases = target.querySelectorAll(".ol-layer canvas, canvas.ol-layer");
  const only = canvases.length === 1 ? canvases[0] : null;
  const identity = (transform) => !transform || transform === "none" || /^matrix\(1, 0, 0, 1, 0, 0\)$/.test(transform);
  if (only && only.width === width && only.height === height && identity(only.style.transform)) return only;
  // Otherwise composed as OpenLayers' export examples do.
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  for (const layerCanvas of canvases) {
    const matrix = /^matrix\(([^(]*)\)$/.exec(layerCanvas.style.transform)?.[1]?.split(",").map(Number);
    if (matrix?.length === 6) context.setTransform(...matrix);
    else context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(layerCanvas, 0, 0);
  }
  return canvas;
}

async function run({ paper, landscape, scale, dpi, format, lonLat, osm }) {
  const t0 = performance.now();
  const layout = pageLayout(paper, landscape);
  const center = fromLonLat(lonLat);
  const widthPx = Math.round((layout.map.width / MM_PER_INCH) * dpi);
  const heightPx = Math.round((layout.map.height / MM_PER_INCH) * dpi);
  const resolution = mapResolutionAt({ center, scale }, dpi);
  const pieces = piecesOf(widthPx, heightPx);
  const mmPerPx = layout.map.width / widthPx;
  const mmPerPxY = layout.map.height / heightPx;

  const target = document.createElement("div");
  target.style.cssText = "position:fixed;left:-200000px;top:0;pointer-events:none;";
  document.body.appendChild(target);
  const view = new View({ center, resolution, constrainResolution: false, smoothResolutionConstraint: false });
  const map = new Map({
    target,
    view,
    layers: [new TileLayer({ source: new OSM({ url: osm }), preload: 0 })],
    controls: [],
    interactions: [],
    pixelRatio: 1,
  });

  const orientation = layout.width > layout.height ? "landscape" : "portrait";
  const doc = format === "pdf" ? new jsPDF({ unit: "mm", format: [layout.width, layout.height], orientation, compress: true }) : null;
  let page = null;
  let pageScale = 1;
  if (format === "jpg") {
    // The app lowers a page past 150 megapixels (write-jpg.ts); A3 and A4 at 300 dpi are far below.
    pageScale = dpi / MM_PER_INCH;
    page = document.createElement("canvas");
    page.width = Math.round(layout.width * pageScale);
    page.height = Math.round(layout.height * pageScale);
    const context = page.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, page.width, page.height);
  }

  const stages = { render: 0, encode: 0, file: 0 };
  let blob;
  try {
    for (const piece of pieces) {
      const tRender = performance.now();
      const dx = (piece.left + piece.width / 2 - widthPx / 2) * resolution;
      const dy = -(piece.top + piece.height / 2 - heightPx / 2) * resolution;
      target.style.width = `${piece.width}px`;
      target.style.height = `${piece.height}px`;
      map.setSize([piece.width, piece.height]);
      view.setCenter([center[0] + dx, center[1] + dy]);
      view.setResolution(resolution);
      await renderComplete(map);
      const canvas = pieceCanvas(target, piece.width, piece.height);
      const x = layout.map.x + piece.left * mmPerPx;
      const y = layout.map.y + piece.top * mmPerPxY;
      const w = piece.width * mmPerPx;
      const h = piece.height * mmPerPxY;
      const tEncode = performance.now();
      stages.render += tEncode - tRender;
      if (doc) {
        const bytes = new Uint8Array(await (await encode(canvas, PDF_JPEG_QUALITY)).arrayBuffer());
        const tAdd = performance.now();
        stages.encode += tAdd - tEncode;
        doc.addImage(bytes, "JPEG", x, y, w, h, undefined, "NONE");
        stages.file += performance.now() - tAdd;
      } else {
        page.getContext("2d").drawImage(canvas, x * pageScale, y * pageScale, w * pageScale, h * pageScale);
        stages.file += performance.now() - tEncode;
      }
    }
    const tOut = performance.now();
    if (doc) {
      blob = doc.output("blob");
      stages.file += performance.now() - tOut;
    } else {
      blob = await encode(page, JPG_JPEG_QUALITY);
      stages.encode += performance.now() - tOut;
    }
  } finally {
    map.setTarget(undefined);
    map.dispose();
    target.remove();
    if (page) page.width = page.height = 0;
  }
  return { ms: performance.now() - t0, stages, size: blob.size, pieces: pieces.length, widthPx, heightPx };
}

window.__bareExport = { run, ready: true };
