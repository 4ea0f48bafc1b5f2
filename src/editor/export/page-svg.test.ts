import { describe, expect, it } from "vitest";
import ImageLayer from "ol/layer/Image";
import TileLayer from "ol/layer/Tile";
import { fromLonLat } from "ol/proj";
import XYZ from "ol/source/XYZ";
import { CHUNK_PX, MIN_RASTER_DPI, piecesOf, rasterDpi } from "./base-map";
import { inventoryPagesSvg, type InventoryPageRow } from "./inventory-pages";
import { pageLayout } from "./page-layout";
import { layoutFor, legendSvg, pageSvg, scaleBarMetres, type LegendRow, type PageTexts, type TitleBlockContent } from "./page-svg";
import type { PipeSpecRow } from "../kinds/pipe/specifications";
import { PAPER_SIZES } from "@/lib/schemas/export";
import { jpgDpi, MAX_PAGE_PIXELS } from "./write-jpg";
import { wrapText } from "../core/svg/svg";
import { exportErrorKey, ExportResizedError } from "./export-errors";

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
  decimal: (value) => String(value).replace(".", ","),
  pipes: {
    title: "Rørspecifikationer",
    name: "Type",
    dimension: "Dim. (mm)",
    material: "Materiale",
    length: "Længde",
    total: "I alt",
    more: (count) => `${count} rørtyper mere`,
    metres: (metres) => `${metres.toFixed(1).replace(".", ",")} m`,
  },
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
  pipes: null,
  texts,
};

function pipeRow(label: string, extra: Partial<PipeSpecRow> = {}): PipeSpecRow {
  return {
    key: label,
    name: label,
    label,
    presetName: null,
    waterKind: "spildevand",
    colour: "#c62828",
    dashPattern: "solid",
    widthMm: 110,
    dimension: 110,
    material: "PP",
    falls: [],
    lengthMetres: 12.4,
    count: 1,
    ...extra,
  };
}
const pipeRows = [
  pipeRow("Spildevand", { name: "Spildevand 110 PP" }),
  pipeRow("Regnvand", {
    name: "Regnvand 160 PVC",
    waterKind: "regnvand",
    colour: "#1565c0",
    dashPattern: "standard",
    dimension: 160,
    material: "PVC",
    lengthMetres: 30.25,
  }),
  pipeRow("Drænvand", {
    name: "Drænvand 100",
    waterKind: "draen",
    colour: "#2e7d32",
    dashPattern: "short",
    dimension: 100,
    material: null,
    lengthMetres: 8,
  }),
];

/** The text elements of an SVG: where each starts on the page, its size and anchor, and what it says. */
function textsOf(svg: string) {
  // The north arrow's letter is placed in its turned group's own coordinates.
  const flat = svg.replace(/<g transform="translate[^"]*">.*?<\/g>/g, "");
  return [...flat.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)"[^>]*font-size="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>([^<]*)<\/text>/g)].map(
    (m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      size: Number(m[3]),
      anchor: m[4]!,
      text: m[5]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&"),
    }),
  );
}

/** The title block's frame: the second white, outlined box of the page (the first is the panel). */
function blockBoxOf(svg: string) {
  const m = [
    ...svg.matchAll(
      /<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#ffffff" stroke="#1a1a1a" stroke-width="0.5"\/>/g,
    ),
  ][1]!;
  return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
}

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

  it("labels the scale bar in the site's language: 2,5 m at half a 5 m bar", () => {
    const svg = pageSvg(pageLayout("A3", true), { elements: "", legend: [], title: { ...title, scaleBar: { metres: 5, mm: 25 } } });
    expect(svg).toContain(">2,5</text>");
    expect(svg).toContain(">5 m</text>");
    expect(svg).not.toContain(">2.5<");
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

describe("the pipe specifications table", () => {
  const withPipes: TitleBlockContent = { ...title, pipes: { rows: pipeRows, scale: 500 } };

  it("lists each pipe type with its sample, name, dimension, material and length, and the total", () => {
    const svg = pageSvg(pageLayout("A3", true), { elements: "", legend: [], title: withPipes });
    const texts = textsOf(svg).map((t) => t.text);
    for (const expected of ["Rørspecifikationer", "Type", "Dim. (mm)", "Materiale", "Længde", "I alt"]) expect(texts).toContain(expected);
    // Each type by its label: its dimension and material stand in their columns.
    for (const expected of ["Spildevand", "Regnvand", "Drænvand", "110", "160", "100", "PP", "PVC", "–"]) expect(texts).toContain(expected);
    expect(texts).toContain("12,4 m");
    expect(texts).toContain("30,3 m");
    expect(texts).toContain("50,7 m");
    // Samples in the pipes' colours: solid red, dashed blue with the standard pattern's 2:1 dash to gap.
    expect(svg).toMatch(/<line [^>]*stroke="#c62828" stroke-width="[\d.]+"\/>/);
    const dash = /<line [^>]*stroke="#1565c0"[^>]*stroke-dasharray="([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(Number(dash[1]) / Number(dash[2])).toBeCloseTo(2, 2);
    // The short pattern's dash is shorter than the standard's: the patterns keep their proportions.
    const short = /<line [^>]*stroke="#2e7d32"[^>]*stroke-dasharray="([\d.]+) ([\d.]+)"/.exec(svg)!;
    expect(Number(short[1])).toBeLessThan(Number(dash[1]));
    // The table is the title block's top: under the legend, above the plan's name.
    const heading = textsOf(svg).find((t) => t.text === "Rørspecifikationer")!;
    expect(texts).not.toContain("Spildevand 110 PP");
    expect(heading.y).toBeLessThan(textsOf(svg).find((t) => t.text.startsWith("Vestergade"))!.y);
  });

  it("is left out when the setting is off or the plan has no pipes", () => {
    expect(pageSvg(pageLayout("A3", true), { elements: "", legend: [], title })).not.toContain("Rørspecifikationer");
    const none = { ...title, pipes: { rows: [], scale: 500 } };
    expect(pageSvg(pageLayout("A3", true), { elements: "", legend: [], title: none })).not.toContain("Rørspecifikationer");
  });

  const legend: LegendRow[] = Array.from({ length: 12 }, (_, i) => ({
    image: null,
    aspect: 1,
    code: `B${i}`,
    name: "Brønd Ø425",
    count: 2,
  }));
  const long = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      pipeRow(`Stikledning nr. ${i + 1} fra tagnedløb til skelbrønd`, {
        key: `p${i}`,
        material: "Ultra Rib 2 SN8",
        dimension: 1000 + i,
        lengthMetres: 1234.5,
      }),
    );

  for (const paper of PAPER_SIZES)
    for (const landscape of [true, false])
      it(`stays inside the panel on ${paper} ${landscape ? "landscape" : "portrait"}, counting the types that do not fit`, () => {
        for (const count of [3, 60]) {
          const content: TitleBlockContent = {
            ...title,
            description: "Omlægning af stikledninger og etablering af ny skelbrønd. ".repeat(4),
            pipes: { rows: count === 3 ? pipeRows : long(count), scale: 200 },
          };
          const layout = layoutFor(paper, landscape, content);
          const svg = pageSvg(layout, { elements: "", legend, title: content });
          const { panel } = layout;
          const block = blockBoxOf(svg);
          expect(block.y).toBeGreaterThanOrEqual(panel.y - 0.01);
          expect(block.y + block.height).toBeLessThanOrEqual(panel.y + panel.height + 0.01);
          for (const text of textsOf(svg)) {
            const width = text.text.length * text.size * 0.55;
            const left = text.anchor === "end" ? text.x - width : text.anchor === "middle" ? text.x - width / 2 : text.x;
            expect(left, text.text).toBeGreaterThanOrEqual(panel.x - 0.01);
            expect(left + width, text.text).toBeLessThanOrEqual(panel.x + panel.width + 0.01);
            expect(text.y, text.text).toBeLessThanOrEqual(panel.y + panel.height);
            expect(text.y - text.size, text.text).toBeGreaterThanOrEqual(panel.y);
          }
          // Table texts lie inside the block, and the block under the legend: nothing overlaps.
          for (const text of textsOf(svg).filter((t) => t.text === "Rørspecifikationer" || t.text === "I alt"))
            expect(text.y - text.size).toBeGreaterThanOrEqual(block.y);
          if (landscape) {
            const legendTexts = textsOf(svg).filter((t) => /^B\d+ /.test(t.text) || t.text.includes("skilte mere"));
            expect(legendTexts.length).toBeGreaterThan(0);
            for (const text of legendTexts) expect(text.y).toBeLessThanOrEqual(block.y);
          }
          const more = textsOf(svg).find((t) => t.text.endsWith("rørtyper mere"));
          const shown = textsOf(svg).filter((t) => t.text.startsWith("Stikledning")).length;
          if (count === 3) expect(more).toBeUndefined();
          else {
            expect(more).toBeDefined();
            // Those shown and those counted make all of them.
            expect(shown + Number(more!.text.split(" ")[0])).toBe(count);
            expect(textsOf(svg).map((t) => t.text)).toContain("I alt");
          }
        }
      });
});
