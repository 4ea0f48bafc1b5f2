import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSignSvg } from "../render/render-svg";
import { assertWellFormed } from "../svg-assertions";
import { DK_SIGN_CATEGORIES } from "../types";
import { signId } from "./define";
import { DK_SIGN_DEFINITIONS, DK_SIGNS, renderDkSignSvg } from "./index";
import { speedDigits, withUnit } from "./values";

const root = path.join(import.meta.dirname, "..", "..", "..", "..");

describe("Danish sign catalogue", () => {
  it("has complete metadata for every entry", () => {
    expect(DK_SIGNS.length).toBeGreaterThan(150);
    for (const sign of DK_SIGNS) {
      expect(sign.id, sign.code).toMatch(/^[A-Za-z0-9][\w.-]*$/);
      expect(sign.code.trim(), sign.id).not.toBe("");
      expect(sign.name.trim().length, sign.id).toBeGreaterThan(1);
      expect(DK_SIGN_CATEGORIES, sign.id).toContain(sign.category);
      expect(sign.imageUrl).toBe(`/signs/dk/${sign.category}/${encodeURIComponent(sign.id)}.webp`);
      expect(sign.svgUrl).toBe(`/signs/dk/${sign.category}/${encodeURIComponent(sign.id)}.svg`);
      for (const size of sign.sizes ?? []) {
        expect(size.widthInMeters, sign.id).toBeGreaterThan(0);
        expect(size.heightInMeters, sign.id).toBeGreaterThan(0);
      }
      if (sign.initialHeightInMeters !== undefined) expect(sign.initialHeightInMeters, sign.id).toBeGreaterThan(0);
      if (sign.initialWidthInMeters !== undefined) expect(sign.initialWidthInMeters, sign.id).toBeGreaterThan(0);
      if (sign.parameter) expect(sign.parameter.defaultValue.trim(), sign.id).not.toBe("");
    }
  });

  it("has unique ids, and one main entry per code in a category (variants carry a suffixed id)", () => {
    const ids = DK_SIGNS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const main = DK_SIGNS.filter((s) => s.id === signId(s.code)).map((s) => `${s.category}/${s.code}`);
    expect(new Set(main).size).toBe(main.length);
  });

  it("ends every zone (E 68.x) with its own end sign (E 69.x, named … ophører), E 69.2 included", () => {
    const zones = DK_SIGNS.filter((s) => /^E 68(\.\d+)?$/.test(s.code));
    expect(zones.map((s) => s.code)).toContain("E 68.2");
    for (const zone of zones) {
      const end = DK_SIGNS.find((s) => s.code === zone.code.replace("E 68", "E 69"));
      expect(end?.name, zone.code).toBe(`${zone.name} ophører`);
    }
    // The end of the stopping prohibition zone shows both faded bars, the parking one only one.
    expect(renderDkSignSvg("E69.2")).not.toBe(renderDkSignSvg("E69"));
  });

  it("lists the categories in the specification's order", () => {
    const order = DK_SIGNS.map((s) => (DK_SIGN_CATEGORIES as readonly string[]).indexOf(s.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("defaults every A–E sign to its ≤ 50 km/h size, the first of its sizes", () => {
    for (const sign of DK_SIGNS.filter((s) => ["A", "B", "C", "D", "E"].includes(s.category))) {
      const first = sign.sizes?.[0];
      expect(first, sign.id).toBeDefined();
      expect(sign.initialWidthInMeters, sign.id).toBe(first!.widthInMeters);
      expect(sign.initialHeightInMeters, sign.id).toBe(first!.heightInMeters);
    }
  });

  it("draws every sign in the proportions of each of its real-world sizes, so a printed plan is to scale", () => {
    // Barrier booms come in several lengths at one height: their one drawing is stretched along its
    // length, which keeps the length on the plan right (the stripes get longer, as on a longer boom).
    const stretchedAlongTheirLength = new Set(["O43", "O43-venstre", "O44", "O45"]);
    const wrong: string[] = [];
    for (const sign of DK_SIGNS.filter((s) => !stretchedAlongTheirLength.has(s.id))) {
      const svg = readFileSync(path.join(root, "public", decodeURIComponent(sign.svgUrl)), "utf8");
      const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
      expect(box, sign.id).not.toBeNull();
      const drawn = Number(box![1]) / Number(box![2]);
      for (const size of sign.sizes ?? [{ widthInMeters: sign.initialWidthInMeters!, heightInMeters: sign.initialHeightInMeters! }]) {
        const real = size.widthInMeters / size.heightInMeters;
        if (Math.abs(drawn / real - 1) > 0.02)
          wrong.push(`${sign.id}: drawn ${drawn.toFixed(3)}, ${size.widthInMeters}×${size.heightInMeters} m is ${real.toFixed(3)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("has the rendered files of every entry in public/", () => {
    const missing = DK_SIGNS.flatMap((s) => [s.svgUrl, s.imageUrl]).filter((url) => !existsSync(path.join(root, "public", url)));
    expect(missing).toEqual([]);
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

describe("renderSignSvg", () => {
  it("renders every sign deterministically as well-formed, self-contained SVG", () => {
    for (const def of DK_SIGN_DEFINITIONS) {
      const first = renderSignSvg(def.draw());
      expect(renderSignSvg(def.draw()), def.meta.id).toBe(first);
      assertWellFormed(first, def.meta.id);
    }
  });

  it("rounds coordinates to 0.1", () => {
    const svg = renderDkSignSvg("A11")!;
    expect(svg).not.toMatch(/\d\.\d{2,}(?![\d]*\))/);
  });

  it("sizes the preview by its longest side", () => {
    expect(renderDkSignSvg("C55")).toMatch(/width="256" height="256"/);
    expect(renderDkSignSvg("C55", undefined, { pixels: 64 })).toMatch(/width="64" height="64"/);
  });

  it("draws parametric speed limits from the value", () => {
    const fifty = renderDkSignSvg("C55", "50")!;
    const eighty = renderDkSignSvg("C55", "80")!;
    expect(eighty).not.toBe(fifty);
    expect(renderDkSignSvg("C55")).toBe(fifty); // the default value is 50
    expect(renderDkSignSvg("C55", "130")).not.toBe(renderDkSignSvg("C55", "30"));
    // Digits are paths, not font text, so every rasteriser draws the same figures.
    expect(eighty).not.toContain("<text");
  });

  it("draws weight and dimension limits from the value, adding the unit", () => {
    expect(renderDkSignSvg("C42", "3,2 m")).not.toBe(renderDkSignSvg("C42", "4 m"));
    expect(renderDkSignSvg("C42", "3.2")).toBe(renderDkSignSvg("C42", "3,2 m"));
    expect(renderDkSignSvg("C31", "12")).toBe(renderDkSignSvg("C31", "12 t"));
  });

  it("escapes a town name typed by the user", () => {
    const svg = renderDkSignSvg("E55", 'Ærø & "Marstal" <by>')!;
    assertWellFormed(svg, "E55");
    expect(svg).toContain("Ærø &amp; &quot;Marstal&quot; &lt;by&gt;");
  });

  it("answers null for an unknown id", () => {
    expect(renderDkSignSvg("X99")).toBeNull();
  });
});

describe("values of parametric signs", () => {
  it("normalises units and decimal commas", () => {
    expect(withUnit("3.5", "m")).toBe("3,5 m");
    expect(withUnit("3,5m", "m")).toBe("3,5 m");
    expect(withUnit(" 12 ", "t")).toBe("12 t");
    expect(withUnit("ca. 4 m", "m")).toBe("ca. 4 m");
  });

  it("keeps 1–3 digits of a speed", () => {
    expect(speedDigits("50 km/h")).toBe("50");
    expect(speedDigits("1300")).toBe("130");
    expect(speedDigits("abc")).toBe("0");
  });
});
