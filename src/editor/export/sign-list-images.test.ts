import { describe, expect, it } from "vitest";
import { sheetName } from "./sign-list-excel";
import { svgAspect, svgOfDataUrl } from "./sign-list-images";

describe("svgOfDataUrl", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 20"><text>æ ø å 30 %</text></svg>';
  it("decodes URL-encoded and base64 SVG data URLs (never fetched: connect-src is 'self')", () => {
    expect(svgOfDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)).toBe(svg);
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(svg)));
    expect(svgOfDataUrl(`data:image/svg+xml;base64,${base64}`)).toBe(svg);
  });
  it("answers null for anything else", () => {
    expect(svgOfDataUrl("/signs/dk/A/A11.svg")).toBeNull();
    expect(svgOfDataUrl("data:image/png;base64,AAAA")).toBeNull();
  });
});

describe("svgAspect", () => {
  it("reads the viewBox first, then width and height", () => {
    expect(svgAspect('<svg viewBox="0 0 640 320" width="10" height="10">')).toBe(2);
    expect(svgAspect('<svg width="100" height="50">')).toBe(2);
    expect(svgAspect("<svg>")).toBe(1);
    expect(svgAspect('<svg viewBox="0,0,300,600">')).toBe(0.5);
  });
});

describe("sheetName", () => {
  it("drops what Excel refuses in a sheet name and keeps at most 31 characters", () => {
    expect(sheetName("Algade nat: etape 2/3 [rev]?", "Skilteliste")).toBe("Algade nat etape 2 3 rev");
    expect(sheetName("x".repeat(40), "Skilteliste")).toHaveLength(31);
    expect(sheetName(" */ ", "Skilteliste")).toBe("Skilteliste");
  });
});
