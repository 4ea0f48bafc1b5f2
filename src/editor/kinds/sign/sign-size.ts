/**
 * How big a sign is drawn on the screen and on paper: one rule for both (drawnSignSize). Pure arithmetic
 * (no OpenLayers), so it is unit-tested.
 *
 * A sign with a size (`heightInMeters` and/or `widthInMeters`) is drawn true to scale: its metres on the
 * ground divided by the ground metres per unit of the medium, but never smaller than the medium's
 * legible minimum. A sign without one "follows the zoom level dynamically" (spec 2-content §3, "Default
 * sizes"): our rule is a fixed height on the screen, so it covers more ground when zoomed out and less
 * when zoomed in, and stays readable at every zoom; on paper it is printed at the legible size. On a
 * sign plan a sign is a symbol at a position: a 0.7 m A 39 is 1.4 mm at 1:500, a speck nobody can read.
 */

/**
 * On-screen height of a sign without a size: 40 CSS px is about the size of a toolbar button, large
 * enough to read a speed number, small enough that a street of signs does not cover the road.
 */
export const ZOOM_FOLLOWING_HEIGHT_PX = 40;

/**
 * A true-size sign never shrinks below this on the screen: a 0.7 m sign is 5 px at 1:500 and 2 px at
 * zoom 18, and a sign that small cannot be read, found, selected or moved. Zoomed in far enough it is
 * drawn true to scale. Paper has its own minimum in millimetres (the export's sign size).
 */
export const MIN_SIGN_PX = 20;

/** Pixel sizes are rounded to this step so the style cache hits while zooming. */
const PIXEL_STEP = 0.5;

/**
 * What a medium needs for a sign to be read, in the medium's own unit (CSS pixels on the screen,
 * millimetres on paper).
 */
export interface LegibleSign {
  /** No sign is drawn with its largest side smaller than this. */
  minimum: number;
  /** How high a sign without a size is drawn; without it, as a sized sign at the minimum. */
  unsizedHeight?: number;
  /** Sizes are rounded to this step (the screen's style cache); unrounded without it. */
  step?: number;
}

/** The screen: sized signs at least MIN_SIGN_PX, signs without a size ZOOM_FOLLOWING_HEIGHT_PX high. */
export const SCREEN_SIGN: LegibleSign = { minimum: MIN_SIGN_PX, unsizedHeight: ZOOM_FOLLOWING_HEIGHT_PX, step: PIXEL_STEP };

/** Paper: every sign's largest side at least `mm` (the export's sign size), unrounded. */
export const paperSign = (mm: number): LegibleSign => ({ minimum: mm });

export interface SignSizeInput {
  heightInMeters?: number;
  widthInMeters?: number;
}

export interface SignPixelSize {
  /** Drawn height, in the medium's unit. */
  height: number;
  /** Drawn width, in the medium's unit (from the aspect ratio when the sign stores no width). */
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
 * How big a sign is drawn, on the screen and on paper alike: its true size (ground metres / `metresPerUnit`,
 * the ground metres one unit of the medium covers), grown in its own proportions until its largest side
 * is the medium's legible minimum, so a sign is a readable symbol at its position and larger only where
 * its true size is. `aspect` is width / height of its picture (best guess before the image has loaded:
 * the catalogue's default size, or 1).
 */
export function drawnSignSize(size: SignSizeInput, metresPerUnit: number, aspect: number, legible: LegibleSign): SignPixelSize {
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 1;
  const round = (value: number) => (legible.step ? Math.round(value / legible.step) * legible.step : value);
  let height: number;
  let width: number;
  let fit: SignPixelSize["fit"];
  const { heightInMeters: h, widthInMeters: w } = size;
  if (h && w) {
    height = h / metresPerUnit;
    width = w / metresPerUnit;
    fit = "both";
  } else if (h) {
    height = h / metresPerUnit;
    width = height * ratio;
    fit = "height";
  } else if (w) {
    width = w / metresPerUnit;
    height = width / ratio;
    fit = "width";
  } else if (legible.unsizedHeight) {
    height = legible.unsizedHeight;
    return { height, width: round(height * ratio), fit: "height", followsZoom: true };
  } else {
    // No true size: the legible size is all there is (a sized sign of zero metres, grown below).
    height = ratio >= 1 ? 1 / ratio : 1;
    width = height * ratio;
    fit = "height";
  }
  const largest = Math.max(height, width);
  if (largest < legible.minimum) {
    const grow = legible.minimum / largest;
    height *= grow;
    width *= grow;
  }
  return { height: round(height), width: round(width), fit, followsZoom: !h && !w };
}

/** The aspect ratio (width / height) a stored or default size implies, or null when it gives none. */
export function aspectOf(size: SignSizeInput | null | undefined): number | null {
  if (!size?.heightInMeters || !size.widthInMeters) return null;
  return size.widthInMeters / size.heightInMeters;
}
