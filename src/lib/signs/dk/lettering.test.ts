import { describe, expect, it } from "vitest";
import { renderSignSvg } from "../render/render-svg";
import { hasLettering, lettering, letteringWidth } from "./lettering";
import { plate } from "./templates";

const svgOf = (value: string) => renderSignSvg(plate([lettering(value, 300, 150, 100, "#000000")], { width: 600, height: 200 }));

describe("lettering", () => {
  it("draws the Danish alphabet, digits and the usual punctuation as paths", () => {
    const all = "abcdefghijklmnopqrstuvwxyzæøå ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ 0123456789 -.,/()+:&'!?";
    expect(hasLettering(all)).toBe(true);
    const svg = svgOf("Omkørsel Ærø 200 m");
    expect(svg).not.toContain("<text");
    expect(svg).toContain("<path");
  });

  it("falls back to font text for characters it does not know, escaped", () => {
    expect(hasLettering("Café #1")).toBe(false);
    const svg = svgOf("Café #1 <&>");
    expect(svg).toContain("<text");
    expect(svg).toContain("&lt;&amp;&gt;");
  });

  it("measures text: longer strings, wider tracking and larger letters are wider", () => {
    expect(letteringWidth("200 m", 100)).toBeGreaterThan(letteringWidth("20 m", 100));
    expect(letteringWidth("200 m", 100, 0.15, 20)).toBeGreaterThan(letteringWidth("200 m", 100));
    expect(letteringWidth("200 m", 120)).toBeCloseTo(letteringWidth("200 m", 100) * 1.2, 5);
  });

  it("squeezes to maxWidth and anchors at start, middle or end", () => {
    const wide = lettering("Kørsel til ejendommene tilladt", 0, 100, 100, "#000000", { maxWidth: 500, anchor: "start" });
    expect(wide.kind).toBe("group");
    const scale = /scale\(([\d.]+) ([\d.]+)\)/.exec((wide as { transform: string }).transform)!;
    expect(Number(scale[1])).toBeLessThan(Number(scale[2]));
    const middle = lettering("200 m", 300, 100, 100, "#000000") as { transform: string };
    const start = lettering("200 m", 300, 100, 100, "#000000", { anchor: "start" }) as { transform: string };
    expect(middle.transform).not.toBe(start.transform);
    expect(start.transform.startsWith("translate(300 0)")).toBe(true);
  });
});
