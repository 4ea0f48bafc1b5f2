import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DK_SIGNS } from "../dk";
import { renderSignSvg } from "../render/render-svg";
import { assertWellFormed } from "../svg-assertions";
import { SEWER_SYMBOL_CATEGORIES, SEWER_SYMBOL_FOLDERS } from "../types";
import { SEWER_SYMBOL_DEFINITIONS, SEWER_SYMBOLS, renderSewerSymbolSvg } from "./index";

const root = path.join(import.meta.dirname, "..", "..", "..", "..");
const symbolOf = (id: string) => SEWER_SYMBOLS.find((s) => s.id === id);

describe("Sewer symbol catalogue", () => {
  it("has complete metadata for every entry, each flagged isKloakElement", () => {
    expect(SEWER_SYMBOLS.length).toBeGreaterThanOrEqual(105);
    for (const s of SEWER_SYMBOLS) {
      expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.code.trim(), s.id).not.toBe("");
      expect(s.name.trim().length, s.id).toBeGreaterThan(1);
      expect(s.description?.trim().length ?? 0, s.id).toBeGreaterThan(20);
      expect(s.description, s.id).not.toMatch(/\n/);
      expect(SEWER_SYMBOL_CATEGORIES as readonly string[], s.id).toContain(s.category);
      expect(s.isKloakElement, s.id).toBe(true);
      const folder = SEWER_SYMBOL_FOLDERS[s.category as keyof typeof SEWER_SYMBOL_FOLDERS];
      expect(s.imageUrl).toBe(`/signs/sewer/${folder}/${s.id}.webp`);
      expect(s.svgUrl).toBe(`/signs/sewer/${folder}/${s.id}.svg`);
      expect(s.initialWidthInMeters === undefined, s.id).toBe(s.initialHeightInMeters === undefined);
      if (s.initialWidthInMeters !== undefined) expect(s.initialWidthInMeters, s.id).toBeGreaterThan(0);
      if (s.initialHeightInMeters !== undefined) expect(s.initialHeightInMeters, s.id).toBeGreaterThan(0);
    }
  });

  it("has unique ids, codes, names and descriptions, and no id of a traffic sign", () => {
    for (const key of ["id", "code", "name", "description"] as const) {
      const values = SEWER_SYMBOLS.map((s) => s[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    const dk = new Set(DK_SIGNS.map((s) => s.id));
    expect(SEWER_SYMBOLS.filter((s) => dk.has(s.id)).map((s) => s.id)).toEqual([]);
  });

  it("has symbols in every category, in the specification's order, the lar images in the LAR folder", () => {
    for (const category of SEWER_SYMBOL_CATEGORIES)
      expect(
        SEWER_SYMBOLS.some((s) => s.category === category),
        category,
      ).toBe(true);
    const order = SEWER_SYMBOLS.map((s) => (SEWER_SYMBOL_CATEGORIES as readonly string[]).indexOf(s.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(SEWER_SYMBOLS.filter((s) => s.category === "lar").every((s) => s.imageUrl.startsWith("/signs/sewer/LAR/"))).toBe(true);
  });

  it("gives the specification's default sizes", () => {
    const height = (id: string) => symbolOf(id)?.initialHeightInMeters;
    const width = (id: string) => symbolOf(id)?.initialWidthInMeters;
    expect(
      ["rensebrond-315", "rensebrond-425", "rensebrond-600", "rensebrond-1000", "rensebrond-1250", "inspektionsbrond-200"].map(height),
    ).toEqual([0.315, 0.425, 0.6, 1, 1.25, 0.2]);
    expect(["standror-110", "standror-200"].map(width)).toEqual([0.11, 0.2]);
    expect(["nedsivningselement-30", "nedsivningselement-45", "nedsivningselement-90"].map(width)).toEqual([0.3, 0.45, 0.9]);
    expect([width("plantebed-16"), height("plantebed-16")]).toEqual([4, 4]);
    expect(width("kuppelrist")).toBe(0.6);
  });

  it("draws every sized symbol in the proportions of its real size", () => {
    for (const def of SEWER_SYMBOL_DEFINITIONS.filter((d) => d.meta.initialWidthInMeters !== undefined)) {
      const drawing = def.draw();
      expect(drawing.width / drawing.height, def.meta.id).toBeCloseTo(def.meta.initialWidthInMeters! / def.meta.initialHeightInMeters!, 2);
    }
  });

  it("renders every symbol deterministically as well-formed, self-contained SVG in black and white", () => {
    for (const def of SEWER_SYMBOL_DEFINITIONS) {
      const svg = renderSignSvg(def.draw());
      expect(renderSignSvg(def.draw()), def.meta.id).toBe(svg);
      assertWellFormed(svg, def.meta.id);
      // Prints on a black-and-white printer: no colour but black, white and none.
      const colours = new Set([...svg.matchAll(/(?:fill|stroke)="([^"]+)"/g)].map((m) => m[1]));
      expect(
        [...colours].filter((c) => !["#000000", "#ffffff", "none"].includes(c!)),
        def.meta.id,
      ).toEqual([]);
      // Lettering is drawn as paths, never left to the fonts of the machine.
      expect(svg, def.meta.id).not.toContain("<text");
    }
    expect(renderSewerSymbolSvg("rensebrond-425")).toContain("<title>Rensebrønd Ø425</title>");
    expect(renderSewerSymbolSvg("A11")).toBeNull();
  });

  it("has the rendered files of every entry in public/", () => {
    const missing = SEWER_SYMBOLS.flatMap((s) => [s.svgUrl, s.imageUrl]).filter((url) => !existsSync(path.join(root, "public", url)));
    expect(missing).toEqual([]);
    expect(readFileSync(path.join(root, "public", symbolOf("faskine")!.svgUrl), "utf8")).toContain("<title>Faskine</title>");
  });

  it("regenerating the files changes nothing (generate-signs --check)", () => {
    const run = () =>
      execFileSync(process.execPath, ["--import", "tsx", "scripts/generate-signs.ts", "--check"], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
      });
    expect(run).not.toThrow();
  }, 120_000);
});
