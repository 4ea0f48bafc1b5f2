/**
 * The editor side of a sign (spec 2-content §3, "Sign"): a point on the map drawn as the sign's picture,
 * turned by its `rotation` (degrees clockwise from north, so it turns with the map: `rotateWithView`),
 * sized true to scale by `heightInMeters`/`widthInMeters` but never below a legible size or, without a
 * size, following the zoom; on paper at the export's sign size or larger (sign-size.ts). A chosen variant (`subSign`) hangs below it; a typed name is written under it; a
 * well's levels (dækselkote, bundkote, tilslutningskote) are written beside it, "DK 12,45" over "BK 10,80".
 * A picture that cannot be found or loaded is drawn as the empty placeholder sign, never an error.
 *
 * Signs are not drawn with a toolbar tool: the sign gallery places them (./use-sign-tools.tsx).
 */
import Point from "ol/geom/Point";
import ImageState from "ol/ImageState";
import Fill from "ol/style/Fill";
import Icon from "ol/style/Icon";
import Stroke from "ol/style/Stroke";
import Style from "ol/style/Style";
import Text from "ol/style/Text";
import { toMapCoordinate, toPosition } from "../geometry";
import type { EditorElement, PaperContext, PaperLayers, StyleContext } from "../types";
import { apply } from "ol/transform";
import { textSvg } from "../../core/svg/svg";
import { PLACEHOLDER_IMAGE, signImageOf, type SignImage } from "./sign-image";
import { drawnSignSize, paperSign, SCREEN_SIGN, ZOOM_FOLLOWING_HEIGHT_PX, type SignPixelSize } from "./sign-size";
import { signPictureRows, signPictures } from "./plan-inventory";
import { paintSignSprite } from "./sign-sprite";
import { labelsShownAt, mapPixelRatio, spriteCanvas } from "../style-cache";
import { pageLocale } from "../page-locale";
import { normalizeRotation } from "@/lib/map/rotation";
import { signDefaults, type SignElement } from "@/lib/elements/sign";
import { wellLevelLines } from "@/lib/signs/well-levels";
import { DEFAULT_SIGN_SIZE_MM } from "@/lib/schemas/export";

/** Gap between a sign and its variant plate, in CSS pixels. */
const SUB_SIGN_GAP_PX = 2;
/** How far the selection halo reaches beyond the sign, in CSS pixels. */
const HALO_PX = 5;
/** Gap between a well and its levels, in CSS pixels: clear of the selection halo. */
const LEVELS_GAP_PX = HALO_PX + 2;
/** The levels' type: 11 px is 2.9 mm on paper, about the 2.5 mm a drawing's lettering uses. */
const LEVELS_FONT_PX = 11;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

// --- pictures: one probe Icon per source tells whether it loaded and its natural size ---------------

const probes = new Map<string, Icon>();
const sourceIds = new Map<string, number>();

/** A short number for a (possibly long data:) source, for cache keys. */
function sourceId(src: string): number {
  let id = sourceIds.get(src);
  if (id === undefined) {
    id = sourceIds.size + 1;
    sourceIds.set(src, id);
  }
  return id;
}

function probeOf(src: string): Icon {
  let probe = probes.get(src);
  if (!probe) {
    probe = new Icon({ src });
    probes.set(src, probe);
  }
  return probe;
}

type PictureState = "loading" | "loaded" | "failed";

function pictureState(src: string): PictureState {
  const state = probeOf(src).getImageState();
  return state === ImageState.LOADED ? "loaded" : state === ImageState.ERROR ? "failed" : "loading";
}

/** Natural size of a loaded picture, in image pixels. */
function naturalSize(src: string): [number, number] | null {
  const [width, height] = probeOf(src).getSize() ?? [];
  return width && height ? [width, height] : null;
}

/**
 * The picture to draw and its state: a picture that failed to load becomes the placeholder (OpenLayers
 * redraws when an image's state changes, so the placeholder appears on the next frame).
 */
function pictureOf(image: SignImage): { image: SignImage; state: PictureState } {
  const state = pictureState(image.src);
  if (state === "failed") return { image: PLACEHOLDER_IMAGE, state: pictureState(PLACEHOLDER_IMAGE.src) };
  return { image, state };
}

function aspectOfPicture(image: SignImage, state: PictureState): number {
  if (image.aspect) return image.aspect;
  const natural = state === "loaded" ? naturalSize(image.src) : null;
  return natural ? natural[0] / natural[1] : 1;
}

/**
 * An Icon drawing `src` at `width` × `height` CSS pixels. Before the picture has loaded its natural size
 * is unknown, so the Icon is unscaled: OpenLayers does not draw an unloaded image anyway, loads it
 * because it is in the style, and redraws when it arrives, when the scaled Icon takes over.
 */
function iconOf(
  src: string,
  loaded: boolean,
  width: number,
  height: number,
  fit: "height" | "width" | "both",
  rotation: number,
  anchor: number[],
  displacement: number[],
): Icon {
  const natural = loaded ? naturalSize(src) : null;
  let scale: number | [number, number] = 1;
  if (natural) {
    const [nw, nh] = natural;
    scale = fit === "both" ? [width / nw, height / nh] : fit === "width" ? width / nw : height / nh;
  }
  return new Icon({ src, scale, rotation, rotateWithView: true, anchor, displacement, declutterMode: "none" });
}

// --- styles ------------------------------------------------------------------------------------------

const cache = new Map<string, Style[]>();
/** Distinct looks, not elements: sizes are rounded and rotations come in 5° steps, so this is plenty. */
const CACHE_LIMIT = 2000;

const HALO_FILL = "rgba(21, 98, 173, 0.16)";
const HALO_STROKE = "rgba(21, 98, 173, 0.9)";

/**
 * The selection halo: a rounded frame around the sign and its variant plate, turned with them. Drawn by
 * a canvas renderer in screen pixels, so it stays crisp at any size (a scaled RegularShape would blur).
 * `height` is the whole height, `signHeight` the sign's; the sign's centre is the anchor.
 */
function haloStyle(width: number, height: number, signHeight: number, rotation: number): Style {
  const w = width + 2 * HALO_PX;
  const h = height + 2 * HALO_PX;
  const top = -signHeight / 2 - HALO_PX;
  return new Style({
    renderer: (coordinates, state) => {
      const [x, y] = coordinates as number[];
      const { context, pixelRatio: r } = state;
      context.save();
      context.translate(x!, y!);
      context.rotate(rotation + state.rotation);
      context.beginPath();
      context.roundRect((-w / 2) * r, top * r, w * r, h * r, 4 * r);
      context.fillStyle = HALO_FILL;
      context.fill();
      context.lineWidth = 2 * r;
      context.strokeStyle = HALO_STROKE;
      context.stroke();
      context.restore();
    },
  });
}
const LABEL_FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
const labelFill = new Fill({ color: "#1a1a1a" });
const labelStroke = new Stroke({ color: "#ffffff", width: 3 });

/**
 * The name typed for a sign flagged shouldPromptForName, written under it when its picture does not show
 * it, at scales where labels are written (labelsShownAt).
 */
function labelOf(element: SignElement, image: SignImage, metresPerPixel: number): string {
  return element.name && !image.showsValue && labelsShownAt(metresPerPixel) ? element.name : "";
}

/**
 * A well's levels, one line each, at scales where labels are written (labelsShownAt); numbers in the
 * page's language ("DK 12,45").
 */
function levelLinesOf(element: SignElement, metresPerPixel: number): string[] {
  return labelsShownAt(metresPerPixel) ? wellLevelLines(element, pageLocale()) : [];
}

/**
 * How far right of the sign's centre its levels start, for a sign `width` × `height` in any unit: a round
 * well (square picture) reaches its radius whatever its turn; another shape may be turned, so the label
 * clears its half diagonal.
 */
function levelsOffset(width: number, height: number, gap: number): number {
  return (width === height ? width / 2 : Math.hypot(width, height) / 2) + gap;
}

/** A canvas of the page, for sprites; none outside a browser. */
const pageCanvas = (width: number, height: number) => spriteCanvas(globalThis.document, width, height);

/** The sign's look: the same function draws placed signs and the preview under the pointer while placing. */
export function signStyle(element: SignElement, { metresPerPixel, selected }: StyleContext): Style[] {
  const main = pictureOf(signImageOf(element));
  const size = drawnSignSize(element, metresPerPixel, aspectOfPicture(main.image, main.state), SCREEN_SIGN);
  const sub = element.subSign ? pictureOf(signImageOf(element.subSign)) : null;
  const rotation = element.rotation ?? 0;
  const label = labelOf(element, main.image, metresPerPixel);
  const levels = levelLinesOf(element, metresPerPixel).join("\n");
  const subKey = sub ? `${sourceId(sub.image.src)}:${sub.state}` : "";
  const ratio = mapPixelRatio();
  const key = `${sourceId(main.image.src)}|${main.state}|${size.height}|${size.width}|${size.fit}|${rotation}|${selected ? 1 : 0}|${subKey}|${label}|${levels}|${ratio}`;
  let styles = cache.get(key);
  if (!styles) {
    styles = buildStyles({ main, size, sub, rotation: toRadians(rotation), selected, label, levels, ratio });
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, styles);
  }
  return styles;
}

function buildStyles({
  main,
  size,
  sub,
  rotation,
  selected,
  label,
  levels,
  ratio,
}: {
  main: { image: SignImage; state: PictureState };
  size: SignPixelSize;
  sub: { image: SignImage; state: PictureState } | null;
  rotation: number;
  selected: boolean;
  label: string;
  /** The levels' lines joined by newlines, or "". */
  levels: string;
  ratio: number;
}): Style[] {
  const styles: Style[] = [];
  const { width, height } = size;
  // The variant plate: as wide as the sign, hung below it; its anchor is the sign's centre, so it turns with it.
  const subHeight = sub ? width / aspectOfPicture(sub.image, sub.state) : 0;
  if (selected) styles.push(haloStyle(width, height + (sub ? SUB_SIGN_GAP_PX + subHeight : 0), height, rotation));
  // Loaded pictures are painted into one sprite at their drawn size and turn (./sign-sprite.ts).
  const loaded = main.state === "loaded" && (!sub || sub.state === "loaded");
  const sprite = loaded
    ? paintSignSprite(
        {
          main: probeOf(main.image.src).getImage(1),
          sub: sub ? probeOf(sub.image.src).getImage(1) : null,
          width,
          height,
          subHeight,
          gap: SUB_SIGN_GAP_PX,
          rotation,
          ratio,
        },
        pageCanvas,
      )
    : null;
  if (sprite) {
    const { canvas, anchor } = sprite;
    const icon = new Icon({
      img: canvas,
      anchor,
      anchorXUnits: "pixels",
      anchorYUnits: "pixels",
      scale: 1 / ratio,
      rotateWithView: true,
      declutterMode: "none",
    });
    styles.push(new Style({ image: icon }));
  } else {
    styles.push(
      new Style({ image: iconOf(main.image.src, main.state === "loaded", width, height, size.fit, rotation, [0.5, 0.5], [0, 0]) }),
    );
    if (sub) {
      const below = height / 2 + SUB_SIGN_GAP_PX;
      styles.push(
        new Style({
          image: iconOf(sub.image.src, sub.state === "loaded", width, subHeight, "width", rotation, [0.5, 0], [0, -below]),
        }),
      );
    }
  }
  if (label) {
    styles.push(
      new Style({
        text: new Text({
          text: label,
          font: `600 12px ${LABEL_FONT_FAMILY}`,
          fill: labelFill,
          stroke: labelStroke,
          offsetY: height / 2 + (sub ? SUB_SIGN_GAP_PX + subHeight : 0) + 10,
          overflow: true,
        }),
      }),
    );
  }
  if (levels) {
    // Upright whatever the map's turn (a Text does not rotate with the view), left-aligned beside the well.
    styles.push(
      new Style({
        text: new Text({
          text: levels,
          font: `600 ${LEVELS_FONT_PX}px ${LABEL_FONT_FAMILY}`,
          fill: labelFill,
          stroke: labelStroke,
          textAlign: "left",
          textBaseline: "middle",
          offsetX: levelsOffset(width, height, LEVELS_GAP_PX),
          overflow: true,
        }),
      }),
    );
  }
  return styles;
}

/**
 * Lettering on paper is never smaller than this: 1.8 mm is the smallest height in ISO 3098's series
 * (1.8, 2.5, 3.5 mm), what a drawing's smallest text is and still reads on a print.
 */
const MIN_PAPER_LETTERING_MM = 1.8;

/**
 * A sign on an exported page: its picture as the page's own vector (the catalogue's SVG; an upload stays
 * the image it is), at the export's legible sign size or its true size where that is larger (drawnSignSize,
 * the rule the map uses), centred on its position and turned with the map, its variant plate below it,
 * its typed name under both and a well's levels beside it. Plate, name and levels are placed as on the
 * map around a sign of the default screen size, scaled so that sign is the export's sign size.
 */
export function signPaper(element: SignElement, context: PaperContext): Partial<PaperLayers> {
  const resolve = (image: SignImage) => (context.images.has(image.src) ? image : PLACEHOLDER_IMAGE);
  const main = resolve(signImageOf(element));
  const mainSrc = context.images.get(main.src);
  if (!mainSrc) return {};
  const signMm = context.signSizeMm ?? DEFAULT_SIGN_SIZE_MM;
  // Millimetres on paper of a CSS pixel of the map's sign furniture (gaps, type) beside a default-size sign.
  const mm = signMm / ZOOM_FOLLOWING_HEIGHT_PX;
  const aspect = main.aspect ?? context.aspects?.get(main.src) ?? 1;
  const metresPerMm = context.metresPerPixel / context.mmPerPx;
  const { width, height } = drawnSignSize(element, metresPerMm, aspect, paperSign(signMm));
  const sub = element.subSign ? resolve(signImageOf(element.subSign)) : null;
  const subSrc = sub ? context.images.get(sub.src) : undefined;
  const subAspect = sub ? (sub.aspect ?? context.aspects?.get(sub.src) ?? 1) : 1;
  const subHeight = subSrc ? width / subAspect : 0;
  const gap = SUB_SIGN_GAP_PX * mm;
  const [x, y] = apply(context.toPage, toMapCoordinate(element.position));
  const degrees = (((element.rotation ?? 0) * Math.PI) / 180 + context.rotation) * (180 / Math.PI);
  let picture = `<image href="${mainSrc}" x="${-width / 2}" y="${-height / 2}" width="${width}" height="${height}" preserveAspectRatio="none"/>`;
  if (subSrc)
    picture += `<image href="${subSrc}" x="${-width / 2}" y="${height / 2 + gap}" width="${width}" height="${subHeight}" preserveAspectRatio="none"/>`;
  const image = `<g transform="translate(${x} ${y}) rotate(${Math.round(degrees * 1000) / 1000})">${picture}</g>`;
  const label = labelOf(element, main, context.metresPerPixel);
  const below = height / 2 + (subSrc ? gap + subHeight : 0) + 10 * mm;
  const halo = { colour: "#ffffff", widthMm: 3 * mm };
  const lettering = (px: number) => Math.max(MIN_PAPER_LETTERING_MM, px * mm);
  let text = label ? textSvg([label], [x!, y! + below], { sizeMm: lettering(12), bold: true, colour: "#1a1a1a", halo }) : "";
  const levels = levelLinesOf(element, context.metresPerPixel);
  if (levels.length > 0) {
    const at = x! + levelsOffset(width, height, LEVELS_GAP_PX * mm);
    text += textSvg(levels, [at, y!], { sizeMm: lettering(LEVELS_FONT_PX), bold: true, colour: "#1a1a1a", align: "start", halo });
  }
  return { image, text };
}

/** The rotation a sign gets turned by `degrees` clockwise, normalised like the map's rotation. */
export function turnSign(rotation: number | undefined, degrees: number): number {
  return normalizeRotation((rotation ?? 0) + degrees);
}

export const signEditor: EditorElement<"sign"> = {
  kind: "sign",
  // A warning triangle on its post.
  icon: "M12 2 3 17h8v5h2v-5h8zm0 4 5.5 9h-11z",
  // Not used by a toolbar tool (signs are not drawings); a point is what a sign is.
  drawType: "Point",
  styleFields: [],
  // In an export signs are explained by their pictures, not by a drawn sample.
  pictures: signPictures,
  pictureRows: signPictureRows,
  toGeometry: (element) => new Point(toMapCoordinate(element.position)),
  withGeometry: (element, geometry) => ({ ...element, position: toPosition((geometry as Point).getCoordinates()) }),
  create: (id, geometry, style): SignElement => ({
    ...style,
    id,
    imageUrl: style.imageUrl ?? "",
    rotation: style.rotation ?? signDefaults.rotation,
    position: toPosition((geometry as Point).getCoordinates()),
  }),
  style: signStyle,
  paper: signPaper,
  rotate: (element, degrees) => ({ ...element, rotation: turnSign(element.rotation, degrees) }),
};
