import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { pageLayout } from "./page-layout";
import { elementsSvg, sampleSvg } from "./paper-svg";
import { MM_PER_CSS_PX, mapToPage, printMetresPerPixel, type PrintFrame } from "./print-frame";
import { paint } from "../core/svg/svg";
import { PLACEHOLDER_SIGN_URL } from "../kinds/sign/placeholder";
import type { PaperContext } from "../kinds/types";
import { EXAMPLE_ELEMENTS } from "@/lib/elements/examples";
import { ELEMENT_KINDS, type AnyElement, type ElementKind } from "@/lib/elements/registry";
import type { ElementRef } from "../core/store/plan-store";

const CENTRE = [10.38601, 55.40208] as const;
const frame: PrintFrame = { center: fromLonLat([...CENTRE]), scale: 500, rotation: 0, map: pageLayout("A3", true).map };
const context = (images = new Map<string, string>()): PaperContext => ({
  toPage: mapToPage(frame),
  mmPerPx: MM_PER_CSS_PX,
  metresPerPixel: printMetresPerPixel(frame.scale),
  rotation: 0,
  center: frame.center,
  images,
  aspects: new Map(),
});
const everywhere = [-Infinity, -Infinity, Infinity, Infinity];
const svgOf = (kind: ElementKind, element: AnyElement, images?: Map<string, string>) =>
  elementsSvg([{ kind, element } as ElementRef], everywhere, context(images));
const widths = (svg: string) => [...svg.matchAll(/stroke-width="([\d.]+)"/g)].map((match) => Number(match[1]));

describe("the plan's elements on paper", () => {
  it("draws every kind of the example plan (signs once their picture is fetched)", () => {
    const images = new Map([[PLACEHOLDER_SIGN_URL, "data:image/svg+xml;base64,PHN2Zy8+"]]);
    for (const kind of ELEMENT_KINDS) {
      if (kind === "pipe") continue; // the sewer site's kind, drawn by its own issue
      const svg = svgOf(kind, EXAMPLE_ELEMENTS[kind] as AnyElement, images);
      expect(svg.length, kind).toBeGreaterThan(20);
    }
  });

  it("prints a width in metres true to scale, not rounded to screen pixels: 0.1, 0.3 and 1 m at 1:500", () => {
    // On the screen these are 1 px (the minimum), 2.25 px and 7.5 px: 0.265, 0.595 and 1.984 mm.
    for (const [metres, mm] of [
      [0.1, 0.2],
      [0.3, 0.6],
      [1, 2],
    ] as const) {
      expect(widths(svgOf("line", { ...EXAMPLE_ELEMENTS.line, width: metres }))[0], `${metres} m`).toBeCloseTo(mm, 3);
      expect(widths(svgOf("rectangle", { ...EXAMPLE_ELEMENTS.rectangle, width: metres }))[0], `${metres} m`).toBeCloseTo(mm, 3);
    }
  });

  it("prints every kind's widths true to scale at 1:500", () => {
    // An arrow's shaft and its open head.
    expect(widths(svgOf("arrow", { ...EXAMPLE_ELEMENTS.arrow, width: 0.3 }))).toEqual([0.6, 0.6]);
    // A work area: its outline (the area's layer), then hatching half as wide (the lines' layer).
    expect(widths(svgOf("workArea", { ...EXAMPLE_ELEMENTS.workArea, width: 0.3 }))).toEqual([0.6, 0.3]);
    // A barrier's 0.25 m band (the screen holds it at 5 px, 1.3 mm), its 0.5 m fields 1 mm long.
    const barrier = svgOf("barrier", EXAMPLE_ELEMENTS.barrier);
    expect(widths(barrier)[0]).toBe(0.5);
    expect(barrier).toContain('stroke-dasharray="1 1"');
    // A 0.35 m wall, its 0.1 m guardrail and the 0.35 m boundary (screen minimums 3, 2 and 2 px).
    expect(widths(svgOf("wall", EXAMPLE_ELEMENTS.wall))[0]).toBe(0.7);
    expect(widths(svgOf("guardrail", EXAMPLE_ELEMENTS.guardrail))).toEqual([0.2, 0.1]);
    expect(widths(svgOf("entrepriseBoundary", EXAMPLE_ELEMENTS.entrepriseBoundary))).toEqual([0.7]);
    // A 110 mm pipe is 0.22 mm (the screen's 1 px minimum made it 0.265 mm).
    expect(widths(svgOf("pipe", { ...EXAMPLE_ELEMENTS.pipe, widthMm: 110, dashPattern: "solid" }))[0]).toBe(0.22);
    // A 0.1 m solid road marking is 0.2 mm of paint.
    const marking = svgOf("roadMarking", { ...EXAMPLE_ELEMENTS.roadMarking, style: "solid", width: 0.1, colour: "yellow" });
    expect(widths(marking)).toContain(0.2);
  });

  it("draws a barrier as its red band with white fields dashed over it", () => {
    const svg = svgOf("barrier", EXAMPLE_ELEMENTS.barrier);
    expect(svg).toMatch(/stroke="#ff0000"/i);
    expect(svg).toMatch(/stroke="#ffffff"[^>]*stroke-dasharray="[\d.]+ [\d.]+"/);
  });

  it("layers areas under lines under pictures under texts, as the map does", () => {
    const refs = [
      { kind: "point", element: EXAMPLE_ELEMENTS.point },
      { kind: "line", element: EXAMPLE_ELEMENTS.line },
      { kind: "workArea", element: EXAMPLE_ELEMENTS.workArea },
    ] as ElementRef[];
    const svg = elementsSvg(refs, everywhere, context());
    const area = svg.indexOf('fill-rule="evenodd"');
    const circle = svg.indexOf("<circle");
    const label = svg.indexOf("Brønd 1");
    expect(area).toBeGreaterThanOrEqual(0);
    expect(area).toBeLessThan(circle);
    expect(circle).toBeLessThan(label);
  });

  it("leaves out elements outside the frame", () => {
    const far = {
      ...EXAMPLE_ELEMENTS.line,
      coordinates: [
        [12, 56],
        [12.001, 56],
      ] as [number, number][],
    };
    const extent = [frame.center[0]! - 100, frame.center[1]! - 100, frame.center[0]! + 100, frame.center[1]! + 100];
    expect(elementsSvg([{ kind: "line", element: far } as ElementRef], extent, context())).toBe("");
  });

  it("places a sign's picture at its true size where that is larger than the sign size, turned with it", () => {
    const src = "data:image/svg+xml;base64,PHN2Zy8+";
    const sign = {
      id: "s",
      imageUrl: "/signs/dk/A/A11.webp",
      position: [...CENTRE] as [number, number],
      rotation: 30,
      heightInMeters: 5,
      widthInMeters: 5,
    };
    // Before the catalogue has loaded every sign resolves to the placeholder picture.
    const svg = svgOf("sign", sign, new Map([[PLACEHOLDER_SIGN_URL, src]]));
    const image = /<image href="([^"]+)" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"/.exec(svg);
    expect(image?.[1]).toBe(src);
    // 5 m at 1:500 is 10 mm, more than the 8 mm signs print at.
    expect(Number(image?.[4])).toBeCloseTo(10, 3);
    expect(Number(image?.[5])).toBeCloseTo(10, 3);
    expect(svg).toMatch(/rotate\(30\)/);
  });

  it("writes a text as real text, as tall on paper as on the ground", () => {
    const svg = svgOf("text", { ...EXAMPLE_ELEMENTS.text, size: 16, text: "Omkørsel\nNørregade" });
    expect(svg).toContain(">Omkørsel</text>");
    expect(svg).toContain(">Nørregade</text>");
    // 16 × 0.25 m = 4 m of ground: 8 mm at 1:500.
    const group = /scale\(([\d.]+)\)/.exec(svg)!;
    const fontPx = Number(/font-size="([\d.]+)"/.exec(svg)![1]);
    expect(fontPx * Number(group[1])).toBeCloseTo(8, 2);
  });
});

describe("paint", () => {
  it("splits a colour into SVG paint and opacity", () => {
    expect(paint("rgba(21, 98, 173, 0.45)")).toEqual({ colour: "rgb(21,98,173)", opacity: 0.45 });
    expect(paint([255, 0, 0, 0.25])).toEqual({ colour: "rgb(255,0,0)", opacity: 0.25 });
    expect(paint("#ff0000")).toEqual({ colour: "#ff0000", opacity: 1 });
    expect(paint(null)).toBeNull();
  });
});

describe("the legend's samples", () => {
  it("draws a drawing's look in its cell at the print's scale, without its labels", () => {
    const cell = { x: 100, y: 50, width: 10.4, height: 6.5 };
    const base = { mmPerPx: MM_PER_CSS_PX, metresPerPixel: printMetresPerPixel(500), rotation: 0, center: frame.center, images: new Map() };
    const line = sampleSvg({ kind: "line", element: { ...EXAMPLE_ELEMENTS.line, width: 0.5 } } as ElementRef, cell, 500, base);
    const [, x0, y0, x1, y1] = /d="M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)"/.exec(line)!.map(Number);
    expect(x0).toBeCloseTo(101, 1);
    expect(x1).toBeCloseTo(109.4, 1);
    expect(y0).toBeCloseTo(53.25, 3);
    expect(y1).toBeCloseTo(53.25, 3);
    expect(widths(line)[0]).toBe(1);

    const area = sampleSvg({ kind: "workArea", element: EXAMPLE_ELEMENTS.workArea } as ElementRef, cell, 500, base);
    expect(area).toContain('fill-rule="evenodd"');
    const point = sampleSvg({ kind: "point", element: EXAMPLE_ELEMENTS.point } as ElementRef, cell, 500, base);
    expect(point).toContain("<circle");
    expect(point).not.toContain("Brønd 1");
  });
});

describe("a road marking's legend sample", () => {
  it("stands on asphalt grey, where its white paint shows", () => {
    const cell = { x: 0, y: 0, width: 10, height: 6 };
    const base = { mmPerPx: MM_PER_CSS_PX, metresPerPixel: printMetresPerPixel(500), rotation: 0, center: frame.center, images: new Map() };
    const svg = sampleSvg(
      { kind: "roadMarking", element: { ...EXAMPLE_ELEMENTS.roadMarking, colour: "white", style: "solid" } } as ElementRef,
      cell,
      500,
      base,
    );
    expect(svg.startsWith('<rect x="0" y="0" width="10" height="6" fill="#6b6f74"/>')).toBe(true);
    expect(sampleSvg({ kind: "line", element: EXAMPLE_ELEMENTS.line } as ElementRef, cell, 500, base)).not.toContain("#6b6f74");
  });
});
