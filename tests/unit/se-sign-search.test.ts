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
    expect(ids("Farligt vejsving")).toEqual([]);
  });
});
