/**
 * A page as PDF (jsPDF with svg2pdf.js): the base map's pieces as JPEG images, and over them the page's
 * SVG turned into PDF drawing operators — lines, areas and sign pictures stay vector, texts are real
 * text (selectable and searchable) in the embedded paper font (pdf-fonts.ts). Extra pages (the sign
 * inventory) follow. PDF/A-2b on request (pdf-a.ts). jsPDF, svg2pdf.js and pdf-lib are loaded with this
 * module, on the first export (src/editor/export/export-plan.ts imports it when it writes).
 */
import { jsPDF } from "jspdf";
import { svg2pdf } from "svg2pdf.js";
import type { PdfImage } from "./canvas";
import { SRGB_PROFILE_URL, toPdfA } from "./pdf-a";
import { loadPaperFonts, embedPaperFonts } from "./pdf-fonts";

export interface PdfPage {
  width: number;
  height: number;
  /** Raster under the SVG. */
  images: readonly PdfImage[];
  svg: string;
}

/** Parses the page's SVG into an element svg2pdf can walk (it reads computed attributes, so it is attached, out of sight). */
function svgElement(svg: string): SVGSVGElement {
  const element = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement as unknown as SVGSVGElement;
  const host = document.createElement("div");
  host.style.cssText = "position:fixed;left:-200000px;top:0;width:0;height:0;overflow:hidden;";
  host.setAttribute("aria-hidden", "true");
  host.appendChild(document.importNode(element, true));
  document.body.appendChild(host);
  return host.firstElementChild as SVGSVGElement;
}

export async function writePdf(
  pages: readonly PdfPage[],
  meta: { title: string; subject: string; creator: string; pdfA?: boolean },
  signal?: AbortSignal,
): Promise<Blob> {
  const [fonts, srgbProfile] = await Promise.all([loadPaperFonts(), meta.pdfA ? fetchBytes(SRGB_PROFILE_URL) : null]);
  signal?.throwIfAborted();
  const first = pages[0]!;
  const orientation = (page: PdfPage) => (page.width > page.height ? "landscape" : "portrait");
  // Only the fonts the pages use are written: the standard fonts jsPDF starts with are not embedded.
  const doc = new jsPDF({
    unit: "mm",
    format: [first.width, first.height],
    orientation: orientation(first),
    compress: true,
    putOnlyUsedFonts: true,
  });
  embedPaperFonts(doc, fonts);
  doc.setProperties({ title: meta.title, subject: meta.subject, creator: meta.creator });
  for (const [index, page] of pages.entries()) {
    signal?.throwIfAborted();
    if (index) doc.addPage([page.width, page.height], orientation(page));
    for (const image of page.images) doc.addImage(image.jpeg, "JPEG", image.x, image.y, image.width, image.height, undefined, "NONE");
    const element = svgElement(page.svg);
    try {
      await svg2pdf(element, doc, { x: 0, y: 0, width: page.width, height: page.height });
    } finally {
      element.parentElement?.remove();
    }
  }
  if (!srgbProfile) return doc.output("blob");
  const bytes = await toPdfA(new Uint8Array(doc.output("arraybuffer")), srgbProfile, {
    title: meta.title,
    subject: meta.subject,
    creator: meta.creator,
    producer: `jsPDF ${jsPDF.version}, pdf-lib`,
    date: new Date(),
  });
  return new Blob([bytes as BlobPart], { type: "application/pdf" });
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
