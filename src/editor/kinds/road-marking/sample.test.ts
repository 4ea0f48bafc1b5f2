import { describe, expect, it } from "vitest";
import { roadMarkingSample } from "./sample";
import { ROAD_MARKING_STYLES } from "@/lib/elements/road-marking";

const count = (svg: string, tag: string) => svg.split(`<${tag} `).length - 1;

describe("road-marking samples", () => {
  it("draws every style as an SVG of 120 × 24 on asphalt", () => {
    for (const style of ROAD_MARKING_STYLES) {
      const svg = roadMarkingSample(style, { colour: "white", width: 0.1, flip: false });
      expect(svg).toMatch(/^<svg [^>]*width="120" height="24"/);
      expect(svg).toContain('fill="#4d5054"');
      expect(count(svg, "line") + count(svg, "polygon"), style).toBeGreaterThan(0);
    }
  });

  it("draws the dashes 5 px to the metre: a vognbanelinje 15 + 45 px, a varslingslinje 45 + 15 px", () => {
    expect(roadMarkingSample("dashed-short", { colour: "white", width: 0.1 })).toContain('stroke-dasharray="15 45"');
    expect(roadMarkingSample("dashed-long", { colour: "white", width: 0.1 })).toContain('stroke-dasharray="45 15"');
    expect(roadMarkingSample("dashed-short", { colour: "white", width: 0.1, subtype: "small" })).toContain('stroke-dasharray="7.5 22.5"');
    expect(roadMarkingSample("solid", { colour: "white", width: 0.1 })).not.toContain("stroke-dasharray");
  });

  it("draws dobbeltlinjer as two lines, the solid one above unless flipped", () => {
    const svg = roadMarkingSample("solid-dashed-short", { colour: "yellow", width: 0.1, flip: false });
    expect(count(svg, "line")).toBe(2);
    expect(svg).toContain('stroke="#f5c400"');
    expect(svg).toMatch(/y1="10"[^>]*stroke-width="2"\/>.*y1="14".*stroke-dasharray/);
    const flipped = roadMarkingSample("solid-dashed-short", { colour: "yellow", width: 0.1, flip: true });
    expect(flipped).toMatch(/y1="10".*stroke-dasharray.*y1="14"[^>]*stroke-width="2"\/>/);
  });

  it("draws hajtænder as triangles pointing down, or up when flipped; black paint on light ground", () => {
    const svg = roadMarkingSample("give-way-triangles", { colour: "black", width: 0.1, flip: false });
    expect(count(svg, "polygon")).toBe(8);
    expect(svg).toContain('fill="#d9dcdf"');
    expect(svg).toContain('points="2.5,6 7.5,18 12.5,6"');
    expect(roadMarkingSample("give-way-triangles", { colour: "white", flip: true })).toContain('points="2.5,18 7.5,6 12.5,18"');
  });
});
