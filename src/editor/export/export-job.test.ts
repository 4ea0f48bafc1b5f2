import { describe, expect, it } from "vitest";
import { exportJobOf, frameLayout, pictureRowsOf, titleTableOf, type ExportRequest } from "./export-job";
import { elementRefsOf } from "../core/store/plan-store";
import { signPictures } from "../kinds/sign/plan-inventory";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { defaultPlanContent, type PlanContent } from "@/lib/elements/plan-content";
import type { ExportSettings } from "@/lib/schemas/export";
import type { SiteId } from "@/sites/site-ids";
import { exportLanguage } from "../../../tests/support/export-language";

const da = exportLanguage("da");
const settings: ExportSettings = {
  type: "largeArea",
  format: "pdf",
  paperSize: "A3",
  landscape: true,
  scale: 500,
  dpi: 300,
  center: [10.386, 55.402],
  rotation: 0,
  coordinates: true,
  northArrow: true,
  showScale: true,
  pipeSpecifications: false,
  companyLogo: false,
  phases: "all",
  signInventory: false,
  signSizeMm: 8,
  pdfA: false,
  projectName: "",
  projectAddress: "",
  description: "",
};
const sign = (id: string, imageUrl: string, phase?: "active" | "inactive") => ({ ...EXAMPLE_ELEMENTS.sign, id, imageUrl, phase });
const line = (id: string, colour: string, phase?: "active" | "inactive") => ({ ...EXAMPLE_ELEMENTS.line, id, colour, phase });

/** A plan with a sign and a black line in both phases, a red line and a 30-sign in the active phase only, a pipe. */
function plan(): PlanContent {
  return {
    ...defaultPlanContent(),
    signs: [sign("s1", "/signs/A/A11.webp"), sign("s2", "/signs/C/C55.webp", "active"), sign("s3", "/signs/A/A11.webp", "inactive")],
    lines: [line("l1", "#000000"), line("l2", "#ff0000", "active")],
    pipes: [{ ...EXAMPLE_ELEMENTS.pipe, presetName: "Spildevand" }],
    planInfo: { phase: "active" },
  };
}
const request = (patch: Partial<ExportSettings> = {}, site: SiteId = "skilteplanen"): ExportRequest => ({
  settings: { ...settings, ...patch },
  site,
  productName: "Skilteplanen",
  planName: "Vejarbejde",
  content: plan(),
  language: da,
  logo: null,
});
const run = { layers: [] };

describe("the export's job", () => {
  it("makes a page per phase, each with its own elements, texts and legend, and the inventory of the whole plan", async () => {
    const job = await exportJobOf(request({ phases: "both", signInventory: true }), run);
    expect(job.pages.map((page) => page.elements.map((ref) => ref.element.id))).toEqual([
      ["s1", "s2", "l1", "l2", "pipe-1"],
      ["s1", "s3", "l1", "pipe-1"],
    ]);
    expect(job.pages.map((page) => page.texts.rows[0]!.value)).toEqual(["Aktiv fase (arbejdstid)", "Inaktiv fase (nat og weekend)"]);
    // The drawings' rows per look (two colours of line in the active phase), then the page's signs counted.
    expect(job.pages[0]!.legendDrawings.map((row) => row.label)).toEqual(["Linje", "Linje", "Ledning: Spildevand"]);
    expect(job.pages[1]!.legendDrawings.map((row) => row.label)).toEqual(["Linje", "Ledning: Spildevand"]);
    expect(job.pages[0]!.legend.map((row) => [row.code, row.count])).toEqual([
      ["A 11", 1],
      ["C 55", 1],
    ]);
    expect(job.pages[1]!.legend.map((row) => [row.code, row.count])).toEqual([["A 11", 2]]);
    expect(job.inventory?.rows.map((row) => [row.code, row.count])).toEqual([
      ["A 11", 2],
      ["C 55", 1],
    ]);
    expect(job.inventory?.texts.title).toBe("Skilteoversigt");
  });

  it("prints the inventory of the one page shown, and none for a JPG or when not chosen", async () => {
    const active = await exportJobOf(request({ phases: "active", signInventory: true }), run);
    expect(active.inventory?.rows.map((row) => [row.code, row.count])).toEqual([
      ["A 11", 1],
      ["C 55", 1],
    ]);
    expect((await exportJobOf(request({ signInventory: true, format: "jpg" }), run)).inventory).toBeNull();
    expect((await exportJobOf(request(), run)).inventory).toBeNull();
  });
});

describe("what the kinds contribute", () => {
  it("lists the plan's elements kind by kind in the registry's order", () => {
    expect(elementRefsOf(plan()).map((ref) => `${ref.kind}:${ref.element.id}`)).toEqual([
      "sign:s1",
      "sign:s2",
      "sign:s3",
      "line:l1",
      "line:l2",
      "pipe:pipe-1",
    ]);
  });

  it("names the signs' rows with their catalogue names and sizes, and the pictures to fetch", async () => {
    const rows = await pictureRowsOf(elementRefsOf(plan()), da);
    expect(rows.map((row) => [row.code, row.count])).toEqual([
      ["A 11", 2],
      ["C 55", 1],
    ]);
    // The catalogue's picture, drawn with its value for a parametric sign.
    expect(rows[0]!.src).toBe("/signs/dk/A/A11.svg");
    expect(rows[1]!.src).toMatch(/^data:image\/svg\+xml/);
    expect(rows[0]!.name.length).toBeGreaterThan(3);
    expect(signPictures(sign("s", "/signs/A/A11.webp"))).toContain(rows[0]!.src);
  });

  it("prints the pipe table on the sewer site only, where it makes the portrait page's map shorter", () => {
    const refs = elementRefsOf(plan());
    expect(titleTableOf(refs, "kloakplanen", da).map((row) => row.name)).toEqual(["Spildevand"]);
    expect(titleTableOf(refs, "skilteplanen", da)).toEqual([]);
    const portrait = { paperSize: "A4" as const, landscape: false, pipeSpecifications: true };
    const pipes = Array.from({ length: 8 }, (_, index) => ({ ...EXAMPLE_ELEMENTS.pipe, id: `p${index}`, presetName: `Type ${index}` }));
    const withPipes = (site: SiteId) => ({ ...request(portrait, site), content: { ...plan(), pipes } });
    const sewer = frameLayout(withPipes("kloakplanen")).map;
    const signs = frameLayout(withPipes("skilteplanen")).map;
    expect(sewer.height).toBeLessThan(signs.height);
  });
});
