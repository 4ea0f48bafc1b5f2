import { describe, expect, it } from "vitest";
import { PALETTE } from "../render/palette";
import { renderDkSignSvg } from "./index";
import { SERIES_U, timeLines, US_SYMBOLS } from "./series-u";

const byId = new Map(SERIES_U.map((d) => [d.meta.id, d]));

describe("series U (undertavler)", () => {
  it("has the general plates U 1 – U 7 with their sub-numbers", () => {
    for (const id of [
      "U1.1",
      "U1.2",
      "U2.1",
      "U2.2",
      "U3.1",
      "U3.2",
      "U4.1",
      "U4.2",
      "U5.1",
      "U5.2",
      "U6.1",
      "U6.2",
      "U6.3",
      "U6.4",
      "U6.5",
      "U6.6",
      "U6.7",
      "U6.8",
      "U7",
    ]) {
      expect(byId.has(id), id).toBe(true);
    }
    // Every vehicle symbol US 1–US 13 on U 4 and U 5, white and blue.
    expect(US_SYMBOLS.map((s) => s.us).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    for (const code of ["U 4.1", "U 4.2", "U 5.1", "U 5.2"]) {
      expect(SERIES_U.filter((d) => d.meta.code === code && !d.meta.parameter).length, code).toBe(13);
    }
  });

  it("draws odd sub-numbers white with a red border and even ones blue; UA–UC white, UD–UE blue", () => {
    for (const def of SERIES_U) {
      const drawing = def.draw();
      const { code } = def.meta;
      // The symbols alone (US) have no plate; UC 57 is red.
      if (code.startsWith("US ") || code === "UC 57") continue;
      const sub = Number(/\.(\d)$/.exec(code)?.[1] ?? 1);
      // U 3 as the order numbers it: U 3.1–3.3 white, U 3.4–3.6 blue.
      const white = /^U 3\./.test(code) ? code <= "U 3.3" : code.startsWith("U ") ? sub % 2 === 1 : /^U[ABC]/.test(code);
      if (white) {
        expect(drawing.face, def.meta.id).toBe(PALETTE.white);
        expect(drawing.border?.color, def.meta.id).toBe(PALETTE.red);
      } else {
        expect(drawing.face, def.meta.id).toBe(PALETTE.blue);
      }
    }
  });

  it("renders distance and length plates with any text, as paths", () => {
    expect(byId.get("U1.1")!.meta.parameter).toEqual({ kind: "distance", defaultValue: "200 m" });
    expect(byId.get("U2.1")!.meta.parameter?.kind).toBe("length");
    const a = renderDkSignSvg("U1.1", "50 m")!;
    const b = renderDkSignSvg("U1.1", "1,5 km")!;
    expect(a).not.toBe(b);
    expect(renderDkSignSvg("U1.1")).toBe(renderDkSignSvg("U1.1", "200 m"));
    expect(a).not.toContain("<text");
    expect(renderDkSignSvg("U2.2", "0-300 m")).not.toBe(renderDkSignSvg("U2.2", "100-800 m"));
  });

  it("keeps a long value inside the plate", () => {
    const drawing = byId.get("U2.1")!.draw("1250-3500 m");
    const line = drawing.layers[0] as { kind: string; transform: string };
    const [, tx, , sx] = /translate\(([-\d.]+) ([-\d.]+)\) scale\(([\d.]+)/.exec(line.transform) ?? [];
    expect(Number(tx)).toBeGreaterThan(drawing.border!.width);
    expect(Number(sx)).toBeGreaterThan(0);
  });

  it("reads Danish time plates: weekdays, (Saturdays), Sundays in red", () => {
    expect(timeLines("8-17 (8-14) 9-12")).toEqual([
      { text: "8-17", sunday: false },
      { text: "(8-14)", sunday: false },
      { text: "9-12", sunday: true },
    ]);
    expect(timeLines("7-16")).toEqual([{ text: "7-16", sunday: false }]);
    expect(renderDkSignSvg("U3.3", "8-17 (8-14) 9-12")).toContain(PALETTE.red);
    expect(renderDkSignSvg("U3.3", "8-17 (8-14)")).not.toContain(`stroke="${PALETTE.red}"`);
  });

  it("breaks a long typed exemption onto two lines", () => {
    const short = byId.get("U5.1-tekst")!.draw("Undtaget bus");
    const long = byId.get("U5.1-tekst")!.draw("Undtaget kørsel til ejendommene på strækningen");
    expect(short.layers).toHaveLength(1);
    expect(long.layers).toHaveLength(2);
    expect(long.height).toBeGreaterThan(short.height);
  });

  it("defaults to the ≤ 50 km/h plate width of 0.64 m (the narrow UC 60/UE 33 plates: two thirds)", () => {
    for (const def of SERIES_U) {
      if (def.meta.code.startsWith("US ") || def.meta.code === "UC 57") continue;
      const narrow = /^U[CE] (60\.[123]|61|62|33\.[123])$/.test(def.meta.code);
      expect(def.meta.initialWidthInMeters, def.meta.id).toBe(narrow ? 0.427 : 0.64);
    }
  });

  it("has U 3.3–3.6, the plates of the C, D and E series added later, and the symbols US 1–US 13", () => {
    for (const id of [
      "U3.3",
      "U3.4",
      "U3.5",
      "U3.6",
      "UC33",
      "UC56",
      "UC57",
      "UC60.5",
      "UC60.6",
      "UC60.7",
      "UC60.8",
      "UD1",
      "UD21.1",
      "UD21.2",
      "UE34",
    ]) {
      expect(byId.has(id), id).toBe(true);
    }
    for (let n = 1; n <= 13; n++) {
      const def = byId.get(`US${n}`);
      expect(def?.meta.code, `US${n}`).toBe(`US ${n}`);
      // A symbol alone: no border, the symbol fills the drawing.
      expect(def!.draw().border).toBeUndefined();
    }
    expect(renderDkSignSvg("U3.6", "8-17 (8-14) 9-12")).toContain(PALETTE.red);
    expect(renderDkSignSvg("UC33", "2 timer")).not.toBe(renderDkSignSvg("UC33"));
    expect(renderDkSignSvg("UC57", "70")).not.toBe(renderDkSignSvg("UC57", "80"));
  });

  it("has the plates of the A–E series road works hang under their signs", () => {
    for (const id of ["UA41", "UA43", "UA43.1", "UB11.1", "UC60.1", "UC60.2", "UC60.3", "UC61", "UC62", "UE33.1"])
      expect(byId.has(id), id).toBe(true);
    // Recommended speed and free width take any value.
    expect(renderDkSignSvg("UA41", "30")).not.toBe(renderDkSignSvg("UA41", "50"));
    expect(renderDkSignSvg("UA43", "3.2")).toBe(renderDkSignSvg("UA43", "3,2 m"));
  });
});
