import { describe, expect, it } from "vitest";
import { searchSigns } from "@/editor/kinds/sign/sign-search";
import { catalogueOf } from "@/lib/signs/catalogue";

// The gallery's search over TA-planen's catalogue (issue 20): Swedish codes and names, no Danish sign.
describe("TA-planen's sign search", () => {
  it("lets TA-planen's gallery search find signs by Swedish code and name", () => {
    const ids = (query: string) => searchSigns(catalogueOf("ta-planen"), query).map((s) => s.id);
    expect(ids("A20")[0]).toBe("se-A20");
    expect(ids("a 20")[0]).toBe("se-A20");
    expect(ids("C31")[0]).toBe("se-C31");
    // The sign first (its name starts with the word), then the road-works markeringsanordningar.
    expect(ids("vägarbete")[0]).toBe("se-A20");
    expect(ids("vägarbete")).toContain("se-X3-rod");
    expect(ids("vagarbete")).toEqual(ids("vägarbete"));
    expect(ids("hastighetsbegränsning")).toEqual(["se-C31", "se-C32"]);
    expect(ids("markeringsskärm")).toContain("se-X3-rod");
    // The lokaliseringsmärken of a detour and a lane change, by code and by Swedish name.
    expect(ids("F23")[0]).toBe("se-F23");
    expect(ids("f 25")[0]).toBe("se-F25");
    expect(ids("omledning")).toEqual(expect.arrayContaining(["se-F23", "se-F23-vanster", "se-F24", "se-F24-vanster"]));
    expect(ids("körfält upphör")[0]).toBe("se-F25");
    expect(ids("korfalt avstangt")[0]).toBe("se-F26");
    expect(ids("minskning av antal körfält")[0]).toBe("se-F17");
    expect(ids("sammanvävning")).toEqual(["se-E15"]);
    expect(ids("återvändsväg")).toEqual(["se-E17"]);
    expect(ids("Farligt vejsving")).toEqual([]);
  });
});
