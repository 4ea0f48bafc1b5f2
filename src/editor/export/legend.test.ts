import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { legendDrawings } from "./legend";
import { sampleSvg } from "./paper-svg";
import { MM_PER_CSS_PX, printMetresPerPixel } from "./print-frame";
import type { ElementRef } from "../core/store/plan-store";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import type { AnyElement, ElementKind } from "@/lib/elements/registry";
import { exportLanguage } from "../../../tests/support/export-language";

const da = exportLanguage("da");
const ref = (kind: ElementKind, patch: Record<string, unknown> = {}): ElementRef =>
  ({ kind, element: { ...EXAMPLE_ELEMENTS[kind], ...patch } as AnyElement }) as ElementRef;
const line = (id: string, colour: string, patch: Record<string, unknown> = {}) => ref("line", { id, colour, ...patch });

describe("the legend's drawings", () => {
  it("has one row per look: three lines in two colours are two rows, each drawn in its colour", () => {
    const rows = legendDrawings([line("a", "#000000"), line("b", "#ff0000"), line("c", "#000000")], da);
    expect(rows.map((row) => [row.label, row.template.element.id])).toEqual([
      ["Linje", "a"],
      ["Linje", "b"],
    ]);
    const cell = { x: 0, y: 0, width: 10, height: 6 };
    const context = {
      mmPerPx: MM_PER_CSS_PX,
      metresPerPixel: printMetresPerPixel(500),
      rotation: 0,
      center: fromLonLat([10.4, 55.4]),
      images: new Map(),
    };
    expect(sampleSvg(rows[0]!.template, cell, 500, context)).toContain('stroke="#000000"');
    expect(sampleSvg(rows[1]!.template, cell, 500, context)).toContain('stroke="#ff0000"');
  });

  it("tells widths and patterns apart, and takes an absent colour as the kind's own", () => {
    const rows = legendDrawings(
      [
        line("a", "#000000", { width: 0.5 }),
        line("b", "#000000", { width: 1 }),
        ref("barrier", { id: "c", colour: undefined }),
        ref("barrier", { id: "d", colour: "#CC0605" }),
        ref("arrow", { id: "e", headStyle: "open" }),
        ref("arrow", { id: "f", headStyle: undefined }),
        ref("arrow", { id: "g", headStyle: "filled" }),
      ],
      da,
    );
    expect(rows.map((row) => row.template.element.id)).toEqual(["c", "a", "b", "e", "f"]);
  });

  it("names a row by the look's legend text: same look and text one row, another text another row", () => {
    const rows = legendDrawings(
      [
        line("a", "#ff0000", { legendText: "Gravning" }),
        line("b", "#ff0000", { legendText: "Gravning" }),
        line("c", "#ff0000", { legendText: "Omkørsel" }),
        line("d", "#ff0000"),
        line("e", "#ff0000", { legendText: "  " }),
      ],
      da,
    );
    expect(rows.map((row) => [row.label, row.template.element.id])).toEqual([
      ["Gravning", "a"],
      ["Omkørsel", "c"],
      ["Linje", "d"],
    ]);
  });

  it("keeps the toolbar's order of kinds, says a road marking's style and a pipe's preset, and leaves out what is not a drawing", () => {
    const rows = legendDrawings(
      [
        ref("roadMarking", { id: "m", style: "solid" }),
        ref("pipe", { id: "p", presetName: "Spildevand 110" }),
        ref("text"),
        ref("ruler"),
        ref("dimension"),
        ref("sign"),
        ref("workArea", { id: "w" }),
      ],
      da,
    );
    expect(rows.map((row) => row.label)).toEqual([
      "Arbejdsområde",
      "Ledning: Spildevand 110",
      "Vejafstribning: Ubrudt linje (spærrelinje)",
    ]);
    expect(legendDrawings([ref("line")], exportLanguage("sv")).map((row) => row.label)).toEqual(["Linje"]);
  });

  it("names a pipe without a preset by its kind of water, in the site's language", () => {
    const pipes = [
      ref("pipe", { id: "a", presetName: undefined, waterKind: "spildevand", colour: "#c62828", dashPattern: "solid" }),
      ref("pipe", { id: "b", presetName: undefined, waterKind: "regnvand", colour: "#1565c0", dashPattern: "standard" }),
      ref("pipe", { id: "c", presetName: undefined, waterKind: undefined, colour: "#000000", dashPattern: "solid" }),
    ];
    expect(legendDrawings(pipes, da).map((row) => row.label)).toEqual(["Ledning: Spildevand", "Ledning: Regnvand", "Ledning"]);
    expect(legendDrawings(pipes.slice(0, 1), exportLanguage("sv")).map((row) => row.label)).toEqual(["Ledning: Spillvatten"]);
  });
});
