import "server-only";
import { DOMParser, XMLSerializer, onWarningStopParsing, type Element, type Node } from "@xmldom/xmldom";
import { checkRenderCost } from "./svg-cost";
import { readRasterHeader } from "../files/raster";
import { sniffRasterFormat } from "@/lib/files/raster-format";
import { MAX_SIGN_PIXELS, MAX_SVG_BYTES, MAX_SVG_IMAGE_PIXELS } from "@/lib/schemas/signs";

/*
 * SVG sanitising for uploaded and imported sign artwork.
 *
 * Why @xmldom/xmldom and an allowlist walk, not DOMPurify: DOMPurify needs a DOM on the server (jsdom,
 * dozens of packages) and *cleans silently*, while a hostile SVG must be refused with a reason. xmldom is
 * a small dependency-free, maintained XML parser that is namespace-aware, which matters: `xlink:href`
 * can be spelled with any prefix (`xmlns:x="http://www.w3.org/1999/xlink" x:href=…`), and only
 * resolved namespaces catch that; string matching or a non-namespace parser (fast-xml-parser) would not.
 * It does not load external DTDs and does not expand custom entities.
 *
 * Policy. The artwork is served from our origin (it may be opened on its own, not only in an <img>),
 * so anything active or anything that fetches something is REFUSED, never quietly removed:
 * - not UTF-8, not well-formed XML, or a root that is not <svg> (SVG namespace);
 * - a DOCTYPE with an internal subset, or any <!ENTITY> (entity expansion attacks);
 * - <script>, <handler>, <listener>; <foreignObject> and any XHTML or MathML element; <iframe>, <embed>,
 *   <object>, <audio>, <video>, <canvas>; animation (<animate*>, <set>, <discard>: it can rewrite hrefs);
 *   links (<a>). Names are compared without regard to case;
 * - any attribute named on* (event handlers), in any namespace;
 * - href / xlink:href other than an internal "#fragment", except a base64 data:image/png|jpeg|webp on
 *   <image> and <feImage>;
 * - in any attribute or <style>: url(…) other than url(#…), javascript: or vbscript:, @import,
 *   image-set(), src(), expression(), behavior, -moz-binding, and CSS backslash escapes (which could
 *   spell any of these);
 * - more than MAX_SVG_BYTES, more than MAX_ELEMENTS elements or deeper than MAX_DEPTH;
 * - what is too costly to draw: references (<use>, url(#…), markers) that expand past the bounds of
 *   ./svg-cost.ts, or chained in a cycle; a size (width × height, or the viewBox without them) of more
 *   pixels than a raster upload may have (MAX_SIGN_PIXELS); feTurbulence of more than MAX_OCTAVES octaves
 *   and feConvolveMatrix kernels larger than MAX_KERNEL_ORDER a side, whose cost per pixel the file sets
 *   whatever the scale; embedded images (data: URLs) that are not the PNG, JPEG or WEBP they claim, or of
 *   more than MAX_SVG_IMAGE_PIXELS together (checked from their headers, like an upload).
 *   Blur and morphology radii are left alone: they are in user units, so what they cost in pixels depends
 *   on the scale the drawing is shown at, and blurs are linear-time box blurs in Chromium, Firefox and librsvg.
 * What is inert and only editor baggage is STRIPPED: comments, processing instructions, a plain DOCTYPE
 * (the standard SVG 1.1 one, without internal subset), <metadata>, SVG elements not on the allowlist
 * (e.g. Inkscape's flowRoot, which browsers do not draw), elements and attributes in other namespaces
 * (inkscape:, sodipodi:, rdf:, Adobe's), their xmlns declarations, xml:base and xlink:* other than href.
 */

export type SvgRefusal =
  | "encoding"
  | "notXml"
  | "notSvg"
  | "entities"
  | "script"
  | "foreignObject"
  | "html"
  | "embed"
  | "animation"
  | "link"
  | "eventAttribute"
  | "externalReference"
  | "tooLarge"
  | "tooComplex"
  | "references"
  | "referenceDepth"
  | "canvasTooLarge"
  | "costlyFilter"
  | "imageUnreadable"
  | "imageTooLarge";

export type SvgSanitizeResult =
  | { ok: true; svg: string; /** Nodes and attributes removed as editor baggage. */ stripped: number }
  | { ok: false; reason: SvgRefusal; /** The offending name or value, for the message (shortened). */ detail: string };

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

/** Far above any sign drawing (the largest reference file has a few thousand), far below a hang. */
const MAX_ELEMENTS = 100_000;
const MAX_DEPTH = 100;
/** Each octave is one more noise pass over every pixel at twice the frequency: the tenth is 512 times the first. */
const MAX_OCTAVES = 10;
/** Kernel cells are read for every pixel: 9 × 9 is past any sharpening or embossing effect. */
const MAX_KERNEL_ORDER = 9;

const REFUSED_ELEMENTS: Record<string, SvgRefusal> = {
  script: "script",
  handler: "script",
  listener: "script",
  foreignobject: "foreignObject",
  iframe: "embed",
  embed: "embed",
  object: "embed",
  audio: "embed",
  video: "embed",
  canvas: "embed",
  animate: "animation",
  animatemotion: "animation",
  animatetransform: "animation",
  animatecolor: "animation",
  set: "animation",
  discard: "animation",
  a: "link",
};

/** SVG elements kept (their attributes are still checked). Everything else in the SVG namespace is stripped. */
const ALLOWED_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "title",
  "desc",
  "switch",
  "style",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "textPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "marker",
  "image",
  "filter",
  "feBlend",
  "feColorMatrix",
  "feComponentTransfer",
  "feComposite",
  "feConvolveMatrix",
  "feDiffuseLighting",
  "feDisplacementMap",
  "feDistantLight",
  "feDropShadow",
  "feFlood",
  "feFuncA",
  "feFuncB",
  "feFuncG",
  "feFuncR",
  "feGaussianBlur",
  "feImage",
  "feMerge",
  "feMergeNode",
  "feMorphology",
  "feOffset",
  "fePointLight",
  "feSpecularLighting",
  "feSpotLight",
  "feTile",
  "feTurbulence",
]);

/** Elements that may carry an embedded raster image as a data: URL. */
const DATA_IMAGE_ELEMENTS = new Set(["image", "feImage"]);
const DATA_IMAGE = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** Constructs in attribute values and CSS that reach outside the file or run code. */
const HOSTILE_VALUE: { pattern: RegExp; reason: SvgRefusal }[] = [
  { pattern: /(java|vb)script\s*:/i, reason: "script" },
  // url( not followed by an optional quote and "#": written so that backtracking cannot skip the quote.
  { pattern: /url\s*\(\s*(?!['"]?\s*#)/i, reason: "externalReference" },
  { pattern: /@import/i, reason: "externalReference" },
  { pattern: /image-set\s*\(/i, reason: "externalReference" },
  { pattern: /(^|[^\w-])src\s*\(/i, reason: "externalReference" },
  { pattern: /expression\s*\(|behaviou?r\s*:|-moz-binding/i, reason: "script" },
];

class Refused extends Error {
  constructor(
    readonly reason: SvgRefusal,
    readonly detail: string,
  ) {
    super(reason);
  }
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

function checkValue(value: string, isCss: boolean, where: string): void {
  // Control characters and whitespace inside a scheme ("java\tscript:") are ignored by URL parsers.
  const compact = value.replace(/[\u0000-\u0020]+/g, "");
  for (const { pattern, reason } of HOSTILE_VALUE) {
    if (pattern.test(value) || pattern.test(compact)) throw new Refused(reason, shorten(`${where}: ${value.trim()}`));
  }
  if (isCss && value.includes("\\")) throw new Refused("externalReference", shorten(`${where}: ${value.trim()}`));
}

function checkHref(value: string, element: string): void {
  const v = value.trim();
  if (/^#[^\s]*$/.test(v)) return;
  if (DATA_IMAGE_ELEMENTS.has(element) && DATA_IMAGE.test(v)) return;
  throw new Refused("externalReference", shorten(v));
}

interface WalkState {
  elements: number;
  stripped: number;
  /** Embedded images (data: URLs on <image> and <feImage>), checked after the walk. */
  images: { type: string; base64: string }[];
}

function remove(node: Node, state: WalkState): void {
  node.parentNode?.removeChild(node);
  state.stripped += 1;
}

function checkAttributes(element: Element, state: WalkState): void {
  const name = element.localName ?? element.nodeName;
  for (const attr of Array.from(element.attributes)) {
    const local = attr.localName ?? attr.name;
    const ns = attr.namespaceURI;
    if (/^on/i.test(local)) throw new Refused("eventAttribute", attr.name);
    if (ns === XMLNS_NS || attr.name === "xmlns") {
      // Declarations of editor namespaces go with the attributes and elements that used them.
      if (attr.value !== SVG_NS && attr.value !== XLINK_NS) {
        element.removeAttributeNode(attr);
        state.stripped += 1;
      }
      continue;
    }
    if (local === "href" && (ns === null || ns === XLINK_NS)) {
      checkHref(attr.value, name);
      const image = DATA_IMAGE.exec(attr.value.trim());
      if (image) state.images.push({ type: image[1]!.toLowerCase(), base64: attr.value.slice(attr.value.indexOf(",") + 1) });
      continue;
    }
    if (ns === null || (ns === XML_NS && local !== "base")) {
      checkValue(attr.value, local === "style", `${attr.name}`);
      continue;
    }
    element.removeAttributeNode(attr);
    state.stripped += 1;
  }
}

const numbersOf = (value: string | null) =>
  (value ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);

/** Filter primitives whose cost per pixel the file sets (see the policy above). */
function checkFilter(element: Element): void {
  const name = element.localName;
  if (name === "feTurbulence") {
    const octaves = numbersOf(element.getAttribute("numOctaves"))[0] ?? 1;
    if (octaves > MAX_OCTAVES) throw new Refused("costlyFilter", `<feTurbulence numOctaves="${octaves}">`);
  } else if (name === "feConvolveMatrix") {
    const order = numbersOf(element.getAttribute("order"));
    if (order.some((side) => side > MAX_KERNEL_ORDER)) throw new Refused("costlyFilter", `<feConvolveMatrix order="${order.join(" ")}">`);
  }
}

/** CSS pixels per unit of an SVG length (96 per inch); percentages and unknown units have no size of their own. */
const UNIT_PX: Record<string, number> = { "": 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, em: 16, ex: 8 };

function lengthPx(value: string | null): number | null {
  const match = /^\s*([-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?)\s*([a-z]*)\s*$/i.exec(value ?? "");
  const unit = match ? UNIT_PX[match[2]!.toLowerCase()] : undefined;
  return match && unit ? Math.abs(Number(match[1]) * unit) : null;
}

/**
 * The drawing's own size, which a renderer given no other (librsvg, an <img> without CSS size) makes its
 * bitmap: bounded like a raster upload's. Without width and height, librsvg takes the viewBox's.
 */
function checkCanvasSize(root: Element): void {
  const box = numbersOf(root.getAttribute("viewBox"));
  const width = lengthPx(root.getAttribute("width")) ?? (box.length === 4 ? Math.abs(box[2]!) : null);
  const height = lengthPx(root.getAttribute("height")) ?? (box.length === 4 ? Math.abs(box[3]!) : null);
  if (width !== null && height !== null && !(width * height <= MAX_SIGN_PIXELS))
    throw new Refused("canvasTooLarge", `${Math.round(width)} × ${Math.round(height)} px`);
}

/** Embedded images are uploads inside the upload: the type they claim, and their pixels from the header. */
async function checkImages(images: WalkState["images"]): Promise<void> {
  let total = 0;
  for (const { type, base64 } of images) {
    const bytes = new Uint8Array(Buffer.from(base64.replace(/\s+/g, ""), "base64"));
    const format = sniffRasterFormat(bytes);
    const header = format === type ? await readRasterHeader(bytes) : null;
    if (!header || header.format !== format) throw new Refused("imageUnreadable", `image/${type}`);
    total += header.width * header.height;
    if (total > MAX_SVG_IMAGE_PIXELS) throw new Refused("imageTooLarge", `${header.width} × ${header.height} px`);
  }
}

function walk(element: Element, depth: number, state: WalkState): void {
  if (depth > MAX_DEPTH) throw new Refused("tooComplex", `depth ${MAX_DEPTH}`);
  state.elements += 1;
  if (state.elements > MAX_ELEMENTS) throw new Refused("tooComplex", `${MAX_ELEMENTS} elements`);
  checkAttributes(element, state);
  checkFilter(element);
  const isStyle = element.localName === "style";
  for (const child of Array.from(element.childNodes)) {
    switch (child.nodeType) {
      case child.COMMENT_NODE:
      case child.PROCESSING_INSTRUCTION_NODE:
        remove(child, state);
        break;
      case child.TEXT_NODE:
      case child.CDATA_SECTION_NODE:
        break;
      case child.ELEMENT_NODE: {
        const el = child as Element;
        const local = el.localName ?? el.nodeName;
        const refusal = REFUSED_ELEMENTS[local.toLowerCase()];
        if (refusal) throw new Refused(refusal, `<${el.nodeName}>`);
        if (el.namespaceURI === XHTML_NS || el.namespaceURI === MATHML_NS) throw new Refused("html", `<${el.nodeName}>`);
        if (el.namespaceURI === SVG_NS && ALLOWED_ELEMENTS.has(local)) walk(el, depth + 1, state);
        else remove(el, state);
        break;
      }
      default:
        remove(child, state);
    }
  }
  // Checked whole, after comments are gone: the browser joins the pieces ("@imp<!-- -->ort" is "@import").
  if (isStyle) checkValue(element.textContent ?? "", true, "<style>");
}

/**
 * Checks an SVG against the policy above. Accepted: the cleaned drawing as UTF-8 text. Refused: the
 * reason, for a message in the user's language. Never throws for bad input.
 */
export async function sanitizeSvg(input: Uint8Array | string): Promise<SvgSanitizeResult> {
  try {
    const size = typeof input === "string" ? Buffer.byteLength(input) : input.byteLength;
    if (size > MAX_SVG_BYTES) throw new Refused("tooLarge", `${size} bytes`);
    let text: string;
    try {
      text = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      throw new Refused("encoding", "");
    }
    text = text.replace(/^\uFEFF/, "");
    const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1];
    if (declared && !/^utf-?8$/i.test(declared)) throw new Refused("encoding", declared);
    if (/<!ENTITY/i.test(text)) throw new Refused("entities", "<!ENTITY>");

    let doc;
    try {
      doc = new DOMParser({ onError: onWarningStopParsing }).parseFromString(text, "image/svg+xml");
    } catch (error) {
      throw new Refused("notXml", shorten(String((error as Error).message).split("\n")[0] ?? ""));
    }
    const state: WalkState = { elements: 0, stripped: 0, images: [] };
    for (const node of Array.from(doc.childNodes)) {
      if (node.nodeType === node.DOCUMENT_TYPE_NODE) {
        if ((node as unknown as { internalSubset?: string }).internalSubset?.trim()) throw new Refused("entities", "<!DOCTYPE […]>");
        remove(node, state);
      } else if (node.nodeType !== node.ELEMENT_NODE) {
        remove(node, state);
      }
    }
    const root = doc.documentElement;
    if (!root || root.localName !== "svg" || root.namespaceURI !== SVG_NS) {
      const name = root?.localName?.toLowerCase() ?? "";
      if (REFUSED_ELEMENTS[name]) throw new Refused(REFUSED_ELEMENTS[name], `<${root?.nodeName}>`);
      throw new Refused("notSvg", root ? `<${root.nodeName}>` : "");
    }
    walk(root, 0, state);
    checkCanvasSize(root);
    const cost = checkRenderCost(root);
    if (cost) throw new Refused(cost.reason, cost.detail);
    await checkImages(state.images);
    const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
    return { ok: true, svg, stripped: state.stripped };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason, detail: error.detail };
    // Anything the parser or serializer throws beyond its ParseError (a stack overflow on absurd input).
    return { ok: false, reason: "notXml", detail: shorten(String((error as Error)?.message ?? error)) };
  }
}
