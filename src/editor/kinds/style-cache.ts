/** Shared pieces of the element styles. */
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";

/** How a width is drawn: for paper (StyleContext.print) and the least the screen draws, in CSS pixels. */
export interface StrokeOptions {
  print?: boolean;
  /** The screen's minimum (default 1 px); paper has none. */
  minPx?: number;
}

/**
 * A ground width in metres as CSS pixels. On the screen it is rounded to a quarter pixel so the style
 * caches hit while zooming, and never thinner than `minPx`, so a thin line stays visible when zoomed far
 * out. On paper it is exact, so a 0.3 m line at 1:500 prints 0.600 mm: a pixel there is 0.265 mm of ink,
 * and rounding to one moved a width by up to 0.03 mm and held a 0.1 m line at 0.265 mm instead of 0.2 mm.
 */
export function strokePixels(metres: number, metresPerPixel: number, { print = false, minPx = 1 }: StrokeOptions = {}): number {
  const px = metres / metresPerPixel;
  return print ? px : Math.max(minPx, Math.round(px * 4) / 4);
}

/**
 * Device pixels per CSS pixel of the map's canvas: the screen's, at most 2 (a 3× phone screen would draw
 * 2.25 times the pixels of 2× for a difference nobody sees on a plan). Styles that paint their own
 * canvases (sign sprites) paint them at this ratio.
 */
export function mapPixelRatio(): number {
  return Math.min(globalThis.devicePixelRatio ?? 1, 2);
}

/**
 * A new canvas of `width` × `height` device pixels in `document`, with its 2D context, for a style that
 * paints a sprite; null without a document (outside a browser) or a context.
 */
export function spriteCanvas(document: Document | undefined, width: number, height: number) {
  if (!document) return null;
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  return context ? { canvas, context } : null;
}

/**
 * Labels (a sign's name, a point's label, a route's name, a ruler's lengths) are written from this scale
 * in, about zoom 16.4 in Denmark. Further out a street's worth of them lies within a few pixels, and their
 * labels pile into one unreadable heap that OpenLayers draws letter by letter every frame.
 */
export const MAX_LABELLED_METRES_PER_PX = 1;

/** Whether labels are written at this scale (MAX_LABELLED_METRES_PER_PX). */
export function labelsShownAt(metresPerPixel: number): boolean {
  return metresPerPixel <= MAX_LABELLED_METRES_PER_PX;
}

const halos = new Map<number, Style>();

/** The selection outline: a light-blue band under the stroke, 6 px wider than it. */
export function selectionHalo(widthPx: number): Style {
  let halo = halos.get(widthPx);
  if (!halo) {
    halo = new Style({ stroke: new Stroke({ color: "rgba(21, 98, 173, 0.45)", width: widthPx + 6, lineCap: "round", lineJoin: "round" }) });
    halos.set(widthPx, halo);
  }
  return halo;
}
