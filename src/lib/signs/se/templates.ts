/**
 * The Swedish sign forms. Sweden draws the same Vienna-convention shapes as Denmark, so the forms reuse the
 * Danish templates (dk/templates.ts, their proportions and the shared pictograms) with the Swedish colours:
 * warning and prohibition signs, their end signs and the supplementary plates under them have a yellow
 * ground (RAL 1023, the "gul bottenfärg" of Vägmärkesförordningen), the parking bans a blue one with the
 * red ring; mandatory and information signs are blue with white as in Denmark. Values (weights, widths)
 * are written with a decimal comma and a unit as in Denmark (dk/values.ts), which is also the Swedish way.
 */
import { findDkSignDefinition } from "../dk";
import { CIRCLE, endOfRestriction, mandatory, prohibition, slashLayer, warning, yieldTriangle } from "../dk/templates";
import { PALETTE } from "../render/palette";
import type { PictogramPaint, SignDrawing, SignLayer } from "../render/types";

const { red, blue, yellow, white, black, grey } = PALETTE;

/** Black on yellow: symbols of warning and prohibition signs and of the T plates. */
export const ON_YELLOW: PictogramPaint = { fg: black, bg: yellow, accent: red };
/** The faded symbol of end signs, on yellow. */
export const FADED_ON_YELLOW: PictogramPaint = { fg: grey, bg: yellow, accent: grey };

/** A warning sign (A series): red-bordered triangle, point up, yellow face. */
export function seWarning(layers: readonly SignLayer[]): SignDrawing {
  return warning(layers, { face: yellow });
}

/** B1: the same triangle, point down. */
export function seYield(): SignDrawing {
  return yieldTriangle([], { face: yellow });
}

/** A prohibition sign: red ring, yellow face; `slash` adds the red bar. */
export function seProhibition(layers: readonly SignLayer[], options: { slash?: boolean; slashOver?: boolean } = {}): SignDrawing {
  return prohibition(layers, { ...options, face: yellow });
}

/** C35/C39: blue face in the red ring, one red bar (parking) or a red cross (stopping and parking). */
export function seParkingBan(cross: boolean): SignDrawing {
  const bar = slashLayer(red, 70);
  const other: SignLayer = { kind: "group", transform: `matrix(-1 0 0 1 ${CIRCLE.size} 0)`, layers: [bar] };
  return prohibition(cross ? [bar, other] : [bar], { face: blue });
}

/** End of a restriction (C28, C32): yellow face, dark edge, the faded symbol under black stripes. */
export function seEnd(layers: readonly SignLayer[]): SignDrawing {
  return { ...endOfRestriction(layers), face: yellow };
}

/** A mandatory sign (D series): blue disc, white rim, white symbol. */
export { mandatory as seMandatory };

/**
 * A filled arrow head with its tip at (x, y), pointing `angle` degrees clockwise from up, `length` from tip
 * to base and `width` across the base (the E and F boards' lane and direction arrows).
 */
export function arrowHead(x: number, y: number, angle: number, length: number, width: number, fill: string): SignLayer {
  return {
    kind: "group",
    transform: `rotate(${angle} ${x} ${y})`,
    layers: [
      {
        kind: "polygon",
        points: [
          [x, y],
          [x + width / 2, y + length],
          [x - width / 2, y + length],
        ],
        fill,
      },
    ],
  };
}

/** A supplementary plate (T series) under a warning or prohibition sign: yellow, black border, black text. */
export function tPlate(layers: readonly SignLayer[], width: number, height: number): SignDrawing {
  return {
    shape: "plate",
    width,
    height,
    cornerRadius: 20,
    rim: { color: yellow, width: 10 },
    border: { color: black, width: 12 },
    face: yellow,
    outline: { color: PALETTE.edge, width: 2 },
    layers,
  };
}

/**
 * The Danish drawing of a sign whose Swedish counterpart has the same picture, with the Swedish yellow
 * where the Danish sign is white (its face and the cut-outs of its symbols). Throws for an unknown id, so a
 * renamed Danish sign fails the catalogue test instead of drawing nothing.
 */
export function fromDanish(dkId: string, options: { yellow?: boolean; value?: string } = {}): SignDrawing {
  const def = findDkSignDefinition(dkId);
  if (!def) throw new Error(`No Danish sign ${dkId} to draw the Swedish sign from`);
  const drawing = def.draw(options.value);
  const { title: _title, ...rest } = drawing;
  if (options.yellow === false) return rest;
  return { ...rest, face: rest.face === white ? yellow : rest.face, layers: rest.layers.map(yellowLayer) };
}

function yellowLayer(layer: SignLayer): SignLayer {
  switch (layer.kind) {
    case "pictogram":
      return layer.paint.bg === white ? { ...layer, paint: { ...layer.paint, bg: yellow } } : layer;
    case "group":
      return { ...layer, layers: layer.layers.map(yellowLayer) };
    case "text":
    case "line":
      return layer;
    default:
      return layer.fill === white ? { ...layer, fill: yellow } : layer;
  }
}
