import { describe, expect, it } from "vitest";
import ImageLayer from "ol/layer/Image";
import TileLayer from "ol/layer/Tile";
import { fromLonLat } from "ol/proj";
import XYZ from "ol/source/XYZ";
import { CHUNK_PX, MIN_RASTER_DPI, piecesOf, rasterDpi } from "./base-map";
import { inventoryPagesSvg, type InventoryPageRow } from "./inventory-pages";
import { pageLayout } from "./page-layout";
import { layoutFor, legendSvg, pageSvg, scaleBarMetres, type PageTexts, type TitleBlockContent } from "./page-svg";
import { jpgDpi, MAX_PAGE_PIXELS } from "./write-jpg";
import { wrapText } from "./svg";
import { exportErrorKey, ExportResizedError } from "../ui/export/export-errors";

const texts: PageTexts = {
  legend: "Skilte på planen",
  legendMore: (count) => `${count} skilte mere`,
  count: (count) => `${count} stk.`,
  scale: "Målestok",
  coordinates: (grid) => `Koordinater (${grid})`,
  centre: "Midte:",
  date: "Dato:",
  description: "Beskrivelse",
  footer: "Udarbejdet med Skilteplanen",
  north: "N",
  rows: [
    { label: "Fase", value: "Aktiv fase (arbejdstid)" },
    { label: "Plannr.", value: "" },
  ],
};
const title: TitleBlockContent = {
  productName: "Skilteplanen",
  planName: "Vestergade <etape 2> & co",
  projectName: "Ledningsarbejde",
  projectAddress: "Vestergade 1, Odense",
  description: "Halv spærring.",
  scaleText: "1:500 (A3)",
  scaleBar: { metres: 20, mm: 40 },
  north: Math.PI / 6,
  coordinates: { grid: "ETRS89 / UTM 32N", east: 587738.4, north: 6140376.2 },
  date: "26.11.2026",
  logo: null,
  texts,
};

describe("the page", () => {
  it("writes the title block's values as escaped text, leaves out empty rows, and turns the north arrow with the map", () => {
    const layout = pageLayout("A3", true);
    const svg = pageSvg(layout, { elements: "", legend: [], title });
    expect(svg).toContain("Vestergade &lt;etape 2&gt; &amp; co");
    expect(svg).toContain("Aktiv fase (arbejdstid)");
    expect(svg).not.toContain("Plannr.");
    expect(svg).toContain("Målestok 1:500 (A3)");
    expect(svg).toContain("E 587 738  N 6 140 376");
    expect(svg).toMatch(/rotate\(30\)/);
    expect(svg).toContain('clip-path="url(#map-area)"');
  });

  it("chooses a scale bar of 1, 2 or 5 × 10ⁿ metres that fits", () => {
    expect(scaleBarMetres(500, 40)).toBe(20);
    expect(scaleBarMetres(250, 40)).toBe(10);
    expect(scaleBarMetres(1000, 40)).toBe(20);
    expect(scaleBarMetres(5000, 40)).toBe(200);
    expect(scaleBarMetres(100, 40)).toBe(2);
  });

  it("lists as many signs as fit in the legend and says how many more there are", () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ image: null, aspect: 1, code: `A ${i}`, name: "Farligt vejkryds", count: i + 1 }));
    const { svg, left } = legendSvg(rows, { x: 0, y: 0, width: 80, height: 120 }, texts, 1);
    expect(left).toBeGreaterThan(20);
    expect(svg).toContain(`${left} skilte mere`);
    expect(legendSvg(rows.slice(0, 3), { x: 0, y: 0, width: 80, height: 120 }, texts, 1).left).toBe(0);
  });

  it("gives a portrait page's band the height its title block needs", () => {
    const tall = { ...title, description: "Lang beskrivelse ".repeat(30) };
    expect(layoutFor("A4", false, tall).panel.height).toBeGreaterThan(layoutFor("A4", false, title).panel.height);
    expect(layoutFor("A3", true, tall)).toEqual(pageLayout("A3", true));
  });

  it("breaks text into lines that fit, cutting a word longer than a line", () => {
    const lines = wrapText("Halv spærring af kørebanen ved ledningsarbejde", 30, 3);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length * 3 * 0.55).toBeLessThanOrEqual(30 + 0.01);
    expect(wrapText("x".repeat(100), 10, 3).length).toBeGreaterThan(5);
  });
});

describe("the sign inventory's pages", () => {
  it("carries the table over as many A4 pages as it needs, numbered, with the total on the last", () => {
    const rows: InventoryPageRow[] = Array.from({ length: 40 }, (_, i) => ({
      image: null,
      aspect: 1,
      code: `C ${i}`,
      name: "Forbud",
      size: "0,7 m",
      count: 2,
    }));
    const pages = inventoryPagesSvg(rows, {
      title: "Skilteoversigt",
      planName: "Plan",
      subtitle: "Skilteplanen · 26.11.2026",
      columns: { code: "Kode", name: "Navn", size: "Størrelse", count: "Antal" },
      total: "I alt",
      pageOf: (page, count) => `Side ${page} af ${count}`,
    });
    expect(pages.length).toBe(3);
    expect(pages[0]).toContain("Side 1 af 3");
    expect(pages[2]).toContain(">I alt<");
    expect(pages[2]).toContain(">80<");
    expect(pages[0]).not.toContain(">I alt<");
  });
});

describe("printing within a browser's canvas limits", () => {
  it("splits the base map into pieces of at most CHUNK_PX that join without gaps", () => {
    const pieces = piecesOf(14043, 9933);
    expect(pieces.length).toBe(12);
    for (const piece of pieces) expect(Math.max(piece.width, piece.height)).toBeLessThanOrEqual(CHUNK_PX);
    expect(pieces.reduce((sum, p) => sum + p.width * p.height, 0)).toBe(14043 * 9933);
  });

  it("renders the base map no finer than twice its finest tiles, and never below MIN_RASTER_DPI", () => {
    const osm = new TileLayer({ source: new XYZ({ url: "http://127.0.0.1/{z}/{x}/{y}.png", maxZoom: 19 }) });
    const frame = (scale: number) => ({ center: fromLonLat([10.38551, 55.40178]), scale, rotation: 0, map: pageLayout("A3", true).map });
    // 1:500 at 300 dpi asks for 4.2 cm a dot; zoom 19 has 17 cm a pixel there: 75 dpi of real detail, rendered at 150.
    expect(rasterDpi([osm], frame(500), 300)).toBeGreaterThanOrEqual(145);
    expect(rasterDpi([osm], frame(500), 300)).toBeLessThanOrEqual(155);
    expect(rasterDpi([osm], frame(5000), 300)).toBe(300);
    expect(rasterDpi([osm], frame(100), 300)).toBe(MIN_RASTER_DPI);
    // A background image has no tiles to run out of.
    expect(rasterDpi([new ImageLayer()], frame(500), 300)).toBe(300);
  });

  it("writes a JPG at the chosen dpi unless the page would pass the canvas budget", () => {
    expect(jpgDpi(420, 297, 300)).toBe(300);
    const a0 = jpgDpi(1189, 841, 300);
    expect(a0).toBe(300);
    const huge = jpgDpi(2400, 1700, 300);
    expect(huge).toBeLessThan(300);
    expect(((2400 / 25.4) * huge * (1700 / 25.4) * huge) / MAX_PAGE_PIXELS).toBeLessThanOrEqual(1);
  });

  it("names the export's failures by the error catalogue", () => {
    expect(exportErrorKey(new ExportResizedError(), "pdf")).toBe("resized");
    expect(exportErrorKey(new DOMException("stop", "AbortError"), "pdf")).toBe("cancelled");
    expect(exportErrorKey(new Error("canvasContext"), "jpg")).toBe("canvasContext");
    expect(exportErrorKey(new Error("canvasEncode"), "pdf")).toBe("pdfConversion");
    expect(exportErrorKey(new Error("boom"), "jpg")).toBe("downloadingJpg");
  });
});
