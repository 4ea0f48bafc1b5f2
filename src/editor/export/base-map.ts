/**
 * The raster under the drawing: the base map (or the plan's background image) at print resolution,
 * rendered by an OpenLayers map of its own outside the editor's, in pieces of at most CHUNK_PX a side
 * (DOMAIN.md: a browser canvas tops out near 268 megapixels, and A0 at 300 dpi, turned, passes that).
 * Each piece is the view of its own part of the frame, so the pieces join without seams.
 */
import OlMap from "ol/Map";
import View from "ol/View";
import type BaseLayer from "ol/layer/Base";
import ImageLayer from "ol/layer/Image";
import TileLayer from "ol/layer/Tile";
import type ImageSource from "ol/source/Image";
import ImageWMS from "ol/source/ImageWMS";
import type TileSource from "ol/source/Tile";
import TileWMS from "ol/source/TileWMS";
import type { Coordinate } from "ol/coordinate";
import { MM_PER_INCH, mapResolutionAt, type PrintFrame } from "./print-frame";

/** Longest side of one rendered piece: 16.7 megapixels, well inside every browser's canvas limits. */
export const CHUNK_PX = 4096;
/** A piece whose tiles have not all arrived by then is taken as it is (missing tiles stay white). */
const PIECE_TIMEOUT_MS = 45_000;

export interface BaseMapPiece {
  /** Where the piece goes on the page, in millimetres. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Valid only until the piece's consumer has returned: the canvas is then released. */
  canvas: HTMLCanvasElement;
}

/** Takes each piece as it is rendered (encodes it, or draws it into the page), so only one is held at a time. */
export type PieceConsumer = (piece: BaseMapPiece) => Promise<void> | void;

/**
 * Finer than a base map's own tiles there is nothing to print: past twice the tiles' resolution the pixels
 * only repeat theirs (OpenStreetMap stops at zoom 19, 0.17 m a pixel in Denmark; 1:500 at 300 dpi asks for
 * 0.04 m). Never coarser than this, so a scaled-up map stays smooth in every PDF viewer.
 */
export const MIN_RASTER_DPI = 100;

/**
 * The dpi the raster under the page is rendered at: the print's, or less where the layers' tiles have
 * no more to give. A layer without a tile grid (a background image) keeps the print's, and so does a WMS:
 * the export asks its server for the print's own pixels (shadowOf), whatever the screen's tiles are.
 * The export panel tells the user when this is less than the dpi chosen.
 */
export function rasterDpi(layers: readonly BaseLayer[], frame: Pick<PrintFrame, "center" | "scale">, dpi: number): number {
  let native = 0;
  for (const layer of layers) {
    if (!layer.getVisible()) continue;
    const source = layer instanceof TileLayer ? (layer.getSource() as TileSource | null) : null;
    if (source instanceof TileWMS) continue;
    const resolutions = source?.getTileGrid()?.getResolutions();
    if (!resolutions?.length) return dpi;
    // The dpi at which one printed dot is one pixel of the layer's finest tiles.
    native = Math.max(native, (dpi * mapResolutionAt(frame, dpi)) / resolutions[resolutions.length - 1]!);
  }
  if (!native) return dpi;
  return Math.min(dpi, Math.max(MIN_RASTER_DPI, Math.round(2 * native)));
}

/**
 * The same WMS asked for one image of exactly the view (ratio 1): the export's view is a piece of the
 * page at the print's resolution, so the server draws the print's pixels, 300 dpi for 300 dpi, where
 * its tiles come at whichever of the tile grid's zoom levels (each twice as fine as the last) is nearest,
 * and stretched to fit. Each piece is one request of at most CHUNK_PX a side (more when the frame is
 * turned: the piece's bounding box). The images are read from a canvas, so they are asked for with CORS.
 */
export function printWmsOf(source: TileWMS): ImageWMS {
  return new ImageWMS({
    url: source.getUrls()?.[0],
    params: { ...source.getParams() },
    projection: source.getProjection() ?? undefined,
    ratio: 1,
    hidpi: false,
    crossOrigin: "anonymous",
  });
}

/** A layer drawing the same source for the export's own map (a WMS as one image per piece); null for other layers. */
export function shadowOf(layer: BaseLayer): BaseLayer | null {
  if (!layer.getVisible()) return null;
  const opacity = layer.getOpacity();
  if (layer instanceof TileLayer) {
    const source = layer.getSource() as TileSource | null;
    if (source instanceof TileWMS) return new ImageLayer({ source: printWmsOf(source), opacity, extent: layer.getExtent() });
    return new TileLayer({ source: source ?? undefined, opacity, preload: 0 });
  }
  if (layer instanceof ImageLayer) return new ImageLayer({ source: layer.getSource() as ImageSource, opacity });
  return null;
}

/** The map area in pixels at `dpi`, split into pieces of at most CHUNK_PX. */
export function piecesOf(widthPx: number, heightPx: number): { left: number; top: number; width: number; height: number }[] {
  const columns = Math.ceil(widthPx / CHUNK_PX);
  const rows = Math.ceil(heightPx / CHUNK_PX);
  const out: { left: number; top: number; width: number; height: number }[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const left = Math.round((column * widthPx) / columns);
      const top = Math.round((row * heightPx) / rows);
      out.push({
        left,
        top,
        width: Math.round(((column + 1) * widthPx) / columns) - left,
        height: Math.round(((row + 1) * heightPx) / rows) - top,
      });
    }
  }
  return out;
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");
}

/** Waits for the map's next complete render (every tile loaded or failed). */
function renderComplete(map: OlMap, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve();
    };
    const onAbort = () => {
      clearTimeout(timer);
      map.un("rendercomplete", done);
      reject(signal!.reason instanceof Error ? signal!.reason : new DOMException("Aborted", "AbortError"));
    };
    const timer = setTimeout(() => {
      map.un("rendercomplete", done);
      done();
    }, PIECE_TIMEOUT_MS);
    map.once("rendercomplete", done);
    signal?.addEventListener("abort", onAbort, { once: true });
    map.render();
  });
}

/** The layer canvases of the map's viewport drawn into one canvas, as OpenLayers' export examples compose them. */
function composeViewport(target: HTMLElement, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvasContext");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  for (const layerCanvas of target.querySelectorAll<HTMLCanvasElement>(".ol-layer canvas, canvas.ol-layer")) {
    if (!layerCanvas.width || !layerCanvas.height) continue;
    const opacity = (layerCanvas.parentNode as HTMLElement | null)?.style.opacity || layerCanvas.style.opacity;
    context.globalAlpha = opacity === "" ? 1 : Number(opacity);
    const matrix = /^matrix\(([^(]*)\)$/.exec(layerCanvas.style.transform)?.[1]?.split(",").map(Number);
    if (matrix && matrix.length === 6) context.setTransform(matrix[0]!, matrix[1]!, matrix[2]!, matrix[3]!, matrix[4]!, matrix[5]!);
    else context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(layerCanvas, 0, 0);
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  return canvas;
}

/**
 * Renders `layers` (the editor's visible base map or background image) under the frame at `dpi`, piece by
 * piece, handing each to `consume` and releasing it before the next (A0 at 300 dpi is nine pieces of
 * 50 MB each). Returns the number of pieces.
 */
export async function renderBaseMap(
  layers: readonly BaseLayer[],
  frame: PrintFrame,
  dpi: number,
  consume: PieceConsumer,
  options: { signal?: AbortSignal; onPiece?: (done: number, total: number) => void } = {},
): Promise<number> {
  const widthPx = Math.round((frame.map.width / MM_PER_INCH) * dpi);
  const heightPx = Math.round((frame.map.height / MM_PER_INCH) * dpi);
  const shadows = layers.map(shadowOf).filter((layer): layer is BaseLayer => layer !== null);
  const pieces = piecesOf(widthPx, heightPx);
  const mmPerPx = frame.map.width / widthPx;
  const mmPerPxY = frame.map.height / heightPx;
  if (!shadows.length) return 0;

  const resolution = mapResolutionAt(frame, dpi);
  const target = document.createElement("div");
  // Laid out (OpenLayers measures it) but outside the window and never seen or hit.
  target.style.cssText = "position:fixed;left:-200000px;top:0;pointer-events:none;";
  target.setAttribute("aria-hidden", "true");
  document.body.appendChild(target);
  const view = new View({
    center: frame.center,
    resolution,
    rotation: frame.rotation,
    constrainResolution: false,
    smoothResolutionConstraint: false,
  });
  const map = new OlMap({ target, layers: shadows, view, controls: [], interactions: [], pixelRatio: 1 });
  const cos = Math.cos(frame.rotation);
  const sin = Math.sin(frame.rotation);
  try {
    for (const [index, piece] of pieces.entries()) {
      aborted(options.signal);
      // The piece's centre, from the map area's centre in pixels, turned into map units as OpenLayers turns the view.
      const dx = (piece.left + piece.width / 2 - widthPx / 2) * resolution;
      const dy = -(piece.top + piece.height / 2 - heightPx / 2) * resolution;
      const center: Coordinate = [frame.center[0]! + dx * cos - dy * sin, frame.center[1]! + dx * sin + dy * cos];
      target.style.width = `${piece.width}px`;
      target.style.height = `${piece.height}px`;
      map.setSize([piece.width, piece.height]);
      view.setCenter(center);
      view.setResolution(resolution);
      await renderComplete(map, options.signal);
      const canvas = composeViewport(target, piece.width, piece.height);
      try {
        await consume({
          x: frame.map.x + piece.left * mmPerPx,
          y: frame.map.y + piece.top * mmPerPxY,
          width: piece.width * mmPerPx,
          height: piece.height * mmPerPxY,
          canvas,
        });
      } finally {
        // Released at once: a browser frees a canvas's pixels when it has none, not when it is collected.
        canvas.width = 0;
        canvas.height = 0;
      }
      options.onPiece?.(index + 1, pieces.length);
    }
  } finally {
    map.setTarget(undefined);
    map.dispose();
    target.remove();
  }
  return pieces.length;
}
