/**
 * The few 2D-context calls a kind's canvas renderer makes (a text's `paint`), recorded as SVG, so the
 * same drawing code writes a text on the screen and on paper. Coordinates stay the renderer's pixels;
 * the caller places and scales the group. Text is measured in the page's font (Helvetica's widths, which the
 * PDF's embedded font shares), with a canvas where there is one and an estimate elsewhere (tests in Node).
 */
import { PAPER_FONT, escapeXml, num, paint, parseFont, textWidthMm } from "./svg";

export class SvgContext {
  font = "10px sans-serif";
  letterSpacing = "0px";
  fillStyle: string | CanvasGradient | CanvasPattern = "#000000";
  strokeStyle: string | CanvasGradient | CanvasPattern = "#000000";
  lineWidth = 1;
  textAlign: CanvasTextAlign = "start";
  textBaseline: CanvasTextBaseline = "alphabetic";
  readonly canvas = undefined as unknown as HTMLCanvasElement;
  private out = "";

  get svg(): string {
    return this.out;
  }

  measureText(text: string): TextMetrics {
    const spacing = parseFloat(this.letterSpacing) || 0;
    const { px, bold } = parseFont(this.font);
    return { width: textWidthMm(text, px, bold) + spacing * text.length } as TextMetrics;
  }

  fillRect(x: number, y: number, width: number, height: number): void {
    const p = paint(String(this.fillStyle));
    if (!p) return;
    this.out += `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="${p.colour}"${p.opacity < 1 ? ` fill-opacity="${num(p.opacity)}"` : ""}/>`;
  }

  strokeRect(x: number, y: number, width: number, height: number): void {
    const p = paint(String(this.strokeStyle));
    if (!p) return;
    this.out += `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" fill="none" stroke="${p.colour}" stroke-width="${num(this.lineWidth)}"/>`;
  }

  fillText(text: string, x: number, y: number): void {
    const p = paint(String(this.fillStyle)) ?? { colour: "#000000", opacity: 1 };
    const { px, bold } = parseFont(this.font);
    const anchor = { left: "start", start: "start", center: "middle", right: "end", end: "end" }[this.textAlign] ?? "start";
    // Canvas baselines by their offset from the alphabetic baseline, for Helvetica's 0.72 em capitals.
    const shift = { middle: 0.35, top: 0.75, hanging: 0.72, bottom: -0.2, ideographic: -0.2, alphabetic: 0 }[this.textBaseline] ?? 0;
    const spacing = parseFloat(this.letterSpacing) || 0;
    this.out += `<text x="${num(x)}" y="${num(y + shift * px)}" font-family="${PAPER_FONT}" font-size="${num(px)}"${bold ? ' font-weight="bold"' : ""} text-anchor="${anchor}"${
      spacing ? ` letter-spacing="${num(spacing)}"` : ""
    } fill="${p.colour}"${p.opacity < 1 ? ` fill-opacity="${num(p.opacity)}"` : ""}>${escapeXml(text)}</text>`;
  }

  // Transforms and images are not used by the renderers drawn on paper; present for the type.
  save(): void {}
  restore(): void {}
  translate(): void {}
  rotate(): void {}
  drawImage(): void {}
}
