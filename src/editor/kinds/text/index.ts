/**
 * The editor side of a free text (spec 2-content §3, "Text element"): text, colour, size, font weight,
 * letter spacing, an optional white box behind it, and on which side of its anchor it sits. Placed by a
 * click and a dialog (`entryFields`), edited by a double-click.
 *
 * Drawn by a custom canvas renderer rather than OpenLayers' Text style, because Text has no letter
 * spacing; the canvas has (`letterSpacing`). The text stays level and readable whatever the map's
 * rotation, as Text's `rotateWithView: false` keeps it: OpenLayers draws a vector layer unrotated and
 * turns the finished layer with the view, so the renderer turns the text back by the view's rotation
 * about its anchor (what OpenLayers' executor does for Text and Icon). Hit detection runs in screen space
 * (its transform includes the rotation), so the hit box is drawn without that turn.
 *
 * Size: the stored `size` keeps its meaning, CSS pixels at the plan's reference scale, and that scale is
 * fixed on the ground (TEXT_METRES_PER_PX), so a text is as big on the ground at every zoom and prints
 * true to scale, like the signs and drawings it labels.
 */
import Point from "ol/geom/Point";
import type { Coordinate } from "ol/coordinate";
import Style, { type RenderFunction } from "ol/style/Style";
import { toMapCoordinate, toPosition } from "../geometry";
import { spriteCanvas } from "../style-cache";
import type { EditorElement, PaperContext, PaperLayers, StyleContext, StyleField } from "../types";
import { apply } from "ol/transform";
import { SvgContext } from "../../core/svg/svg-context";
import { FONT_WEIGHTS, TEXT_PLACEMENTS, textDefaults, type TextElement } from "@/lib/elements/text";

/**
 * Ground metres of one `size` pixel: 0.25 m, so the default 16 px text is 4 m high on the ground (8 mm
 * on a 1:500 print) and 16 px on the screen at about zoom 18.4 in Denmark (0.25 m a CSS pixel), the
 * street-level view where plans are drawn.
 */
export const TEXT_METRES_PER_PX = 0.25;
/** Zoomed far out a text shrinks to this and no further, so it can still be found, selected and moved. */
export const MIN_TEXT_PX = 4;
/** Zoomed far in it grows to this and no further: a canvas text this tall already fills the screen. */
const MAX_TEXT_PX = 1000;
/** The page's own font stack (MUI's default), so the map's texts look like the rest of the program. */
const FONT_FAMILY = '"Roboto", "Helvetica", "Arial", sans-serif';
const LINE_HEIGHT = 1.2;
/** Gap between the anchor and a text placed beside it, and the white box's padding, as parts of the size. */
const GAP = 0.3;
const PADDING = 0.2;
const HALO_COLOUR = "rgba(21, 98, 173, 0.6)";

const styleFields: readonly StyleField[] = [
  { key: "colour", type: "colour" },
  { key: "size", type: "number", unit: "px", min: 1, max: 400, step: 1 },
  { key: "fontWeight", type: "choice", options: FONT_WEIGHTS },
  { key: "letterSpacing", type: "number", unit: "px", min: -100, max: 100, step: 0.5 },
  { key: "whiteBackground", type: "boolean" },
  { key: "relativePosition", type: "choice", options: TEXT_PLACEMENTS },
];

/** The drawn size in CSS pixels of a `size` at a scale: true to scale on the ground, within readable bounds. */
export function textPixels(size: number, metresPerPixel: number): number {
  const px = (size * TEXT_METRES_PER_PX) / metresPerPixel;
  // Rounded to a quarter pixel so the style cache hits while zooming.
  return Math.min(MAX_TEXT_PX, Math.max(MIN_TEXT_PX, Math.round(px * 4) / 4));
}

/** What one drawn text needs, in CSS pixels. */
interface TextLook {
  lines: string[];
  colour: string;
  fontPx: number;
  spacingPx: number;
  weight: string;
  whiteBackground: boolean;
  relativePosition: TextElement["relativePosition"];
  selected: boolean;
  /** The widest line's width at a pixel ratio, once measured. */
  measured?: { ratio: number; width: number };
  /** The painted text at a pixel ratio (see spriteOf); null when it is painted directly. */
  sprite?: { ratio: number; sprite: Sprite | null };
}

/** The 2D context calls the renderer makes (a subset, so the unit test can record them). */
type Context = Pick<
  CanvasRenderingContext2D,
  | "save"
  | "restore"
  | "translate"
  | "rotate"
  | "measureText"
  | "fillText"
  | "fillRect"
  | "strokeRect"
  | "drawImage"
  | "canvas"
  | "font"
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
> & { textAlign: CanvasTextAlign; textBaseline: CanvasTextBaseline; letterSpacing?: string };

/** The text's box in canvas pixels, placed beside its anchor as `relativePosition` says. */
function layout(context: Context, look: TextLook, [x, y]: number[], ratio: number) {
  const size = look.fontPx * ratio;
  context.font = `${look.weight} ${size}px ${FONT_FAMILY}`;
  // Canvas letter spacing (Chrome 99, Firefox 115, Safari 18.4); older browsers draw without it.
  if ("letterSpacing" in context) context.letterSpacing = `${look.spacingPx * ratio}px`;
  if (look.measured?.ratio !== ratio) {
    look.measured = { ratio, width: Math.max(...look.lines.map((line) => context.measureText(line).width), 0) };
  }
  const width = look.measured.width;
  const lineHeight = size * LINE_HEIGHT;
  const height = lineHeight * look.lines.length;
  const gap = size * GAP;
  let left = x! - width / 2;
  let top = y! - height / 2;
  let align: CanvasTextAlign = "center";
  switch (look.relativePosition) {
    case "top":
      top = y! - gap - height;
      break;
    case "bottom":
      top = y! + gap;
      break;
    case "left":
      left = x! - gap - width;
      align = "right";
      break;
    case "right":
      left = x! + gap;
      align = "left";
      break;
  }
  const pad = size * PADDING;
  return { left, top, width, height, lineHeight, align, box: [left - pad, top - pad, width + 2 * pad, height + 2 * pad] as const };
}

/** Paints the text (and its box and halo) with its anchor at the context's origin. */
function paint(context: Context, look: TextLook, ratio: number): void {
  const { left, top, width, lineHeight, align, box } = layout(context, look, [0, 0], ratio);
  if (look.whiteBackground) {
    context.fillStyle = "#ffffff";
    context.fillRect(...box);
  }
  if (look.selected) {
    context.strokeStyle = HALO_COLOUR;
    context.lineWidth = 3 * ratio;
    context.strokeRect(...box);
  }
  context.fillStyle = look.colour;
  context.textAlign = align;
  context.textBaseline = "middle";
  const textX = align === "center" ? left + width / 2 : align === "right" ? left + width : left;
  look.lines.forEach((line, i) => context.fillText(line, textX, top + lineHeight * (i + 0.5)));
}

/**
 * A text is painted once into a canvas of its own per pixel ratio (a sprite), and each frame places
 * that image, as OpenLayers does with its own labels: setting a font and shaping the letters on every
 * frame cost 10 µs a text, 50 ms a frame with 5,000 of them. Larger texts are painted directly: they
 * are few on a screen, and their sprites would hold megabytes each.
 */
const MAX_SPRITE_PIXELS = 1 << 20;
/** All sprites together stay under this many pixels (64 MB); past it the cached looks are dropped and rebuilt as needed. */
const SPRITE_BUDGET_PIXELS = 1 << 24;
let spritePixels = 0;

interface Sprite {
  image: CanvasImageSource;
  /** Where the image's top-left corner lies, in canvas pixels from the anchor. */
  left: number;
  top: number;
}

/** The text's sprite at a pixel ratio, made from the document of the canvas it is drawn on; null to paint directly. */
function spriteOf(look: TextLook, ratio: number, target: Context): Sprite | null {
  if (look.sprite?.ratio === ratio) return look.sprite.sprite;
  const document = (target.canvas as HTMLCanvasElement | undefined)?.ownerDocument;
  const { box } = layout(target, look, [0, 0], ratio);
  // The box, the halo's half width outside it and a pixel for the glyphs' antialiasing.
  const margin = Math.ceil(2 * ratio) + 1;
  const left = Math.floor(box[0] - margin);
  const top = Math.floor(box[1] - margin);
  const width = Math.ceil(box[0] + box[2] + margin) - left;
  const height = Math.ceil(box[1] + box[3] + margin) - top;
  let sprite: Sprite | null = null;
  const made = width * height <= MAX_SPRITE_PIXELS ? spriteCanvas(document, width, height) : null;
  if (made) {
    made.context.translate(-left, -top);
    paint(made.context, look, ratio);
    sprite = { image: made.canvas, left, top };
    spritePixels += width * height;
  }
  look.sprite = { ratio, sprite };
  return sprite;
}

/** Draws the text level on the screen: turned back by the view's rotation about its anchor. */
function renderer(look: TextLook): RenderFunction {
  return (coordinates, state) => {
    const context = state.context as Context;
    const ratio = state.pixelRatio;
    const [x, y] = coordinates as Coordinate;
    context.save();
    // On a level map the anchor is put on a whole pixel, so the sprite's letters stay as sharp as painted.
    const level = state.rotation === 0;
    context.translate(level ? Math.round(x!) : x!, level ? Math.round(y!) : y!);
    context.rotate(-state.rotation);
    const sprite = spriteOf(look, ratio, context);
    if (sprite) context.drawImage(sprite.image, sprite.left, sprite.top);
    else paint(context, look, ratio);
    context.restore();
  };
}

/** Hit detection: the whole box, so a click between the letters still selects the text; in screen space. */
function hitRenderer(look: TextLook): RenderFunction {
  return (coordinates, state) => {
    const context = state.context as Context;
    context.save();
    const { box } = layout(context, look, coordinates as Coordinate, state.pixelRatio);
    context.fillStyle = "#000000";
    context.fillRect(...box);
    context.restore();
  };
}

const cache = new Map<string, Style>();

export function textStyle(element: TextElement, { metresPerPixel, selected }: StyleContext): Style {
  const fontPx = textPixels(element.size, metresPerPixel);
  const spacingPx = (fontPx / element.size) * element.letterSpacing;
  const weight = String(element.fontWeight);
  const key = [
    element.text,
    element.colour,
    fontPx,
    spacingPx,
    weight,
    element.whiteBackground ? 1 : 0,
    element.relativePosition,
    selected ? 1 : 0,
  ].join("|");
  let style = cache.get(key);
  if (!style) {
    const look: TextLook = {
      lines: element.text.split(/\r?\n/),
      colour: element.colour,
      fontPx,
      spacingPx,
      weight,
      whiteBackground: element.whiteBackground === true,
      relativePosition: element.relativePosition,
      selected,
    };
    style = new Style({ renderer: renderer(look), hitDetectionRenderer: hitRenderer(look) });
    // Bounded: sizes vary continuously with zoom, and each look may hold a sprite.
    if (cache.size > 2000 || spritePixels > SPRITE_BUDGET_PIXELS) {
      cache.clear();
      spritePixels = 0;
    }
    cache.set(key, style);
  }
  return style;
}

/**
 * A text on an exported page, drawn by the same `paint` as on the screen into an SVG-recording context:
 * true to scale at every print scale (no screen bounds), level on the page.
 */
export function textPaper(element: TextElement, context: PaperContext): Partial<PaperLayers> {
  const fontPx = (element.size * TEXT_METRES_PER_PX) / context.metresPerPixel;
  const look: TextLook = {
    lines: element.text.split(/\r?\n/),
    colour: element.colour,
    fontPx,
    spacingPx: (fontPx / element.size) * element.letterSpacing,
    weight: String(element.fontWeight),
    whiteBackground: element.whiteBackground === true,
    relativePosition: element.relativePosition,
    selected: false,
  };
  const recorder = new SvgContext();
  paint(recorder as unknown as Context, look, 1);
  const [x, y] = apply(context.toPage, toMapCoordinate(element.position));
  return { custom: `<g transform="translate(${x} ${y}) scale(${context.mmPerPx})">${recorder.svg}</g>` };
}

export const textEditor: EditorElement<"text"> = {
  kind: "text",
  // A capital T.
  icon: "M5 4h14v3.5h-2V6h-4v12h2v2H9v-2h2V6H7v1.5H5z",
  shortcut: "T",
  drawType: "Point",
  styleFields,
  entryFields: [{ key: "text", type: "text", maxLength: 5000, multiline: true, required: true }, ...styleFields],
  toGeometry: (element) => new Point(toMapCoordinate(element.position)),
  withGeometry: (element, geometry) => ({ ...element, position: toPosition((geometry as Point).getCoordinates()) }),
  // Fields in the schema's order, the order the server stores them in, so the saved plan reads the same.
  create: (id, geometry, style): TextElement => ({
    id,
    text: style.text ?? textDefaults.text,
    position: toPosition((geometry as Point).getCoordinates()),
    colour: style.colour ?? textDefaults.colour,
    size: style.size ?? textDefaults.size,
    fontWeight: style.fontWeight ?? textDefaults.fontWeight,
    letterSpacing: style.letterSpacing ?? textDefaults.letterSpacing,
    whiteBackground: style.whiteBackground ?? false,
    ...(style.relativePosition ? { relativePosition: style.relativePosition } : {}),
  }),
  style: textStyle,
  paper: textPaper,
};
