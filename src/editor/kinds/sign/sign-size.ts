/**
 * How big a sign is drawn on the screen. Pure arithmetic (no OpenLayers), so it is unit-tested.
 *
 * A sign with a size (`heightInMeters` and/or `widthInMeters`) is drawn true to scale: its metres on the
 * ground divided by the ground metres per CSS pixel. A sign without one "follows the zoom level
 * dynamically" (spec 2-content §3, "Default sizes"): our rule is a fixed height on the screen, so it
 * covers more ground when zoomed out and less when zoomed in, and stays readable at every zoom.
 */

/**
 * On-screen height of a sign without a size: 40 CSS px is about the size of a toolbar button, large
 * enough to read a speed number, small enough that a street of signs does not cover the road.
 */
export const ZOOM_FOLLOWING_HEIGHT_PX = 40;

/**
 * A true-size sign never shrinks below this on the screen: a 0.7 m sign is 5 px at 1:500 and 2 px at
 * zoom 18, and a sign that small cannot be read, found, selected or moved. Zoomed in far enough it is
 * drawn true to scale; exports and prints draw the true size regardless.
 */
export const MIN_SIGN_PX = 20;

/** Pixel sizes are rounded to this step so the style cache hits while zooming. */
const PIXEL_STEP = 0.5;

const roundPx = (px: number) => Math.round(px / PIXEL_STEP) * PIXEL_STEP;

export interface SignSizeInput {
  heightInMeters?: number;
  widthInMeters?: number;
}

export interface SignPixelSize {
  /** Drawn height in CSS pixels. */
  height: number;
  /** Drawn width in CSS pixels (from the aspect ratio when the sign stores no width). */
  width: number;
  /**
   * Which dimensions the drawing should impose on the image: both when the sign stores both (its own
   * proportions win), otherwise only the one it stores (the image keeps its proportions).
   */
  fit: "height" | "width" | "both";
  /** True when the sign has no size and follows the zoom. */
  followsZoom: boolean;
}

/**
 * The on-screen size of a sign. `aspect` is width / height of its picture (best guess before the image
 * has loaded: the catalogue's default size, or 1).
 */
export function signPixelSize(size: SignSizeInput, metresPerPixel: number, aspect: number): SignPixelSize {
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  let height: number;
  let width: number;
  let fit: SignPixelSize["fit"];
  const { heightInMeters: h, widthInMeters: w } = size;
  if (h && w) {
    height = h / metresPerPixel;
    width = w / metresPerPixel;
    fit = "both";
  } else if (h) {
    height = h / metresPerPixel;
    width = height * ratio;
    fit = "height";
  } else if (w) {
    width = w / metresPerPixel;
    height = width / ratio;
    fit = "width";
  } else {
    height = ZOOM_FOLLOWING_HEIGHT_PX;
    width = height * ratio;
    return { height, width: roundPx(width), fit: "height", followsZoom: true };
  }
  const largest = Math.max(height, width);
  if (largest < MIN_SIGN_PX) {
    const grow = MIN_SIGN_PX / largest;
    height *= grow;
    width *= grow;
  }
  return { height: roundPx(height), width: roundPx(width), fit, followsZoom: false };
}

/** The aspect ratio (width / height) a stored or default size implies, or null when it gives none. */
export function aspectOf(size: SignSizeInput | null | undefined): number | null {
  if (!size?.heightInMeters || !size.widthInMeters) return null;
  return size.widthInMeters / size.heightInMeters;
}
