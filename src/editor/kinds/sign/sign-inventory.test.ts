import { describe, expect, it } from "vitest";
import { signInventory, signInventoryTotal, type SignInventoryLookup } from "./sign-inventory";
import type { SignElement } from "@/lib/elements/sign";
import { findSign } from "@/lib/signs/catalogue";
import { PLACEHOLDER_SIGN_URL } from "./placeholder";

let next = 0;
function sign(imageUrl: string, extra: Partial<SignElement> = {}): SignElement {
  next += 1;
  return { id: `s${next}`, imageUrl, position: [10.38, 55.4], rotation: 0, ...extra };
}

const A11 = { imageUrl: "/signs/dk/A/A11.webp", heightInMeters: 0.606, widthInMeters: 0.7 };
const lookup: SignInventoryLookup = { findSign };
const inventory = (signs: SignElement[], options: Partial<SignInventoryLookup> = {}) => signInventory({ signs }, { ...lookup, ...options });

describe("signInventory", () => {
  it("counts each catalogue sign with its code, name, picture and size as placed", () => {
    const rows = inventory([sign(A11.imageUrl, A11), sign(A11.imageUrl, { ...A11, rotation: 90 }), sign(A11.imageUrl, A11)]);
    expect(rows).toEqual([
      {
        key: expect.any(String),
        source: "catalogue",
        signId: "A11",
        code: "A 11",
        name: "Farligt vejkryds",
        imageUrl: "/signs/dk/A/A11.webp",
        value: null,
        variant: null,
        size: { heightInMeters: 0.606, widthInMeters: 0.7 },
        count: 3,
      },
    ]);
    expect(signInventoryTotal(rows)).toBe(3);
    expect(inventory([])).toEqual([]);
  });

  it("keeps another size, value or variant of a sign apart", () => {
    const rows = inventory([
      sign(A11.imageUrl, A11),
      sign(A11.imageUrl, { heightInMeters: 1.083, widthInMeters: 1.25 }),
      sign("/signs/dk/C/C55.webp", { text: "30", heightInMeters: 0.64, widthInMeters: 0.64 }),
      sign("/signs/dk/C/C55.webp", { text: " 30 ", heightInMeters: 0.64, widthInMeters: 0.64 }),
      sign("/signs/dk/C/C55.webp", { text: "50", heightInMeters: 0.64, widthInMeters: 0.64 }),
      // No value: the catalogue's default, as the map draws it.
      sign("/signs/dk/C/C55.webp", { heightInMeters: 0.64, widthInMeters: 0.64 }),
      sign("/signs/dk/temporary/A39-gul.webp", { subSign: { imageUrl: "/signs/dk/U/U1.1.webp", text: "100 m" } }),
      sign("/signs/dk/temporary/A39-gul.webp", { subSign: { imageUrl: "/signs/dk/U/U1.1.webp", text: "200 m" } }),
      sign("/signs/dk/temporary/A39-gul.webp"),
    ]);
    expect(rows.map((row) => [row.code, row.value, row.variant?.text ?? null, row.size?.heightInMeters ?? null, row.count])).toEqual([
      ["A 11", null, null, 0.606, 1],
      ["A 11", null, null, 1.083, 1],
      ["A 39", null, null, null, 1],
      ["A 39", null, "100 m", null, 1],
      ["A 39", null, "200 m", null, 1],
      ["C 55", "30", null, 0.64, 2],
      ["C 55", "50", null, 0.64, 2],
    ]);
    expect(rows[3]!.variant).toEqual({ label: expect.stringMatching(/^U 1\.1 /), imageUrl: "/signs/dk/U/U1.1.webp", text: "100 m" });
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it("says when a sign follows the zoom, and derives a missing dimension from the catalogue's proportions", () => {
    const [followsZoom, heightOnly] = inventory([
      sign(A11.imageUrl),
      sign(A11.imageUrl, { heightInMeters: 1.212 }), // twice the catalogue's 0.606 × 0.7
    ]);
    expect(followsZoom!.size).toBeNull();
    expect(heightOnly!.size).toEqual({ heightInMeters: 1.212, widthInMeters: 1.4 });
  });

  it("orders codes naturally (A 16 before A 36.1 before C 11.1 before N 42), not by the place of the first sign", () => {
    const rows = inventory(
      ["/signs/dk/N/N42.webp", "/signs/dk/C/C11.1.webp", "/signs/dk/A/A36.1.webp", "/signs/dk/A/A16.webp", "/signs/dk/A/A36.webp"].map(
        (url) => sign(url),
      ),
    );
    expect(rows.map((row) => row.code)).toEqual(["A 16", "A 36", "A 36.1", "C 11.1", "N 42"]);
    // Numbers within a code compare as numbers: "A 2" before "A 11".
    const fake = (id: string) => ({ ...findSign(A11.imageUrl)!, id, code: id.replace(/^A/, "A ") });
    const made = signInventory({ signs: [sign("/x/A11.webp"), sign("/x/A2.webp")] }, { findSign: (url) => fake(url.slice(3, -5)) });
    expect(made.map((row) => row.code)).toEqual(["A 2", "A 11"]);
  });

  it("lists personal and organisation signs by their names after the catalogue, and unknown signs last", () => {
    const own = "/api/sign-images/0123456789abcdef0123456789abcdef/personal_7.webp";
    const shared = "/api/organisation-sign-images/3/org_4.png";
    const rows = inventory(
      [sign(own), sign("/signs/dk/X/X99.webp"), sign(shared), sign(own), sign(A11.imageUrl, A11), sign("https://evil.example/a.png")],
      {
        uploadName: (url) => (url === own ? "Omkørsel ad Nørregade" : url === shared ? "Adgang forbudt for knallerter" : null),
      },
    );
    expect(rows.map((row) => [row.source, row.code, row.name, row.count])).toEqual([
      ["catalogue", "A 11", "Farligt vejkryds", 1],
      ["upload", "", "Adgang forbudt for knallerter", 1],
      ["upload", "", "Omkørsel ad Nørregade", 2],
      ["unknown", "", null, 1],
      ["unknown", "", null, 1],
    ]);
    expect(rows[2]!.imageUrl).toBe(own);
    expect(rows[3]!.imageUrl).toBe(PLACEHOLDER_SIGN_URL);
    expect(rows.slice(3).map((row) => row.signId)).toEqual(["a", "X99"]);
    // Without names (someone else's, or a deleted upload) the row is still there, nameless.
    expect(inventory([sign(own)])[0]!.name).toBeNull();
  });

  it("shows the picture the lookup renders with the sign's value", () => {
    const rows = inventory([sign("/signs/dk/C/C55.webp", { text: "30" })], {
      imageOf: (url, values) => `rendered:${url}:${values.text ?? ""}`,
    });
    expect(rows[0]!.imageUrl).toBe("rendered:/signs/dk/C/C55.webp:30");
  });
});
