/**
 * renderSignSvg: a sign drawing (types.ts) as one standalone SVG document. Deterministic (the same
 * drawing gives a byte-identical string: numbers are rounded to 0.1 mm and nothing depends on time or
 * randomness), self-contained (no external references, no web fonts) and universal (runs in the
 * browser and in Node).
 */
import { GLYPHS, GLYPH_STROKE, hasGlyphs } from "./glyphs";
import { num, shapePath } from "./geometry";
import type { Box, Pictogram, SignDrawing, SignLayer } from "./types";

/** The road-sign typeface where installed, else the closest common narrow sans-serif. */
export const SIGN_FONT_STACK = "'DIN 1451', 'Arial Narrow', Arial, Helvetica, sans-serif";

export interface RenderOptions {
  /** Size in px of the longest side (the width/height attributes); default 256 (gallery preview). */
  pixels?: number;
  /** Prefix of the ids of clip paths, so several SVGs can be inlined into one page. Default "sign". */
  idPrefix?: string;
}

export function renderSignSvg(drawing: SignDrawing, options: RenderOptions = {}): string {
  const pixels = options.pixels ?? 256;
  const id = options.idPrefix ?? "sign";
  const { width: w, height: h } = drawing;
  const scale = pixels / Math.max(w, h);
  const ctx: Ctx = { drawing, id, clips: new Map() };

  let inset = 0;
  const body: string[] = [];
  if (drawing.rim) {
    body.push(`<path d="${shapePath(drawing, 0)}" fill="${drawing.rim.color}"/>`);
    inset += drawing.rim.width;
  }
  if (drawing.border) {
    body.push(`<path d="${shapePath(drawing, inset)}" fill="${drawing.border.color}"/>`);
    inset += drawing.border.width;
  }
  body.push(`<path d="${shapePath(drawing, inset)}" fill="${drawing.face}"/>`);
  ctx.faceInset = inset;
  for (const layer of drawing.layers) body.push(renderLayer(layer, ctx));
  if (drawing.outline) {
    const ow = drawing.outline.width;
    body.push(`<path d="${shapePath(drawing, ow / 2)}" fill="none" stroke="${drawing.outline.color}" stroke-width="${num(ow)}"/>`);
  }

  const defs = [...ctx.clips.entries()].map(([clipId, d]) => `<clipPath id="${clipId}"><path d="${d}"/></clipPath>`).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(w)} ${num(h)}" width="${num(Math.round(w * scale))}" height="${num(Math.round(h * scale))}">` +
    (drawing.title ? `<title>${escapeXml(drawing.title)}</title>` : "") +
    (defs ? `<defs>${defs}</defs>` : "") +
    body.join("") +
    `</svg>`
  );
}

interface Ctx {
  drawing: SignDrawing;
  id: string;
  clips: Map<string, string>;
  faceInset?: number;
}

function renderLayer(layer: SignLayer, ctx: Ctx): string {
  switch (layer.kind) {
    case "pictogram":
      return renderPictogram(layer.pictogram, layer.box, layer);
    case "text":
      return renderText(layer);
    case "path":
      return `<path d="${layer.d}"${paintAttrs(layer)}/>`;
    case "rect":
      return `<rect x="${num(layer.x)}" y="${num(layer.y)}" width="${num(layer.width)}" height="${num(layer.height)}"${layer.rx ? ` rx="${num(layer.rx)}"` : ""}${paintAttrs(layer)}/>`;
    case "circle":
      return `<circle cx="${num(layer.cx)}" cy="${num(layer.cy)}" r="${num(layer.r)}"${paintAttrs(layer)}/>`;
    case "polygon":
      return `<polygon points="${layer.points.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")}"${paintAttrs(layer)}/>`;
    case "line":
      return `<line x1="${num(layer.x1)}" y1="${num(layer.y1)}" x2="${num(layer.x2)}" y2="${num(layer.y2)}"${paintAttrs({ ...layer, fill: undefined })}/>`;
    case "group": {
      const attrs: string[] = [];
      if (layer.clipToFace || layer.clipToSign) {
        const inset = layer.clipToFace ? (ctx.faceInset ?? 0) : 0;
        const clipId = `${ctx.id}-${layer.clipToFace ? "face" : "outline"}`;
        ctx.clips.set(clipId, shapePath(ctx.drawing, inset));
        attrs.push(`clip-path="url(#${clipId})"`);
      }
      if (layer.opacity !== undefined) attrs.push(`opacity="${layer.opacity}"`);
      if (layer.transform) attrs.push(`transform="${layer.transform}"`);
      const inner = layer.layers.map((l) => renderLayer(l, ctx)).join("");
      return `<g${attrs.length ? ` ${attrs.join(" ")}` : ""}>${inner}</g>`;
    }
  }
}

function paintAttrs(s: { fill?: string; stroke?: string; strokeWidth?: number; lineCap?: string; lineJoin?: string }): string {
  let out = ` fill="${s.fill ?? "none"}"`;
  if (s.stroke) {
    out += ` stroke="${s.stroke}" stroke-width="${num(s.strokeWidth ?? 1)}"`;
    if (s.lineCap) out += ` stroke-linecap="${s.lineCap}"`;
    if (s.lineJoin) out += ` stroke-linejoin="${s.lineJoin}"`;
  }
  return out;
}

function renderPictogram(p: Pictogram, box: Box, opts: Extract<SignLayer, { kind: "pictogram" }>): string {
  const s = Math.min(box.width / p.width, box.height / p.height);
  const pw = p.width * s;
  const ph = p.height * s;
  const align = opts.align ?? "center";
  let x = box.x + (box.width - pw) / 2;
  let y = box.y + (box.height - ph) / 2;
  if (align === "bottom") y = box.y + box.height - ph;
  if (align === "top") y = box.y;
  if (align === "left") x = box.x;
  if (align === "right") x = box.x + box.width - pw;
  const t: string[] = [];
  if (opts.rotate) t.push(`rotate(${num(opts.rotate)} ${num(box.x + box.width / 2)} ${num(box.y + box.height / 2)})`);
  t.push(`translate(${num(opts.flipX ? x + pw : x)} ${num(opts.flipY ? y + ph : y)})`);
  const sx = Math.round(s * 10000) / 10000;
  t.push(opts.flipX || opts.flipY ? `scale(${opts.flipX ? -sx : sx} ${opts.flipY ? -sx : sx})` : `scale(${sx})`);
  return `<g transform="${t.join(" ")}">${p.draw(opts.paint)}</g>`;
}

function renderText(layer: Extract<SignLayer, { kind: "text" }>): string {
  const anchor = layer.anchor ?? "middle";
  if ((layer.render ?? "glyphs") === "glyphs" && hasGlyphs(layer.text)) {
    const weight = (layer.weight ?? 0.15) * 100;
    // Glyph centre lines are designed for a 15-unit stroke; a heavier stroke would grow the ink beyond
    // the cap height, so the design box shrinks by the extra weight and shifts by half of it.
    const extra = weight - GLYPH_STROKE;
    const k = layer.capHeight / (100 + extra);
    const chars = [...layer.text];
    // The ink ends about 9 units before the last glyph's advance (its right bearing).
    const gap = (layer.spacing ?? 0) / k;
    const width = chars.reduce((sum, ch) => sum + (GLYPHS[ch]?.advance ?? 0), 0) - 9 + extra + gap * (chars.length - 1);
    let sx = k;
    if (layer.maxWidth && width * k > layer.maxWidth) sx = layer.maxWidth / width;
    const total = width * sx;
    const left = anchor === "start" ? layer.x : anchor === "end" ? layer.x - total : layer.x - total / 2;
    let cursor = extra / 2;
    const paths: string[] = [];
    for (const ch of chars) {
      const g = GLYPHS[ch];
      if (!g) continue;
      if (g.d) paths.push(`<path transform="translate(${num(cursor)} ${num(extra / 2)})" d="${g.d}"/>`);
      cursor += g.advance + gap;
    }
    const sxr = Math.round(sx * 10000) / 10000;
    const kr = Math.round(k * 10000) / 10000;
    return (
      `<g transform="translate(${num(left)} ${num(layer.y - layer.capHeight)}) scale(${sxr} ${kr})" fill="none" stroke="${layer.color}" ` +
      `stroke-width="${num(weight)}" stroke-linejoin="round">${paths.join("")}</g>`
    );
  }
  // Font text: the cap height of DIN-like faces is about 0.72 of the font size.
  const size = layer.capHeight / 0.72;
  const estimated = [...layer.text].length * size * 0.56;
  const squeeze =
    layer.maxWidth && estimated > layer.maxWidth ? ` textLength="${num(layer.maxWidth)}" lengthAdjust="spacingAndGlyphs"` : "";
  return (
    `<text x="${num(layer.x)}" y="${num(layer.y)}" font-family="${SIGN_FONT_STACK}" font-size="${num(size)}"` +
    `${layer.bold === false ? "" : ` font-weight="bold"`} text-anchor="${anchor}" fill="${layer.color}"${squeeze}>${escapeXml(layer.text)}</text>`
  );
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
