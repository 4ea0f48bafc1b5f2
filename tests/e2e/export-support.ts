/**
 * Reading an exported page as a municipality's clerk would: printed (pdftoppm renders the PDF at a known
 * resolution), measured with a ruler, and read (pdftotext). Poppler's tools are installed with Debian's
 * poppler-utils (.ci/run installs them).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Download, Page } from "@playwright/test";
import { expect } from "./fixtures";
import type { Position } from "@/lib/elements/common";

/** The page rendered at `dpi` as greyscale pixels. */
export async function rasterise(pdf: string, dpi: number): Promise<{ width: number; height: number; pixels: Uint8Array; dpi: number }> {
  const stem = path.join(mkdtempSync(path.join(tmpdir(), "export-page-")), "page");
  execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-png", "-singlefile", "-f", "1", "-l", "1", pdf, stem]);
  const { data, info } = await sharp(`${stem}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), dpi };
}

export const pdfText = (pdf: string) => execFileSync("pdftotext", ["-layout", pdf, "-"]).toString("utf8");

/** The images the PDF holds (pdfimages -list), one row per image. */
export function pdfImages(pdf: string): { width: number; height: number }[] {
  const lines = execFileSync("pdfimages", ["-list", pdf]).toString("utf8").trim().split("\n").slice(2);
  return lines.map((line) => {
    const cells = line.trim().split(/\s+/);
    return { width: Number(cells[3]), height: Number(cells[4]) };
  });
}

/** Page size in millimetres (pdfinfo). */
export function pdfPageSize(pdf: string): { width: number; height: number; pages: number } {
  const info = execFileSync("pdfinfo", [pdf]).toString("utf8");
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
  return { width: (Number(size[1]) * 25.4) / 72, height: (Number(size[2]) * 25.4) / 72, pages };
}

export async function saveDownload(download: Download): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "export-file-")), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/**
 * The length in millimetres of the ruler drawn on the page: the distance between the centres of its two
 * end marks (white rings on the dark line), found without knowing where the ruler lies or how it is turned.
 * The dark pixels inside `box` (mm) are the ruler and its label: a line fitted through them, refitted
 * without the pixels off it (the label), gives the ruler's axis; along the axis, the white hole of each
 * end mark is centred on its end point.
 */
export function measureRuler(
  image: { width: number; height: number; pixels: Uint8Array; dpi: number },
  box: { x: number; y: number; width: number; height: number },
): number {
  const pxPerMm = image.dpi / 25.4;
  const x0 = Math.ceil(box.x * pxPerMm) + 4;
  const y0 = Math.ceil(box.y * pxPerMm) + 4;
  const x1 = Math.floor((box.x + box.width) * pxPerMm) - 4;
  const y1 = Math.floor((box.y + box.height) * pxPerMm) - 4;
  const dark: [number, number][] = [];
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x]! < 90) dark.push([x, y]);
  expect(dark.length, "dark pixels of the ruler").toBeGreaterThan(500);

  let points = dark;
  let axis = { cx: 0, cy: 0, dx: 1, dy: 0 };
  for (let round = 0; round < 4; round++) {
    const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
    const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (const [x, y] of points) {
      sxx += (x - cx) ** 2;
      syy += (y - cy) ** 2;
      sxy += (x - cx) * (y - cy);
    }
    const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    axis = { cx, cy, dx: Math.cos(angle), dy: Math.sin(angle) };
    const distance = (p: [number, number]) => Math.abs((p[0] - cx) * -axis.dy + (p[1] - cy) * axis.dx);
    points = dark.filter((p) => distance(p) < 0.6 * pxPerMm);
  }
  const along = (p: [number, number]) => (p[0] - axis.cx) * axis.dx + (p[1] - axis.cy) * axis.dy;
  const ts = points.map(along);
  const minT = Math.min(...ts);
  const maxT = Math.max(...ts);
  const sample = (t: number) => {
    const x = Math.round(axis.cx + t * axis.dx);
    const y = Math.round(axis.cy + t * axis.dy);
    return image.pixels[y * image.width + x]!;
  };
  /** The middle of the first light run met walking from `from` by `step` (sub-pixel steps). */
  const holeCentre = (from: number, step: number) => {
    let t = from;
    while (sample(t) < 128 && Math.abs(t - from) < 3 * pxPerMm) t += step;
    const start = t;
    while (sample(t) >= 128 && Math.abs(t - from) < 6 * pxPerMm) t += step;
    return (start + t - step) / 2;
  };
  const first = holeCentre(minT, 0.25);
  const last = holeCentre(maxT, -0.25);
  return (last - first) / pxPerMm;
}

/** The two positions `metres` apart east–west around `centre`, on the WGS84 ellipsoid (along the parallel). */
export function eastWest(centre: Position, metres: number): [Position, Position] {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const phi = (centre[1] * Math.PI) / 180;
  const primeVertical = a / Math.sqrt(1 - e2 * Math.sin(phi) ** 2);
  const halfDegrees = ((metres / 2 / (primeVertical * Math.cos(phi))) * 180) / Math.PI;
  return [
    [centre[0] - halfDegrees, centre[1]],
    [centre[0] + halfDegrees, centre[1]],
  ];
}

/** Opens the export panel from the editor's menu. */
export async function openExportPanel(page: Page): Promise<void> {
  await page.getByTestId("editor-more").click();
  await page.getByTestId("editor-action-export-plan").click();
  await expect(page.getByTestId("export-panel")).toBeVisible();
}

export function writeTemp(name: string, data: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "export-")), name);
  writeFileSync(file, data);
  return file;
}

/** The fonts a PDF uses (pdffonts), with whether each is embedded and a subset. */
export function pdfFonts(pdf: string): { name: string; embedded: boolean; subset: boolean }[] {
  const lines = execFileSync("pdffonts", [pdf]).toString("utf8").trim().split("\n").slice(2);
  return lines.map((line) => {
    // name, type (one or more words), encoding, emb, sub, uni, object, generation: read from the right.
    const cells = line.trim().split(/\s+/);
    return { name: cells[0]!, embedded: cells.at(-5) === "yes", subset: cells.at(-4) === "yes" };
  });
}
