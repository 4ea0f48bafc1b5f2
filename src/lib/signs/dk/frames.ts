/**
 * The frame of the Danish rectangular vejvisning and service plates (H, L, M, F signs): a hairline of
 * the face colour on the very edge (1 % of the longer side), then a white line (3.1 %), then the face.
 * Measured on the official drawings; the same proportions at every size.
 */
import { PALETTE } from "../render/palette";
import type { SignDrawing, SignLayer } from "../render/types";

export interface FrameOptions {
  /** Colour of the outer hairline (default: the face colour; black on red and white-framed signs). */
  edge?: string;
  /** Corner radius as a share of the longer side (default 0.06). */
  radius?: number;
  /** Width of the white line as a share of the longer side (default 0.031). */
  line?: number;
  /** Width of the outer hairline as a share of the longer side (default 0.01). */
  edgeWidth?: number;
}

export function framedPlate(
  width: number,
  height: number,
  face: string,
  layers: readonly SignLayer[],
  options: FrameOptions = {},
): SignDrawing {
  const longer = Math.max(width, height);
  return {
    shape: width === height ? "square" : "rectangle",
    width,
    height,
    cornerRadius: longer * (options.radius ?? 0.06),
    rim: { color: options.edge ?? face, width: longer * (options.edgeWidth ?? 0.01) },
    border: { color: PALETTE.white, width: longer * (options.line ?? 0.031) },
    face,
    layers,
  };
}
