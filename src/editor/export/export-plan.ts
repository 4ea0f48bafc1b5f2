/**
 * Makes a plan's export in the browser (spec 2-content §7: "done on the client"): the frame, the
 * pictures, the base map in pieces, the page as SVG, then the PDF or JPG. Reports progress and stops
 * at once when its signal is aborted (the user's cancel, or the window resized: spec §4).
 */
import type BaseLayer from "ol/layer/Base";
import { fromLonLat } from "ol/proj";
import { boundingExtent, buffer } from "ol/extent";
import { rasterDpi, renderBaseMap } from "./base-map";
import { fetchPageImages } from "./images";
import { INVENTORY_PAGE, inventoryPagesSvg, type InventoryPageRow, type InventoryPageTexts } from "./inventory-pages";
import { nationalGridOf, toNationalGrid } from "./national-grid";
import type { PageLayout } from "./page-layout";
import { layoutFor, pageSvg, scaleBarMetres, type LegendRow, type PageTexts, type TitleBlockContent } from "./page-svg";
import { elementsSvg, sampleSvg } from "./paper-svg";
import type { PipeSpecRow } from "../kinds/pipe/specifications";
import { MM_PER_CSS_PX, frameRing, mapToPage, mmPerMapUnit, printMetresPerPixel, type PrintFrame } from "./print-frame";
import { JpgPage } from "./write-jpg";
import { pdfImageOf, type PdfImage } from "./canvas";
import type { PdfPage } from "./write-pdf";
import { editorElement } from "../kinds/registry";
import type { ElementKind } from "@/lib/elements/registry";
import type { ElementRef } from "../core/store/plan-store";
import type { ExportSettings } from "@/lib/schemas/export";
import type { SiteId } from "@/sites/site-ids";

export interface LegendSource {
  /** The picture's source as the map draws it (a kind's `pictures`), fetched before drawing. */
  src: string | null;
  code: string;
  name: string;
  count: number;
}

/** One map page of an export: the whole plan, or one phase of it with its own legend and title rows. */
export interface ExportPage {
  elements: readonly ElementRef[];
  /** The page's texts; its rows say which phase it shows. */
  texts: PageTexts;
  legend: readonly LegendSource[];
  /** The drawings of the page, one element of each look with its name, for the legend's samples. */
  legendDrawings: readonly { template: ElementRef; label: string }[];
}

export interface ExportJob {
  settings: ExportSettings;
  /** The map pages, in order: one, or one per phase (PDF only). They share the frame and the base map. */
  pages: readonly ExportPage[];
  /** The editor's visible raster layers (base map or background image). */
  layers: readonly BaseLayer[];
  site: SiteId;
  productName: string;
  planName: string;
  /** The date printed, already formatted in the site's language. */
  date: string;
  /** The plan's pipe types (pipeSpecifications()), for the title block's table when the settings ask for it. */
  pipes: readonly PipeSpecRow[];
  /** The sign inventory's pages behind the plan (PDF only), or null when not chosen. */
  inventory: { rows: readonly (Omit<InventoryPageRow, "image" | "aspect"> & { src: string | null })[]; texts: InventoryPageTexts } | null;
  logo: Blob | null;
  signal?: AbortSignal;
  /** 0 to 1, with what is being done. */
  onProgress?: (fraction: number, stage: "pictures" | "map" | "drawing" | "file") => void;
}

export interface ExportResult {
  blob: Blob;
  fileName: string;
}

/** The frame of a settings' print on the map, for a page laid out with `title`. */
export function frameOf(settings: ExportSettings, map: PrintFrame["map"]): PrintFrame {
  return { center: fromLonLat(settings.center), scale: settings.scale, rotation: (settings.rotation * Math.PI) / 180, map };
}

/** The title block's content, as printed for these settings (the frame's centre and turn are the settings'). */
export function titleContent(
  job: Pick<ExportJob, "settings" | "site" | "productName" | "planName" | "date" | "pipes">,
  texts: PageTexts,
  logo: { href: string; aspect: number } | null,
): TitleBlockContent {
  const { settings } = job;
  const grid = nationalGridOf(job.site);
  const [east, north] = toNationalGrid(fromLonLat(settings.center), grid);
  const barMm = 40;
  const metres = scaleBarMetres(settings.scale, barMm);
  return {
    productName: job.productName,
    planName: job.planName,
    projectName: settings.projectName.trim(),
    projectAddress: settings.projectAddress.trim(),
    description: settings.description.trim(),
    scaleText: settings.showScale ? `1:${settings.scale} (${settings.paperSize})` : null,
    scaleBar: settings.showScale ? { metres, mm: (metres * 1000) / settings.scale } : null,
    north: settings.northArrow ? (settings.rotation * Math.PI) / 180 : null,
    coordinates: settings.coordinates ? { grid: grid.name, east, north } : null,
    date: job.date,
    logo: settings.companyLogo ? logo : null,
    pipes: settings.pipeSpecifications && job.pipes.length ? { rows: job.pipes, scale: settings.scale } : null,
    texts,
  };
}

/** The pictures an element is drawn with on paper (its kind's `pictures`): fetched before the pages are drawn. */
const picturesOf = <K extends ElementKind>(ref: ElementRef<K>): readonly string[] => editorElement(ref.kind)?.pictures?.(ref.element) ?? [];

const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim() || "plan";

export async function exportPlan(job: ExportJob): Promise<ExportResult> {
  const { settings, signal } = job;
  const progress = job.onProgress ?? (() => {});
  if (job.pages.length === 0 || (settings.format === "jpg" && job.pages.length > 1))
    throw new Error("An export makes one JPG page or one or more PDF pages");
  progress(0, "pictures");

  // Pictures first: the logo's proportions decide the title block's height, and so the map's box.
  const sources = new Set<string>();
  for (const page of job.pages) {
    for (const ref of page.elements) for (const src of picturesOf(ref)) sources.add(src);
    for (const row of page.legend) if (row.src) sources.add(row.src);
  }
  for (const row of job.inventory?.rows ?? []) if (row.src) sources.add(row.src);
  const logoKey = settings.companyLogo && job.logo ? "company-logo" : null;
  const pictures = await fetchPageImages(sources, signal, logoKey ? new Map([[logoKey, job.logo!]]) : undefined);
  // The logo was asked for: a file that cannot be read as a picture stops the export with its message.
  if (logoKey && !pictures.images.has(logoKey)) throw new Error("logo");
  const logo = logoKey ? { href: pictures.images.get(logoKey)!, aspect: pictures.aspects.get(logoKey) ?? 1 } : null;

  const laidOut = job.pages.map((page) => {
    const title = titleContent(job, page.texts, logo);
    return { page, title, layout: layoutFor(settings.paperSize, settings.landscape, title) };
  });
  // Pages whose map boxes are the same share one rendering of the base map (the slow part).
  const boxKey = ({ map }: PageLayout) => `${map.x} ${map.y} ${map.width} ${map.height}`;
  const boxes = [...new Map(laidOut.map(({ layout }) => [boxKey(layout), layout])).values()];

  // The base map, piece by piece into what the file is made of: JPEG images for a PDF, the page's canvas for a JPG.
  progress(0.05, "map");
  const baseMaps = new Map<string, PdfImage[]>();
  const jpg = settings.format === "jpg" ? new JpgPage(laidOut[0]!.layout.width, laidOut[0]!.layout.height, settings.dpi) : null;
  try {
    for (const [index, layout] of boxes.entries()) {
      const frame = frameOf(settings, layout.map);
      const images: PdfImage[] = [];
      baseMaps.set(boxKey(layout), images);
      await renderBaseMap(
        job.layers,
        frame,
        rasterDpi(job.layers, frame, settings.dpi),
        async (piece) => {
          if (jpg) jpg.drawPiece(piece);
          else images.push(await pdfImageOf(piece));
        },
        { signal, onPiece: (done, total) => progress(0.05 + (0.75 * (index + done / total)) / boxes.length, "map") },
      );
    }
  } catch (error) {
    jpg?.release();
    throw error;
  }

  progress(0.8, "drawing");
  const svgs = laidOut.map(({ page, title, layout }) => {
    const frame = frameOf(settings, layout.map);
    const ring = frameRing(frame);
    // Elements just outside the frame can reach into it (a sign's picture, a label): a 50 mm margin.
    const extent = buffer(boundingExtent(ring), 50 / mmPerMapUnit(frame));
    const context = {
      toPage: mapToPage(frame),
      mmPerPx: MM_PER_CSS_PX,
      metresPerPixel: printMetresPerPixel(settings.scale),
      rotation: frame.rotation,
      center: frame.center,
      images: pictures.images,
      aspects: pictures.aspects,
      signSizeMm: settings.signSizeMm,
    };
    const elements = elementsSvg(page.elements, extent, context);
    const drawings: LegendRow[] = page.legendDrawings.map(({ template, label }) => ({
      image: null,
      aspect: 1.6,
      sample: (cell) => sampleSvg(template, cell, settings.scale, context),
      code: "",
      name: label,
      count: null,
    }));
    const signRows: LegendRow[] = page.legend.map((row) => ({
      image: row.src ? (pictures.images.get(row.src) ?? null) : null,
      aspect: row.src ? (pictures.aspects.get(row.src) ?? 1) : 1,
      code: row.code,
      name: row.name,
      count: row.count,
    }));
    return pageSvg(layout, { elements, legend: [...drawings, ...signRows], title });
  });
  signal?.throwIfAborted();

  progress(0.9, "file");
  const stem = safeName(`${job.planName} ${settings.paperSize} 1-${settings.scale}`);
  try {
    if (jpg) return { blob: await jpg.finish(svgs[0]!), fileName: `${stem}.jpg` };
    const pages: PdfPage[] = laidOut.map(({ layout }, index) => ({
      width: layout.width,
      height: layout.height,
      images: baseMaps.get(boxKey(layout))!,
      svg: svgs[index]!,
    }));
    if (job.inventory) {
      const rows = job.inventory.rows.map(({ src, ...row }) => ({
        ...row,
        image: src ? (pictures.images.get(src) ?? null) : null,
        aspect: src ? (pictures.aspects.get(src) ?? 1) : 1,
      }));
      for (const page of inventoryPagesSvg(rows, job.inventory.texts)) pages.push({ ...INVENTORY_PAGE, images: [], svg: page });
    }
    // jsPDF and svg2pdf.js (about 500 KB) load on the first PDF, not with the editor.
    const { writePdf } = await import("./write-pdf");
    const blob = await writePdf(
      pages,
      { title: job.planName, subject: settings.projectName || job.planName, creator: job.productName, pdfA: settings.pdfA },
      signal,
    );
    return { blob, fileName: `${stem}.pdf` };
  } finally {
    jpg?.release();
    progress(1, "file");
  }
}
