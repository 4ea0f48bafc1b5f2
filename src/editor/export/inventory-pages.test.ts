import { describe, expect, it } from "vitest";
import { inventoryPagesSvg, type InventoryPageRow, type InventoryPageTexts } from "./inventory-pages";

const texts: InventoryPageTexts = {
  title: "Skilteoversigt",
  planName: "Vestergade",
  subtitle: "Skilteplanen · 28.11.2026",
  columns: { code: "Kode", name: "Navn", size: "Størrelse", count: "Antal" },
  total: "I alt",
  pageOf: (page, pages) => `Side ${page} af ${pages}`,
};
const row = (code: string, count: number, image: string | null = "data:image/svg+xml;base64,AA=="): InventoryPageRow => ({
  image,
  aspect: 1,
  code,
  name: `Skilt ${code}`,
  size: "0,7 m",
  count,
});

describe("the sign inventory's pages", () => {
  it("is one A4 page with the title, a row per sign and the total when the rows fit", () => {
    const pages = inventoryPagesSvg([row("A 11", 2), row("C 55", 3, null)], texts);
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    expect(page).toContain('viewBox="0 0 210 297"');
    for (const text of ["Skilteoversigt", "Vestergade", "A 11", "Skilt C 55", "I alt", ">5<", "Side 1 af 1"]) expect(page).toContain(text);
    // The row without a picture has none; the other's picture is drawn.
    expect(page.match(/<image /g)).toHaveLength(1);
  });

  it("carries a long table over as many pages as it needs, numbered, with the total on the last only", () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(`X ${i + 1}`, 1));
    const pages = inventoryPagesSvg(rows, texts);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map((page) => page.includes("I alt"))).toEqual(pages.map((_, i) => i === pages.length - 1));
    pages.forEach((page, i) => expect(page).toContain(`Side ${i + 1} af ${pages.length}`));
    // Every row is on exactly one page.
    for (const { code } of rows) expect(pages.filter((page) => page.includes(`>${code}<`))).toHaveLength(1);
    expect(pages.at(-1)).toContain(">40<");
  });

  it("still prints a page, with a total of 0, for a plan without signs", () => {
    const pages = inventoryPagesSvg([], texts);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(">0<");
  });
});
