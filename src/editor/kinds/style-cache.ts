/** Shared pieces of the element styles. */
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";

/**
 * A ground width in metres as CSS pixels, rounded to a quarter pixel so the style caches hit while
 * zooming, and never thinner than one pixel, so a thin line stays visible when zoomed far out.
 */
export function strokePixels(metres: number, metresPerPixel: number): number {
  return Math.max(1, Math.round((metres / metresPerPixel) * 4) / 4);
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
