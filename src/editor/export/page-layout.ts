/**
 * Where things go on an exported page, in millimetres from its top-left corner: a 10 mm margin, the map,
 * and the panel with the legend and the title block: on the right of a landscape page, along the bottom
 * of a portrait one. The panel grows with the paper, so its text stays in proportion on A0 as on A4.
 */
import { PAPER_MM, type PaperSize } from "@/lib/schemas/export";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageLayout {
  /** The sheet, oriented. */
  width: number;
  height: number;
  map: Box;
  panel: Box;
  /** Whether the panel is a column on the right (landscape) or a band along the bottom (portrait). */
  panelSide: "right" | "bottom";
  /** Text and symbol size factor of the panel: 1 on A4 and A3. */
  scale: number;
}

/** Page margin: what a printer cannot print, and room for a frame line. */
export const PAGE_MARGIN_MM = 10;

/** The panel's size factor by paper: title blocks of A1 and A0 sheets are read from further away. */
const PANEL_SCALE: Record<PaperSize, number> = { A4: 1, A3: 1, A2: 1.2, A1: 1.45, A0: 1.7 };
/** The panel's width beside a landscape map, and height under a portrait one, at size factor 1. */
const PANEL_COLUMN_MM = 80;
const PANEL_BAND_MM = 72;

export function paperOf(paperSize: PaperSize, landscape: boolean): { width: number; height: number } {
  const { width, height } = PAPER_MM[paperSize];
  return landscape ? { width: height, height: width } : { width, height };
}

/**
 * The layout of a sheet. `bandHeight`: the height a portrait page's bottom band needs for its title
 * block, when more than the default.
 */
export function pageLayout(paperSize: PaperSize, landscape: boolean, bandHeight = 0): PageLayout {
  const { width, height } = paperOf(paperSize, landscape);
  const scale = PANEL_SCALE[paperSize];
  const inner: Box = { x: PAGE_MARGIN_MM, y: PAGE_MARGIN_MM, width: width - 2 * PAGE_MARGIN_MM, height: height - 2 * PAGE_MARGIN_MM };
  if (landscape) {
    const panelWidth = PANEL_COLUMN_MM * scale;
    return {
      width,
      height,
      map: { ...inner, width: inner.width - panelWidth },
      panel: { x: inner.x + inner.width - panelWidth, y: inner.y, width: panelWidth, height: inner.height },
      panelSide: "right",
      scale,
    };
  }
  const panelHeight = Math.min(Math.max(PANEL_BAND_MM * scale, bandHeight), inner.height / 2);
  return {
    width,
    height,
    map: { ...inner, height: inner.height - panelHeight },
    panel: { x: inner.x, y: inner.y + inner.height - panelHeight, width: inner.width, height: panelHeight },
    panelSide: "bottom",
    scale,
  };
}
