/**
 * A plan's uploaded background (an image, or the first page of a PDF) as a map layer, at its true size
 * on the ground when the plan has a paper size and a scale (content §5). Browser-only for decoding and
 * rendering; the geometry (`backgroundGeometry`, `backgroundViewConstraint`) is pure and unit-tested.
 */
import type { Extent } from "ol/extent";
import type * as pdfjsNamespace from "pdfjs-dist";
import ImageLayer from "ol/layer/Image";
import { fromLonLat } from "ol/proj";
import ImageSource from "ol/source/Image";
import type { Position } from "@/lib/elements/common";
import { DEFAULT_MAP_CENTER } from "@/lib/elements/plan-content";
import { groundLongestSideM, groundSizeOfImage, sizeWithLongestSide, type GroundSize, type PixelSize } from "@/lib/map/paper";
import { MAX_BACKGROUND_AREA_PX, MAX_BACKGROUND_PIXELS } from "@/lib/plan-limits";

export type BackgroundKind = "image" | "pdf";

/** A decoded background, ready to draw: OpenLayers draws a canvas or an ImageBitmap directly. */
export interface BackgroundImage extends PixelSize {
  canvas: HTMLCanvasElement | ImageBitmap;
}

/**
 * Where every background image lies, in lon/lat. It cannot be mapView.center: that is the view's centre,
 * saved again after every pan, and an image that moved with it would slide away from the elements drawn
 * on it. A fixed point keeps image and elements together for good. Odense is also where a new plan's
 * default view is centred, so a new background plan opens on its image. Only the latitude affects the
 * geometry (the Mercator scale factor); the coordinates are never shown for a background plan (content §5).
 */
export const BACKGROUND_ANCHOR: Readonly<Position> = DEFAULT_MAP_CENTER;

/**
 * Longest ground side of a background without paper size and scale. Its size is then unknown, and any
 * choice is nominal (`trueScale: false`: no ruler, no true sizes). 200 m is about what the commonest
 * road-works sheet covers (A3 at 1:500 is 210 m), so symbols sized in metres look about as large on it
 * as the drawing's author intended.
 */
export const NOMINAL_LONGEST_SIDE_M = 200;

/**
 * Longest side a PDF page is rendered at. 4096 px is about 250 dpi on an A3 sheet and 350 dpi on A4,
 * sharp on screen and in a JPG/PDF export at A3, while one image stays within the 4096-px texture limit
 * of older mobile GPUs and takes about 47 MB (4096 × 2896 × 4 bytes) at the A-series' proportions.
 */
export const PDF_LONGEST_SIDE_PX = 4096;

/** Largest canvas or bitmap area we make (see MAX_BACKGROUND_AREA_PX). Larger images are scaled down to it. */
export const MAX_IMAGE_AREA_PX = MAX_BACKGROUND_AREA_PX;

/** Between the base maps (-100) and the elements (0 and up). */
export const BACKGROUND_Z_INDEX = -50;

/**
 * The pixel size to render or decode at: scaled so the longest side is `longestPx` (when given), then
 * down so the area stays within `maxAreaPx`; never up beyond `allowUpscale: false`. Whole pixels.
 */
export function fitPixelSize(
  size: { width: number; height: number },
  options: { longestPx?: number; maxAreaPx?: number; allowUpscale?: boolean },
): { scale: number; widthPx: number; heightPx: number } {
  const { width, height } = size;
  if (!(width > 0) || !(height > 0)) throw new RangeError(`Empty page or image: ${width} × ${height}`);
  let scale = options.longestPx ? options.longestPx / Math.max(width, height) : 1;
  if (options.maxAreaPx && width * height * scale * scale > options.maxAreaPx) scale = Math.sqrt(options.maxAreaPx / (width * height));
  if (options.allowUpscale === false) scale = Math.min(scale, 1);
  // Floor, so rounding never pushes the area over the limit; at least 1 px either way.
  return { scale, widthPx: Math.max(1, Math.floor(width * scale)), heightPx: Math.max(1, Math.floor(height * scale)) };
}

export interface BackgroundGeometry {
  /** [minX, minY, maxX, maxY] in EPSG:3857. */
  extent: Extent;
  /** Metres on the ground, true or nominal. */
  ground: GroundSize;
  /** True only with both a paper size and a scale: rulers, sign sizes and exports at 1:xxx are then true. */
  trueScale: boolean;
}

/** Web Mercator's scale factor at a latitude: projected units per ground metre, 1 / cos(latitude). */
export function mercatorScaleFactor(latitude: number): number {
  return 1 / Math.cos((latitude * Math.PI) / 180);
}

/**
 * Where the image lies in the map. Web Mercator stretches everything by 1/cos(latitude) (at Odense,
 * 55.4° N, one ground metre is 1.76 projected units), so a ground size is multiplied by that factor at
 * the anchor's latitude. Across even an A0 sheet at 1:1000 (1.2 km) the factor changes by less than
 * 0.03 %, well under drawing precision, so one factor for the whole image is exact enough. This is the
 * same sphere-based factor the editor uses for element sizes in metres (element-layer's
 * `metresPerPixelAt`), so a sign of 1 m and the image's 1 m agree exactly.
 */
export function backgroundGeometry(
  image: PixelSize,
  options: { center: Readonly<Position>; paperSize?: string | null; scale?: string | null },
): BackgroundGeometry {
  const trueGround = groundSizeOfImage(image, options.paperSize, options.scale);
  const ground = trueGround ?? sizeWithLongestSide(image, NOMINAL_LONGEST_SIDE_M);
  const [lon, lat] = options.center;
  const [x, y] = fromLonLat([lon, lat]) as [number, number];
  const k = mercatorScaleFactor(lat);
  const halfWidth = (ground.widthM * k) / 2;
  const halfHeight = (ground.heightM * k) / 2;
  return { extent: [x - halfWidth, y - halfHeight, x + halfWidth, y + halfHeight], ground, trueScale: trueGround !== null };
}

/**
 * Limits for the map view of a background plan, known before the image has loaded: a square around
 * the anchor of three times the image's longest side (the image, whatever its proportions, plus one
 * image-length of margin on every side for notes and signs drawn beside it). Pass the result to the
 * View constructor (`new View({ ...viewOptions, ...backgroundViewConstraint(…) })`): OpenLayers
 * applies `extent` only as a construction option. `showFullExtent` lets the user zoom out until all of
 * it is in sight, never further, so the drawing cannot be lost in an empty, endless canvas.
 */
export function backgroundViewConstraint(options: { center?: Readonly<Position>; paperSize?: string | null; scale?: string | null }): {
  extent: Extent;
  showFullExtent: true;
} {
  const [lon, lat] = options.center ?? BACKGROUND_ANCHOR;
  const longestM = groundLongestSideM(options.paperSize, options.scale) ?? NOMINAL_LONGEST_SIDE_M;
  const [x, y] = fromLonLat([lon, lat]) as [number, number];
  const half = (3 * longestM * mercatorScaleFactor(lat)) / 2;
  return { extent: [x - half, y - half, x + half, y + half], showFullExtent: true };
}

export interface CreateBackgroundLayerOptions {
  image: BackgroundImage;
  /** [lon, lat] of the image's centre: BACKGROUND_ANCHOR for a plan (see there). */
  center: Readonly<Position>;
  paperSize?: string | null;
  scale?: string | null;
}

/**
 * The background as an image layer. The source hands OpenLayers the decoded canvas or bitmap through
 * a static loader (a loader without arguments is called once and its image reused at every zoom): no
 * data: URL (a 4096-px PNG would mean encoding and decoding some 20 MB on the main thread) and no object
 * URL to leak; `ol/source/ImageStatic` needs a URL, so it is not used.
 */
export function createBackgroundLayer({ image, center, paperSize, scale }: CreateBackgroundLayerOptions): {
  layer: ImageLayer<ImageSource>;
  extent: Extent;
  trueScale: boolean;
} {
  const { extent, trueScale } = backgroundGeometry(image, { center, paperSize, scale });
  const resolutionX = (extent[2]! - extent[0]!) / image.widthPx;
  const resolutionY = (extent[3]! - extent[1]!) / image.heightPx;
  const source = new ImageSource({
    projection: "EPSG:3857",
    // One resolution when the pixels are square (they are, up to rounding of the extent's large numbers).
    loader: () =>
      Promise.resolve({
        image: image.canvas,
        extent,
        resolution: Math.abs(resolutionX - resolutionY) <= 1e-9 * resolutionX ? resolutionX : [resolutionX, resolutionY],
        pixelRatio: 1,
      }),
  });
  const layer = new ImageLayer({ source, extent, zIndex: BACKGROUND_Z_INDEX, properties: { name: "background" } });
  return { layer, extent, trueScale };
}

/** Frees the pixels at once instead of whenever the garbage collector gets to them (up to 64 MB). */
export function disposeBackgroundImage(image: BackgroundImage): void {
  if ("close" in image.canvas) image.canvas.close();
  else image.canvas.width = image.canvas.height = 0;
}

/** Decodes a background file into something OpenLayers can draw. Browser only. */
export function loadBackgroundImage(blob: Blob, kind: BackgroundKind): Promise<BackgroundImage> {
  return kind === "pdf" ? renderPdfFirstPage(blob) : decodeImage(blob);
}

/** The image's size as shown (EXIF orientation applied), read by an <img> without keeping pixels around. */
async function naturalSize(blob: Blob): Promise<PixelSize> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error("The background image could not be decoded"));
      img.src = url;
    });
    return { widthPx: img.naturalWidth, heightPx: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * An ImageBitmap, decoded off the main thread, so the first frame does not stall on a 12-megapixel
 * photo. Scans beyond MAX_IMAGE_AREA_PX are scaled down while decoding, never enlarged.
 */
async function decodeImage(blob: Blob): Promise<BackgroundImage> {
  const natural = await naturalSize(blob);
  const fit = fitPixelSize({ width: natural.widthPx, height: natural.heightPx }, { maxAreaPx: MAX_IMAGE_AREA_PX, allowUpscale: false });
  const resize: ImageBitmapOptions = fit.scale < 1 ? { resizeWidth: fit.widthPx, resizeHeight: fit.heightPx, resizeQuality: "high" } : {};
  const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image", ...resize });
  return { canvas: bitmap, widthPx: bitmap.width, heightPx: bitmap.height };
}

type Pdfjs = typeof pdfjsNamespace;

let pdfjsModule: Promise<Pdfjs> | null = null;

/**
 * pdf.js, loaded on first use so only PDF plans pay for it (about 1 MB). The worker is referenced with
 * `new URL(…, import.meta.url)`, which Turbopack turns into a hashed static file; pdf.js starts one
 * module worker per document from it and ends it when the document is destroyed, so no worker
 * outlives the rendering.
 */
function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= import("pdfjs-dist").then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();
    return pdfjs;
  });
  // A failed chunk load (a deploy replaced it, the network dropped) may succeed on the next attempt.
  pdfjsModule.catch(() => (pdfjsModule = null));
  return pdfjsModule;
}

async function renderPdfFirstPage(blob: Blob): Promise<BackgroundImage> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(await blob.arrayBuffer()),
    // Uploaded files are not ours: no code generated from font programs, no XFA forms.
    isEvalSupported: false,
    enableXfa: false,
    // pdf.js decodes an image at its full size before scaling it to the page. The server refuses larger
    // ones; a file stored before it did so draws without them instead of exhausting the tab's memory.
    maxImageSize: MAX_BACKGROUND_PIXELS,
  });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    // Scale 1 is the page in PDF points (1/72 inch), its /Rotate applied: the sheet as it is printed.
    const fit = fitPixelSize(page.getViewport({ scale: 1 }), { longestPx: PDF_LONGEST_SIDE_PX, maxAreaPx: MAX_IMAGE_AREA_PX });
    const viewport = page.getViewport({ scale: fit.scale });
    const canvas = document.createElement("canvas");
    canvas.width = fit.widthPx;
    canvas.height = fit.heightPx;
    // "print": the page as it comes out of a printer (print-only layers and annotations included),
    // which is what the plan's paper size and scale describe. White behind transparent content.
    await page.render({ canvas, viewport, intent: "print", background: "#ffffff" }).promise;
    page.cleanup();
    return { canvas, widthPx: canvas.width, heightPx: canvas.height };
  } finally {
    await task.destroy();
  }
}
