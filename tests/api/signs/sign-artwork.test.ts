import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as adminArtwork from "@/app/api/admin/sign-artwork/[signId]/route";
import * as artwork from "@/app/api/sign-artwork/route";
import * as images from "@/app/api/sign-images/[key]/[file]/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import {
  CLEAN_SVG,
  ENTITY_SVG,
  EXTERNAL_HREF_SVG,
  FEW_USES_SVG,
  ONLOAD_SVG,
  SCRIPT_SVG,
  USE_FAN_OUT_SVG,
  embeddedPngSvg,
  fetchSignImage,
  hundredMegapixelPng,
  jpeg,
  makeStaffAdmin,
  png,
  signRowCount,
  storedFileCount,
  text,
  truncatedPng,
  uploadAs,
  type UploadFile,
} from "./support";

vi.mock("@/lib/signs/dk", async (real) => (await import("./test-catalogue")).withTestSigns(await real()));

let admin = "";
beforeAll(async () => {
  const user = await createUser();
  await makeStaffAdmin(user.id);
  admin = user.token;
});

const put = (signId: string, file?: UploadFile, site?: string) =>
  uploadAs(admin, adminArtwork.PUT, { method: "PUT", params: { signId }, file, site });
const revert = (signId: string) => as(admin, adminArtwork.DELETE, { method: "DELETE", params: { signId } });

describe("PUT /admin/sign-artwork/{signId}", () => {
  it("stores a sanitised SVG, lists it publicly and serves it with a locked-down policy", async () => {
    const res = await put("A11", { bytes: text(CLEAN_SVG), name: "A11.svg", type: "image/svg+xml" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ signId: "A11", contentType: "image/svg+xml" });
    expect(res.json.imageUrl).toMatch(/^\/api\/sign-images\/[a-f0-9]{32}\/A11\.svg$/);
    expect((await as(null, artwork.GET)).json).toEqual({ A11: res.json.imageUrl });

    const image = await fetchSignImage(images.GET, res.json.imageUrl);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(image.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toBe('inline; filename="A11.svg"');
    const body = await image.text();
    expect(body).toContain('<path d="M50 2 L98 86 L2 86 Z"');
    expect(body).not.toMatch(/inkscape|metadata|<!--/);
  });

  it("replacing artwork gives a new URL and stops serving the old one (kept for undo); DELETE reverts to the built-in drawing", async () => {
    const files = await storedFileCount();
    const first = (await put("C55", { bytes: text(CLEAN_SVG), name: "C55.svg" })).json;
    expect(await storedFileCount()).toBe(files + 1);
    const second = await put("C55", { bytes: await png(400, 400), name: "C55.png", type: "image/png" });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ signId: "C55", contentType: "image/png" });
    expect(second.json.imageUrl).toMatch(/\/C55\.png$/);
    // The earlier file stays on disk: staff can undo the replacement from the catalogue's history.
    expect(await storedFileCount()).toBe(files + 2);
    expect((await fetchSignImage(images.GET, first.imageUrl)).status).toBe(404);
    const served = await fetchSignImage(images.GET, second.json.imageUrl);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 400, height: 400 });
    expect((await as(null, artwork.GET)).json.C55).toBe(second.json.imageUrl);

    expect(await revert("C55")).toEqual({ status: 200, json: { signId: "C55", reverted: true } });
    expect((await as(null, artwork.GET)).json.C55).toBeUndefined();
    expect((await fetchSignImage(images.GET, second.json.imageUrl)).status).toBe(404);
    expect(await storedFileCount()).toBe(files + 2);
    expect(await revert("C55")).toEqual({ status: 404, json: { message: "Skiltet har ingen udskiftet tegning." } });
  });

  it("a PNG is scaled down to 2048 px; a sign id with a dot works", async () => {
    const res = await put("U3.1", { bytes: await png(4000, 1000), name: "U 3.1.png" });
    expect(res.status).toBe(200);
    const served = await fetchSignImage(images.GET, res.json.imageUrl);
    expect(res.json.imageUrl).toMatch(/\/U3\.1\.png$/);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 2048, height: 512 });
    await revert("U3.1");
  });

  it("a sewer symbol takes artwork too, whichever site the admin uploads it on (one drawing per catalogue id)", async () => {
    const res = await put("rensebrond-425", { bytes: text(CLEAN_SVG), name: "rensebrond-425.svg" }, "skilteplanen");
    expect(res.status).toBe(200);
    expect(res.json.imageUrl).toMatch(/\/rensebrond-425\.svg$/);
    expect((await as(null, artwork.GET)).json["rensebrond-425"]).toBe(res.json.imageUrl);
    expect(await revert("rensebrond-425")).toEqual({ status: 200, json: { signId: "rensebrond-425", reverted: true } });
  });

  it("an unknown sign id is a 404 and stores nothing", async () => {
    const [rows, files] = [await signRowCount(), await storedFileCount()];
    expect(await put("Q999", { bytes: text(CLEAN_SVG), name: "Q999.svg" })).toEqual({
      status: 404,
      json: { message: "Skiltet Q999 findes ikke i skiltekataloget." },
    });
    expect(await revert("Q999")).toMatchObject({ status: 404 });
    expect([await signRowCount(), await storedFileCount()]).toEqual([rows, files]);
  });

  const hostile: [string, () => Promise<UploadFile | undefined>, number, string][] = [
    [
      "an SVG with <script>",
      async () => ({ bytes: text(SCRIPT_SVG), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den indeholder script (<script>).",
    ],
    [
      "an SVG with onload=",
      async () => ({ bytes: text(ONLOAD_SVG), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den indeholder hændelsesattributten onload, som kan køre kode.",
    ],
    [
      "an SVG with an external href",
      async () => ({ bytes: text(EXTERNAL_HREF_SVG), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den henviser til en ekstern fil eller adresse (https://example.com/tracker.png).",
    ],
    [
      "an SVG with XML entities",
      async () => ({ bytes: text(ENTITY_SVG), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den indeholder en DOCTYPE med egne definitioner (XML-entiteter).",
    ],
    [
      "the probe's SVG fan-out (10¹² copies through nested <use>)",
      async () => ({ bytes: text(USE_FAN_OUT_SVG), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den gentager dele af tegningen for mange gange med use-elementer, url(#…) eller markører. Udfoldet må den højst tegne 100.000 elementer.",
    ],
    [
      "the probe's SVG with an embedded 20,000 × 20,000 PNG",
      async () => ({ bytes: text(await embeddedPngSvg(20_000, 20_000)), name: "A11.svg" }),
      413,
      "SVG-filen blev afvist: de indlejrede billeder er for store (20000 × 20000 px). De må tilsammen højst have 4,2 megapixel.",
    ],
    [
      "an HTML page named .svg",
      async () => ({ bytes: text("<html><body><script>alert(1)</script></body></html>"), name: "A11.svg" }),
      400,
      "SVG-filen blev afvist: den er ikke en SVG-tegning.",
    ],
    [
      "a JPG (artwork is SVG or PNG)",
      async () => ({ bytes: await jpeg(), name: "A11.png", type: "image/png" }),
      400,
      "Tegningen skal være en SVG- eller PNG-fil.",
    ],
    ["a 0-byte file", async () => ({ bytes: new Uint8Array(0), name: "A11.svg" }), 400, "Filen kunne ikke læses."],
    ["a truncated PNG", async () => ({ bytes: await truncatedPng(), name: "A11.png" }), 400, "Filen kunne ikke læses."],
    [
      "a 100-megapixel PNG",
      async () => ({ bytes: await hundredMegapixelPng(), name: "A11.png" }),
      413,
      "Billedet er for stort. Det må højst have 40 megapixel.",
    ],
    ["no file", async () => undefined, 400, "Vælg en fil."],
  ];
  for (const [name, file, status, message] of hostile) {
    it(`refuses ${name} with a clear message and stores nothing`, async () => {
      const before = (await as(null, artwork.GET)).json;
      const [rows, files] = [await signRowCount(), await storedFileCount()];
      const res = await put("A11", await file());
      expect(res.status).toBe(status);
      expect(res.json.message).toBe(message);
      expect([await signRowCount(), await storedFileCount()]).toEqual([rows, files]);
      expect((await as(null, artwork.GET)).json).toEqual(before);
    });
  }

  it("names the refused construct in the answer's code and reason", async () => {
    const res = await put("A11", { bytes: text(ONLOAD_SVG), name: "A11.svg" });
    expect(res.json).toMatchObject({ code: "SVG_REFUSED", reason: "eventAttribute" });
  });

  it("explains a refusal in Swedish on ta-planen", async () => {
    const res = await put("A11", { bytes: text(SCRIPT_SVG), name: "A11.svg" }, "ta-planen");
    expect(res.json.message).toBe("SVG-filen avvisades: den innehåller skript (<script>).");
  });

  it("explains a costly SVG in Swedish on ta-planen, and keeps a drawing that reuses a symbol a few times", async () => {
    const fanOut = await put("A11", { bytes: text(USE_FAN_OUT_SVG), name: "A11.svg" }, "ta-planen");
    expect(fanOut.json).toMatchObject({
      code: "SVG_REFUSED",
      reason: "references",
      message:
        "SVG-filen avvisades: den upprepar delar av ritningen för många gånger med use-element, url(#…) eller markörer. Utvecklad får den rita högst 100\u00a0000 element.",
    });
    const image = await put("A11", { bytes: text(await embeddedPngSvg(20_000, 20_000)), name: "A11.svg" }, "ta-planen");
    expect(image.json.message).toBe(
      "SVG-filen avvisades: de inbäddade bilderna är för stora (20000 × 20000 px). De får tillsammans ha högst 4,2 megapixel.",
    );
    const res = await put("A11", { bytes: text(FEW_USES_SVG), name: "A11.svg" });
    expect(res.status).toBe(200);
    const served = await fetchSignImage(images.GET, res.json.imageUrl);
    expect((await served.text()).match(/<use /g)).toHaveLength(3);
  });
});
