/** The sign catalogue as the sign API tests see it (imported lazily by their vi.mock factory). */
import type { CatalogueSign } from "@/lib/signs/types";

/**
 * Catalogue entries the tests rely on while the real catalogue is being filled: added to it unless it
 * has them already (then the real entries are used). Mock it with
 * `vi.mock("@/lib/signs/dk", async (real) => (await import("./test-catalogue")).withTestSigns(await real()))`.
 */
const TEST_SIGNS: CatalogueSign[] = [
  { id: "A11", code: "A 11", name: "Farligt vejsving", category: "A", imageUrl: "/signs/dk/A/A11.webp", svgUrl: "/signs/dk/A/A11.svg" },
  {
    id: "C55",
    code: "C 55",
    name: "Hastighedsbegrænsning",
    category: "C",
    imageUrl: "/signs/dk/C/C55.webp",
    svgUrl: "/signs/dk/C/C55.svg",
  },
  { id: "U3.1", code: "U 3.1", name: "Undertavle", category: "U", imageUrl: "/signs/dk/U/U3.1.webp", svgUrl: "/signs/dk/U/U3.1.svg" },
];

export function withTestSigns(real: { DK_SIGNS: readonly CatalogueSign[] }) {
  const ids = new Set(real.DK_SIGNS.map((s) => s.id));
  return { ...real, DK_SIGNS: [...real.DK_SIGNS, ...TEST_SIGNS.filter((s) => !ids.has(s.id))] };
}
