/**
 * The plan's elements on paper, as SVG in page millimetres: drawn from the same OpenLayers styles the map
 * uses (DESIGN.md, "Printing"), so colours, widths, dashes and patterns are defined once, in each kind's
 * style function. Strokes, fills, circles and texts translate one to one; a kind that draws with a
 * custom canvas renderer or a picture (a text, a sign) says how it looks on paper itself (`paper` in its
 * editor module). Screen-pixel sizes print at 96 CSS pixels an inch; the kinds are styled at the print's
 * ground metres per such pixel and for print (StyleContext.print: widths unrounded, no screen minimum),
 * so a width in metres prints true to scale.
 */
import Feature from "ol/Feature";
import type Geometry from "ol/geom/Geometry";
import type { Coordinate } from "ol/coordinate";
import { getCenter, intersects, type Extent } from "ol/extent";
import LineString from "ol/geom/LineString";
import Point from "ol/geom/Point";
import Polygon from "ol/geom/Polygon";
import { compose, create } from "ol/transform";
import { apply, type Transform } from "ol/transform";
import type { Box } from "./page-layout";
import { mmPerMapUnit } from "./print-frame";
import type { ElementKind, ElementOf } from "@/lib/elements/registry";
import type Fill from "ol/style/Fill";
import type ImageStyle from "ol/style/Image";
import RegularShape from "ol/style/RegularShape";
import type Stroke from "ol/style/Stroke";
import type Style from "ol/style/Style";
import type Text from "ol/style/Text";
import { editorElement, geometryOf, styleOf } from "../kinds/registry";
import { PAPER_LAYER_ORDER, type PaperContext, type PaperLayers } from "../kinds/types";
import type { ElementRef } from "../core/store/plan-store";
import { num, paint, parseFont, textSvg } from "../core/svg/svg";

function fillAttributes(fill: Fill | null): string {
  const p = paint(fill?.getColor());
  if (!p) return 'fill="none"';
  return `fill="${p.colour}"${p.opacity < 1 ? ` fill-opacity="${num(p.opacity)}"` : ""}`;
}

function strokeAttributes(stroke: Stroke | null, mmPerPx: number): string {
  const p = paint(stroke?.getColor());
  if (!stroke || !p) return 'stroke="none"';
  const width = (stroke.getWidth() ?? 1) * mmPerPx;
  const parts = [
    `stroke="${p.colour}"`,
    `stroke-width="${num(width)}"`,
    `stroke-linecap="${stroke.getLineCap() ?? "round"}"`,
    `stroke-linejoin="${stroke.getLineJoin() ?? "round"}"`,
  ];
  if (p.opacity < 1) parts.push(`stroke-opacity="${num(p.opacity)}"`);
  const dash = stroke.getLineDash();
  if (dash && dash.length && dash.some((d) => d > 0)) {
    parts.push(`stroke-dasharray="${dash.map((d) => num(d * mmPerPx)).join(" ")}"`);
    const offset = stroke.getLineDashOffset();
    if (offset) parts.push(`stroke-dashoffset="${num(offset * mmPerPx)}"`);
  }
  if ((stroke.getLineJoin() ?? "round") === "miter") parts.push(`stroke-miterlimit="${num(stroke.getMiterLimit() ?? 10)}"`);
  return parts.join(" ");
}

/** Path data of flat coordinates on the page; `close` for polygon rings. */
function pathOf(flat: readonly number[], stride: number, ends: readonly number[], toPage: Transform, close: boolean): string {
  let d = "";
  let start = 0;
  for (const end of ends) {
    for (let i = start; i < end; i += stride) {
      const [x, y] = apply(toPage, [flat[i]!, flat[i + 1]!]);
      d += `${i === start ? "M" : "L"}${num(x!)} ${num(y!)}`;
    }
    if (close && end > start) d += "Z";
    start = end;
  }
  return d;
}

interface Parts {
  /** Path data of lines and of polygons (closed rings, filled together per polygon). */
  paths: { d: string; area: boolean }[];
  /** Points, for image styles and texts. */
  points: Coordinate[];
}

function geometryParts(geometry: Geometry, toPage: Transform): Parts {
  const parts: Parts = { paths: [], points: [] };
  const visit = (g: Geometry) => {
    const type = g.getType();
    const anyGeometry = g as unknown as {
      getFlatCoordinates(): number[];
      getStride(): number;
      getEnds?(): number[];
      getEndss?(): number[][];
      getGeometries?(): Geometry[];
    };
    switch (type) {
      case "Point":
        parts.points.push(apply(toPage, anyGeometry.getFlatCoordinates().slice(0, 2)));
        break;
      case "MultiPoint": {
        const flat = anyGeometry.getFlatCoordinates();
        const stride = anyGeometry.getStride();
        for (let i = 0; i < flat.length; i += stride) parts.points.push(apply(toPage, [flat[i]!, flat[i + 1]!]));
        break;
      }
      case "LineString":
      case "LinearRing": {
        const flat = anyGeometry.getFlatCoordinates();
        parts.paths.push({ d: pathOf(flat, anyGeometry.getStride(), [flat.length], toPage, type === "LinearRing"), area: false });
        break;
      }
      case "MultiLineString":
        parts.paths.push({
          d: pathOf(anyGeometry.getFlatCoordinates(), anyGeometry.getStride(), anyGeometry.getEnds!(), toPage, false),
          area: false,
        });
        break;
      case "Polygon":
        parts.paths.push({
          d: pathOf(anyGeometry.getFlatCoordinates(), anyGeometry.getStride(), anyGeometry.getEnds!(), toPage, true),
          area: true,
        });
        break;
      case "MultiPolygon": {
        const flat = anyGeometry.getFlatCoordinates();
        const stride = anyGeometry.getStride();
        for (const ends of anyGeometry.getEndss!()) parts.paths.push({ d: pathOf(flat, stride, ends, toPage, true), area: true });
        break;
      }
      case "GeometryCollection":
        for (const child of anyGeometry.getGeometries!()) visit(child);
        break;
      default:
        break;
    }
  };
  visit(geometry);
  return parts;
}

/** A RegularShape (or circle) at a page point. */
function shapeSvg(image: ImageStyle, [x, y]: Coordinate, context: PaperContext): string {
  if (!(image instanceof RegularShape)) return "";
  const mm = context.mmPerPx;
  const fill = fillAttributes(image.getFill());
  const stroke = strokeAttributes(image.getStroke(), mm);
  const radius = image.getRadius() * mm;
  const points = image.getPoints();
  if (!Number.isFinite(points) || points > 64) {
    return `<circle cx="${num(x!)}" cy="${num(y!)}" r="${num(radius)}" ${fill} ${stroke}/>`;
  }
  const radius2 = (image.getRadius2() ?? image.getRadius()) * mm;
  const angle = image.getAngle() + image.getRotation() + (image.getRotateWithView() ? context.rotation : 0);
  const corners: string[] = [];
  const count = radius2 !== radius ? points * 2 : points;
  for (let i = 0; i < count; i++) {
    const r = radius2 !== radius && i % 2 ? radius2 : radius;
    const a = angle + (i * 2 * Math.PI) / count;
    corners.push(`${num(x! + r * Math.sin(a))} ${num(y! - r * Math.cos(a))}`);
  }
  return `<path d="M${corners.join("L")}Z" ${fill} ${stroke}/>`;
}

const ALIGN: Record<string, "start" | "middle" | "end"> = { left: "start", start: "start", center: "middle", right: "end", end: "end" };

function textStyleSvg(text: Text, point: Coordinate, context: PaperContext): string {
  const value = text.getText();
  const content = Array.isArray(value) ? value.filter((_, i) => i % 2 === 0).join("") : (value ?? "");
  if (!content) return "";
  const mm = context.mmPerPx;
  const { px, bold } = parseFont(text.getFont());
  const scale = Array.isArray(text.getScale()) ? (text.getScale() as number[])[1]! : ((text.getScale() as number | undefined) ?? 1);
  const fill = paint(text.getFill()?.getColor()) ?? { colour: "#333333", opacity: 1 };
  const strokeColour = paint(text.getStroke()?.getColor());
  const rotation = (text.getRotation() ?? 0) + (text.getRotateWithView() ? context.rotation : 0);
  const ox = (text.getOffsetX() ?? 0) * mm;
  const oy = (text.getOffsetY() ?? 0) * mm;
  // Offsets are in screen space, turned with the text when it turns.
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  const at: Coordinate = [point[0]! + ox * cos - oy * sin, point[1]! + ox * sin + oy * cos];
  return textSvg(String(content).split("\n"), at, {
    sizeMm: px * scale * mm,
    bold,
    colour: fill.colour,
    opacity: fill.opacity,
    align: ALIGN[text.getTextAlign() ?? "center"] ?? "middle",
    rotation,
    halo: strokeColour ? { colour: strokeColour.colour, widthMm: (text.getStroke()?.getWidth() ?? 1) * mm } : null,
  });
}

/** One style of one feature on paper, into the layers OpenLayers draws it in. */
function styleSvg(style: Style, feature: Feature, context: PaperContext, out: PaperLayers): void {
  const geometry = style.getGeometryFunction()(feature) as Geometry | undefined;
  if (!geometry || style.getRenderer()) return; // a custom renderer is drawn by the kind's own `paper`
  const parts = geometryParts(geometry, context.toPage);
  const fill = style.getFill();
  const stroke = style.getStroke();
  if (fill || stroke) {
    for (const path of parts.paths) {
      const svg = `<path d="${path.d}" ${path.area ? fillAttributes(fill) : 'fill="none"'} ${strokeAttributes(stroke, context.mmPerPx)}${
        path.area ? ' fill-rule="evenodd"' : ""
      }/>`;
      if (path.area) out.polygon += svg;
      else out.line += svg;
    }
  }
  const image = style.getImage();
  if (image) for (const point of parts.points) out.image += shapeSvg(image, point, context);
  const text = style.getText();
  if (text) {
    const anchor = parts.points[0] ?? (geometry.getType() !== "Point" ? apply(context.toPage, getCenter(geometry.getExtent())) : null);
    if (anchor) out.text += textStyleSvg(text, anchor, context);
  }
}

const emptyLayers = (): PaperLayers => ({ polygon: "", line: "", image: "", text: "", custom: "" });

/** Adds one element's SVG on paper to `out`: the kind's own `paper`, or its map styles translated. */
function addElementSvg<K extends ElementKind>(ref: ElementRef<K>, context: PaperContext, out: PaperLayers): void {
  const editor = editorElement(ref.kind);
  if (!editor) return;
  if (editor.paper) {
    const own = editor.paper(ref.element, context);
    for (const layer of PAPER_LAYER_ORDER) out[layer] += own[layer] ?? "";
    return;
  }
  const geometry = geometryOf(ref);
  if (!geometry) return;
  const feature = new Feature({ geometry });
  const styles = styleOf(ref, { metresPerPixel: context.metresPerPixel, selected: false, print: true });
  const list = Array.isArray(styles) ? styles : styles ? [styles] : [];
  for (const style of list) styleSvg(style, feature, context, out);
}

/**
 * Every element that reaches into `extent` (map units) as SVG, layered as OpenLayers layers a vector
 * layer (ol/render/canvas: areas, then lines, then images, then texts, then custom renderers), so a sign
 * stands on the barrier it is drawn over on paper as on the screen.
 */
export function elementsSvg(refs: readonly ElementRef[], extent: Extent, context: PaperContext): string {
  const out = emptyLayers();
  for (const ref of refs) {
    const geometry = geometryOf(ref);
    if (!geometry || !intersects(geometry.getExtent(), extent)) continue;
    addElementSvg(ref, context, out);
  }
  return PAPER_LAYER_ORDER.map((layer) => out[layer]).join("");
}

/**
 * A legend's sample of a drawing: `template`'s look on a short line across `cell` (a line kind), a box
 * filling it (an area) or a point in its middle, at the print's scale, so a barrier in the legend is as
 * wide as on the map. Labels (a route's or a point's name) are left out.
 */
export function sampleSvg<K extends ElementKind>(
  template: ElementRef<K>,
  cell: Box,
  scale: number,
  context: Omit<PaperContext, "toPage">,
): string {
  const editor = editorElement(template.kind);
  if (!editor) return "";
  const origin = context.center;
  const k = mmPerMapUnit({ center: origin, scale });
  const inset = Math.min(1, cell.height / 6);
  let geometry: Geometry;
  let toPage;
  if (editor.drawType === "Polygon") {
    const w = (cell.width - 2 * inset) / k;
    const h = (cell.height - 2 * inset) / k;
    const [x, y] = origin as [number, number];
    geometry = new Polygon([
      [
        [x, y],
        [x + w, y],
        [x + w, y - h],
        [x, y - h],
        [x, y],
      ],
    ]);
    toPage = compose(create(), cell.x + inset, cell.y + inset, k, -k, 0, -x, -y);
  } else if (editor.drawType === "LineString") {
    const [x, y] = origin as [number, number];
    geometry = new LineString([
      [x, y],
      [x + (cell.width - 2 * inset) / k, y],
    ]);
    toPage = compose(create(), cell.x + inset, cell.y + cell.height / 2, k, -k, 0, -x, -y);
  } else {
    geometry = new Point(origin.slice());
    toPage = compose(create(), cell.x + cell.width / 2, cell.y + cell.height / 2, k, -k, 0, -origin[0]!, -origin[1]!);
  }
  const element: Record<string, unknown> = { ...editor.withGeometry(template.element, geometry) };
  // Only optional fields are taken away, so it is still an element of the kind.
  for (const label of SAMPLE_LABELS) delete element[label];
  const out = emptyLayers();
  addElementSvg({ kind: template.kind, element: element as ElementOf<K> }, { ...context, rotation: 0, toPage }, out);
  const ground = editor.legendGround
    ? `<rect x="${num(cell.x)}" y="${num(cell.y)}" width="${num(cell.width)}" height="${num(cell.height)}" fill="${editor.legendGround}"/>`
    : "";
  return ground + PAPER_LAYER_ORDER.map((layer) => out[layer]).join("");
}

/** Fields that write a text beside a drawing: not in its legend sample. */
const SAMPLE_LABELS = ["name", "label", "textAbove", "textBelow"];
