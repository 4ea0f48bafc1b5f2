/**
 * A loaded sign, with its variant plate, painted once into a canvas of its own at the size and turn it
 * is drawn at; that canvas becomes the sign's Icon. OpenLayers then copies it pixel for pixel each frame
 * instead of scaling and turning the full picture every time: measured in Chromium without a GPU, 5,000
 * 256 px pictures scaled to 24 px took 95 ms a frame, turned as well 128 ms, and their sprites 28–51 ms.
 * Scaling once also lets the browser filter well ("high" quality), where a frame's scaling is bilinear.
 */

/** A sprite larger than this on a side (a true-size sign zoomed far in) is not made: the picture is scaled as before. */
export const MAX_SIGN_SPRITE_PX = 512;

export interface SignSpriteInput {
  main: CanvasImageSource;
  /** The variant plate, hung `gap` below the sign, as wide as it; null without one. */
  sub: CanvasImageSource | null;
  /** The sign's drawn size in CSS pixels. */
  width: number;
  height: number;
  subHeight: number;
  gap: number;
  /** Clockwise, radians. */
  rotation: number;
  /** Device pixels per CSS pixel of the map. */
  ratio: number;
}

export interface SignSprite<C> {
  canvas: C;
  /** The sign's centre in the canvas, in canvas pixels: the Icon's anchor. */
  anchor: [number, number];
}

/** The 2D context calls the painter makes (a subset, so the unit test can record them). */
export type SpriteContext = Pick<CanvasRenderingContext2D, "scale" | "translate" | "rotate" | "drawImage" | "imageSmoothingQuality">;

/**
 * Paints the sprite on a canvas from `createCanvas` (width and height in device pixels); null when it
 * would be larger than MAX_SIGN_SPRITE_PX on a side.
 */
export function paintSignSprite<C>(
  input: SignSpriteInput,
  createCanvas: (width: number, height: number) => { canvas: C; context: SpriteContext } | null,
): SignSprite<C> | null {
  const { width: w, height: h, subHeight, gap, rotation, ratio } = input;
  // The corners of the sign and of its plate, turned about the sign's centre.
  const bottom = input.sub ? h / 2 + gap + subHeight : h / 2;
  const corners: [number, number][] = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, bottom],
    [-w / 2, bottom],
  ];
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const turned = corners.map(([x, y]) => [x * cos - y * sin, x * sin + y * cos] as const);
  // A pixel of margin for the edges' antialiasing.
  const left = Math.min(...turned.map(([x]) => x)) - 1;
  const top = Math.min(...turned.map(([, y]) => y)) - 1;
  const right = Math.max(...turned.map(([x]) => x)) + 1;
  const lower = Math.max(...turned.map(([, y]) => y)) + 1;
  const canvasWidth = Math.ceil((right - left) * ratio);
  const canvasHeight = Math.ceil((lower - top) * ratio);
  if (canvasWidth > MAX_SIGN_SPRITE_PX || canvasHeight > MAX_SIGN_SPRITE_PX) return null;
  const made = createCanvas(canvasWidth, canvasHeight);
  if (!made) return null;
  const { canvas, context } = made;
  context.imageSmoothingQuality = "high";
  context.scale(ratio, ratio);
  context.translate(-left, -top);
  context.rotate(rotation);
  context.drawImage(input.main, -w / 2, -h / 2, w, h);
  if (input.sub) context.drawImage(input.sub, -w / 2, h / 2 + gap, w, subHeight);
  return { canvas, anchor: [-left * ratio, -top * ratio] };
}
