import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DK_SIGNS } from "../dk";
import { renderSignSvg } from "../render/render-svg";
import { SEWER_SYMBOLS } from "../sewer";
import { assertWellFormed } from "../svg-assertions";
import { SE_SIGN_CATEGORIES, SE_SIGN_FOLDERS } from "../types";
import { seSignId } from "./define";
import { renderSeSignSvg, SE_SIGN_DEFINITIONS, SE_SIGNS } from "./index";

const root = path.join(import.meta.dirname, "..", "..", "..", "..");
const signOf = (id: string) => SE_SIGNS.find((s) => s.id === id);

describe("Swedish sign catalogue", () => {
  it("has complete metadata for every entry: Swedish code and name, an id 'se-…', its folder", () => {
    expect(SE_SIGNS.length).toBeGreaterThan(60);
    for (const sign of SE_SIGNS) {
      expect(sign.id, sign.code).toMatch(/^se-[A-Za-z0-9][\w.-]*$/);
      expect(sign.code.trim(), sign.id).not.toBe("");
      expect(sign.code, sign.id).not.toMatch(/\s/);
      expect(sign.name.trim().length, sign.id).toBeGreaterThan(1);
      expect(SE_SIGN_CATEGORIES, sign.id).toContain(sign.category);
      const folder = SE_SIGN_FOLDERS[sign.category as keyof typeof SE_SIGN_FOLDERS];
      expect(sign.imageUrl).toBe(`/signs/se/${folder}/${encodeURIComponent(sign.id)}.webp`);
      expect(sign.svgUrl).toBe(`/signs/se/${folder}/${encodeURIComponent(sign.id)}.svg`);
      expect(sign.sizes?.length, sign.id).toBeGreaterThan(0);
      expect(sign.initialWidthInMeters, sign.id).toBe(sign.sizes![0]!.widthInMeters);
      expect(sign.initialHeightInMeters, sign.id).toBe(sign.sizes![0]!.heightInMeters);
      if (sign.parameter) expect(sign.parameter.defaultValue.trim(), sign.id).not.toBe("");
    }
  });

  it("has unique ids, one main entry per code (variants carry a suffixed id), none shared with another catalogue", () => {
    const ids = SE_SIGNS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const main = SE_SIGNS.filter((s) => s.id === seSignId(s.code)).map((s) => s.code);
    expect(new Set(main).size).toBe(main.length);
    const other = new Set([...DK_SIGNS, ...SEWER_SYMBOLS].map((s) => s.id));
    expect(ids.filter((id) => other.has(id))).toEqual([]);
  });

  it("names the signs a road-works TA-plan needs by their Swedish codes", () => {
    const byId = (id: string) => signOf(id)?.name;
    expect(SE_SIGNS[0]).toMatchObject({ id: "se-A20", code: "A20", name: "Vägarbete", category: "se_A" });
    expect(byId("se-C31")).toBe("Hastighetsbegränsning");
    expect(byId("se-T1")).toBe("Vägsträckans längd");
    expect(byId("se-T2")).toBe("Avstånd");
    expect(byId("se-B1")).toBe("Väjningsplikt");
    expect(byId("se-D2")).toBe("Påbjuden körbana (höger)");
    expect(["B1", "B2", "B3", "B4", "B5", "B6", "B7"].map((c) => byId(seSignId(c)))).toEqual([
      "Väjningsplikt",
      "Stopplikt",
      "Övergångsställe",
      "Huvudled",
      "Huvudled upphör",
      "Väjningsplikt mot mötande trafik",
      "Mötande trafik har väjningsplikt",
    ]);
    expect(byId("se-C39")).toBe("Förbud mot att stanna och parkera fordon");
    for (const code of ["X1", "X2", "X3", "X5", "X6", "X7"]) expect(signOf(seSignId(code))?.category, code).toBe("se_X");
    // The road-works variants of the markeringsanordningar, red with yellow fields.
    for (const id of ["se-X1-rod", "se-X2-rod", "se-X3-rod", "se-X3-rod-vanster", "se-X3-rod-bada"]) {
      expect(renderSeSignSvg(id), id).toContain('fill="#c8141e"');
      expect(renderSeSignSvg(id), id).toContain('fill="#fcc800"');
    }
    expect(renderSeSignSvg("se-X1")).not.toContain('fill="#c8141e"');
    expect(SE_SIGN_CATEGORIES.every((c) => SE_SIGNS.some((s) => s.category === c))).toBe(true);
  });

  it("offers the tilläggstavlor T1, T2 and T6 to hang below every varningsmärke and förbudsmärke, and only there", () => {
    const plates = SE_SIGNS.filter((s) => s.category === "se_T");
    for (const sign of SE_SIGNS) {
      const offered = sign.subSigns?.map((v) => v.id) ?? [];
      expect(offered, sign.id).toEqual(sign.category === "se_A" || sign.category === "se_C" ? ["se-T1", "se-T2", "se-T6"] : []);
      // Each variant is the plate's catalogue entry, so the map draws it with its typed value.
      for (const variant of sign.subSigns ?? []) {
        const entry = plates.find((p) => p.id === variant.id);
        expect(variant.imageUrl, variant.id).toBe(entry?.imageUrl);
        expect(variant.name).toBe(`${entry?.code} ${entry?.name}`);
      }
    }
  });

  it("has the lokaliseringsmärken of a detour and a temporary lane change, orange or yellow as at road works", () => {
    const F = SE_SIGNS.filter((s) => s.category === "se_F");
    expect(new Set(F.map((s) => s.code))).toEqual(new Set(["F17", "F18", "F23", "F24", "F25", "F26"]));
    expect(signOf("se-F23")?.name).toBe("Orienteringstavla för omledningsväg (omledning till höger)");
    expect(signOf("se-F24")?.name).toBe("Färdriktning vid omledning (höger)");
    expect(signOf("se-F25")?.name).toBe("Körfält upphör (höger körfält)");
    expect(signOf("se-F26")?.name).toBe("Körfält avstängt (höger körfält)");
    // F17/F18: the main entry is the orange one of a tillfällig trafikomläggning, the blue one a variant.
    for (const id of ["se-F17", "se-F17-vanster", "se-F18", "se-F18-1-1", "se-F18-2-2"]) {
      expect(renderSeSignSvg(id), id).toContain('fill="#f08a00"');
      expect(renderSeSignSvg(id), id).not.toContain('fill="#0a62b0"');
    }
    for (const id of ["se-F17-bla", "se-F18-bla"]) expect(renderSeSignSvg(id), id).toContain('fill="#0a62b0"');
    // The diversion and lane-closure signs are yellow with black symbols; F26's closed lane ends in red.
    for (const sign of F.filter((s) => /^F2[3-6]$/.test(s.code))) {
      expect(renderSeSignSvg(sign.id), sign.id).toContain('fill="#fcc800"');
      expect(renderSeSignSvg(sign.id), sign.id).not.toContain('fill="#0a62b0"');
    }
    expect(renderSeSignSvg("se-F26")).toContain('fill="#c8141e"');
    // Left and right versions are mirror images, not the same picture.
    for (const code of ["F17", "F23", "F24", "F25", "F26"])
      expect(renderSeSignSvg(`se-${code}-vanster`), code).not.toBe(renderSeSignSvg(`se-${code}`));
    // F23 carries the detour's name as typed.
    expect(signOf("se-F23")?.parameter).toEqual({ kind: "text", defaultValue: "Omledning" });
    expect(renderSeSignSvg("se-F23", "Centrum")).not.toBe(renderSeSignSvg("se-F23"));
    expect(renderSeSignSvg("se-F23", "Omledning")).toBe(renderSeSignSvg("se-F23"));
  });

  it("has the anvisningsmärken of a road-works plan: recommended speed, merging, one-way, dead end, passing place", () => {
    const names = Object.fromEntries(
      SE_SIGNS.filter((s) => s.category === "se_E" && s.id === seSignId(s.code)).map((s) => [s.code, s.name]),
    );
    expect(names).toEqual({
      E11: "Rekommenderad lägre hastighet",
      E12: "Rekommenderad lägre hastighet upphör",
      E15: "Sammanvävning",
      E16: "Enkelriktad trafik (höger)",
      E17: "Återvändsväg",
      E18: "Mötesplats",
      E19: "Parkering",
    });
    expect(signOf("se-E11")?.parameter).toEqual({ kind: "speed", defaultValue: "30" });
    expect(renderSeSignSvg("se-E11", "40")).not.toBe(renderSeSignSvg("se-E11"));
    expect(renderSeSignSvg("se-E12")).toContain('stroke="#c8141e"');
  });

  it("lists the categories in order", () => {
    const order = SE_SIGNS.map((s) => (SE_SIGN_CATEGORIES as readonly string[]).indexOf(s.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("gives the Swedish size classes, normal first, and plausible real sizes", () => {
    expect(signOf("se-A20")?.sizes?.map((s) => [s.label, s.widthInMeters])).toEqual([
      ["normal", 0.9],
      ["liten", 0.6],
      ["stor", 1.2],
    ]);
    expect(signOf("se-C31")?.sizes?.map((s) => s.widthInMeters)).toEqual([0.64, 0.4, 0.9]);
    for (const sign of SE_SIGNS) {
      for (const size of sign.sizes!) {
        // Signs and devices lie between a 0.2 m lamp and a 9 m TMA vehicle.
        expect(Math.max(size.widthInMeters, size.heightInMeters), sign.id).toBeGreaterThanOrEqual(0.2);
        expect(Math.max(size.widthInMeters, size.heightInMeters), sign.id).toBeLessThanOrEqual(9);
        expect(Math.min(size.widthInMeters, size.heightInMeters), sign.id).toBeGreaterThan(0.1);
      }
    }
  });

  it("draws every sign in the proportions of each of its real sizes, so a printed plan is to scale", () => {
    // Booms come in several lengths at one height: the drawing is stretched along the boom.
    const stretched = new Set(["se-X7"]);
    const wrong: string[] = [];
    for (const def of SE_SIGN_DEFINITIONS.filter((d) => !stretched.has(d.meta.id))) {
      const drawing = def.draw();
      for (const size of def.meta.sizes!) {
        const real = size.widthInMeters / size.heightInMeters;
        if (Math.abs(drawing.width / drawing.height / real - 1) > 0.02) wrong.push(`${def.meta.id} ${size.label}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("renders every sign deterministically as well-formed, self-contained SVG with the Swedish yellow on warning and prohibition signs", () => {
    for (const def of SE_SIGN_DEFINITIONS) {
      const svg = renderSignSvg(def.draw());
      expect(renderSignSvg(def.draw()), def.meta.id).toBe(svg);
      assertWellFormed(svg, def.meta.id);
      expect(svg, def.meta.id).toContain(`<title>${def.meta.code} `);
    }
    for (const sign of SE_SIGNS.filter((s) => ["se_A", "se_T"].includes(s.category) || /^C(2|7|10|15|31)$/.test(s.code)))
      expect(renderSeSignSvg(sign.id), sign.id).toContain('fill="#fcc800"');
    expect(renderSeSignSvg("A11")).toBeNull();
  });

  it("draws the parametric signs from the value: any speed on C31, any distance on T2", () => {
    const fifty = renderSeSignSvg("se-C31", "50")!;
    expect(renderSeSignSvg("se-C31")).toBe(fifty);
    expect(renderSeSignSvg("se-C31", "30")).not.toBe(fifty);
    expect(renderSeSignSvg("se-C31", "70 km/h")).toBe(renderSeSignSvg("se-C31", "70"));
    expect(signOf("se-C31")?.parameter).toEqual({ kind: "speed", defaultValue: "50" });
    expect(renderSeSignSvg("se-T2", "150")).toBe(renderSeSignSvg("se-T2", "150 m"));
    expect(renderSeSignSvg("se-T2", "150")).not.toBe(renderSeSignSvg("se-T2"));
    expect(renderSeSignSvg("se-T1", "1,5 km")).not.toBe(renderSeSignSvg("se-T1"));
    // T1 gives the stretch as from-to, "0-2 km", "200-800 m", the unit added to a bare range.
    expect(renderSeSignSvg("se-T1", "200-800")).toBe(renderSeSignSvg("se-T1", "200 - 800 m"));
    expect(renderSeSignSvg("se-T1", "0-500")).toBe(renderSeSignSvg("se-T1"));
    expect(renderSeSignSvg("se-T1", "0.2-2 km")).toBe(renderSeSignSvg("se-T1", "0,2-2 km"));
    // Digits are paths, not font text, so every rasteriser draws the same figures.
    expect(fifty).not.toContain("<text");
  });

  it("has the rendered files of every entry in public/ (generate-signs --check covers their content)", () => {
    const missing = SE_SIGNS.flatMap((s) => [s.svgUrl, s.imageUrl]).filter((url) => !existsSync(path.join(root, "public", url)));
    expect(missing).toEqual([]);
    expect(readFileSync(path.join(root, "public", signOf("se-A20")!.svgUrl), "utf8")).toContain("<title>A20 Vägarbete</title>");
  });
});
