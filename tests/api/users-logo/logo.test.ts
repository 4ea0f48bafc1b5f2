/**
 * The company logo (spec core §7 "Logo"): POST /users/upload-logo (multipart, part `logo`), GET /users/logo
 * (CompanyLogoDto; with ?image= the image) and DELETE /users/logo. A user in no organisation
 * has their own; a member of an organisation has the organisation's, which its owner and administrators
 * set and every member reads.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as logo from "@/app/api/users/logo/route";
import * as uploadLogo from "@/app/api/users/upload-logo/route";
import { getDb } from "@/server/db";
import type { CompanyLogoDto } from "@/lib/schemas/company-logo";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import {
  CLEAN_SVG,
  FEW_USES_SVG,
  ONLOAD_SVG,
  SCRIPT_SVG,
  USE_FAN_OUT_SVG,
  embeddedPngSvg,
  gif,
  jpeg,
  makeOrganisationAdmin,
  png,
  storedFileCount,
  text,
  uploadAs,
  webp,
  type UploadFile,
} from "../signs/support";

const put = (token: string | null, file?: UploadFile, site?: string) => uploadAs(token, uploadLogo.POST, { file, site, fileField: "logo" });
const remove = (token: string | null) => as(token, logo.DELETE, { method: "DELETE" });
const logoInfo = async (token: string | null) => (await as(token, logo.GET)).json as CompanyLogoDto;

/** The image, at the URL CompanyLogoDto.logo.url has the shape of. */
async function fetchLogo(token: string | null): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return logo.GET(new Request("http://skilteplanen.localhost:3000/api/users/logo?image=1", { headers }), { params: Promise.resolve({}) });
}

async function logoBytes(token: string): Promise<Uint8Array> {
  const res = await fetchLogo(token);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("a user's own company logo", () => {
  it("starts with none: the info says so and GET is a 404 in the user's language", async () => {
    const user = await createUser();
    expect(await logoInfo(user.token)).toEqual({ scope: "user", canManage: true, logo: null });
    const res = await fetchLogo(user.token);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Der er ikke valgt et firmalogo.");
  });

  it("stores a raster logo as PNG of at most 1000 px on its long side, keeping transparency", async () => {
    const user = await createUser();
    const res = await put(user.token, { bytes: await png(2400, 600, "#c0000080"), name: "logo.png" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ scope: "user", canManage: true, logo: { contentType: "image/png", width: 1000, height: 250 } });
    expect(res.json.logo.url).toMatch(/^\/api\/users\/logo\?image=\d+$/);
    const served = await fetchLogo(user.token);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1000, height: 250, hasAlpha: true });
    expect(await logoInfo(user.token)).toEqual(res.json);
  });

  it("accepts JPG and WEBP (stored as PNG), and a small logo is not enlarged", async () => {
    const user = await createUser();
    for (const bytes of [await jpeg(300, 200), await webp(120, 90)]) {
      const res = await put(user.token, { bytes, name: "logo", type: "application/octet-stream" });
      expect(res.status).toBe(200);
      expect(res.json.logo.contentType).toBe("image/png");
      const meta = await sharp(await logoBytes(user.token)).metadata();
      expect(meta.format).toBe("png");
      expect([meta.width, meta.height]).toEqual([res.json.logo.width, res.json.logo.height]);
    }
    expect((await logoInfo(user.token)).logo).toMatchObject({ width: 120, height: 90 });
  });

  it("keeps an SVG logo as vector, cleaned like sign artwork", async () => {
    const user = await createUser();
    const res = await put(user.token, { bytes: text(CLEAN_SVG), name: "logo.svg", type: "image/svg+xml" });
    expect(res.status).toBe(200);
    expect(res.json.logo).toMatchObject({ contentType: "image/svg+xml", width: 100, height: 88 });
    const served = await fetchLogo(user.token);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    const svg = await served.text();
    expect(svg).toContain("<path");
    expect(svg).not.toContain("inkscape");
    expect(svg).not.toContain("<metadata");
  });

  it("refuses an SVG too costly to draw (the probe's <use> fan-out, an embedded 20,000 × 20,000 PNG), storing nothing", async () => {
    const user = await createUser();
    const before = await storedFileCount();
    const fanOut = await put(user.token, { bytes: text(USE_FAN_OUT_SVG), name: "logo.svg" });
    expect(fanOut.status).toBe(400);
    expect(fanOut.json).toMatchObject({
      code: "SVG_REFUSED",
      reason: "references",
      message:
        "SVG-filen blev afvist: den gentager dele af tegningen for mange gange med use-elementer, url(#…) eller markører. Udfoldet må den højst tegne 100.000 elementer.",
    });
    const image = await put(user.token, { bytes: text(await embeddedPngSvg(20_000, 20_000)), name: "logo.svg" }, "ta-planen");
    expect(image.status).toBe(413);
    expect(image.json).toMatchObject({
      reason: "imageTooLarge",
      message: "SVG-filen avvisades: de inbäddade bilderna är för stora (20000 × 20000 px). De får tillsammans ha högst 4,2 megapixel.",
    });
    expect(await storedFileCount()).toBe(before);
    expect((await logoInfo(user.token)).logo).toBeNull();

    const few = await put(user.token, { bytes: text(FEW_USES_SVG), name: "logo.svg" });
    expect(few.status).toBe(200);
    expect(few.json.logo).toMatchObject({ contentType: "image/svg+xml", width: 90, height: 30 });
    const small = await put(user.token, { bytes: text(await embeddedPngSvg(400, 100)), name: "logo.svg" });
    expect(small.status).toBe(200);
  });

  it("refuses a hostile SVG with its reason, and other types, storing nothing", async () => {
    const user = await createUser();
    const before = await storedFileCount();
    const script = await put(user.token, { bytes: text(SCRIPT_SVG), name: "logo.svg" });
    expect(script.status).toBe(400);
    expect(script.json).toMatchObject({ code: "SVG_REFUSED", reason: "script" });
    expect((await put(user.token, { bytes: text(ONLOAD_SVG), name: "logo.svg" })).json.reason).toBe("eventAttribute");
    for (const bytes of [await gif(), text("%PDF-1.7 not a logo"), text("hello")]) {
      const res = await put(user.token, { bytes, name: "logo.png", type: "image/png" });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Ugyldig filtype. Vælg en PNG-, JPG-, WEBP- eller SVG-fil.");
    }
    const swedish = await put(user.token, { bytes: await gif(), name: "logo.gif" }, "ta-planen");
    expect(swedish.json.message).toBe("Ogiltig filtyp. Välj en PNG-, JPG-, WEBP- eller SVG-fil.");
    expect((await put(user.token)).status).toBe(400);
    expect((await put(user.token, { bytes: new Uint8Array(), name: "logo.png" })).status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await png(100, 100));
    expect((await put(user.token, { bytes: big, name: "logo.png" })).status).toBe(413);
    expect(await storedFileCount()).toBe(before);
    expect((await logoInfo(user.token)).logo).toBeNull();
  });

  it("gives every refusal of core §8 its own message, in Danish and in Swedish, storing nothing", async () => {
    const user = await createUser();
    const before = await storedFileCount();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await png(100, 100));
    const truncated = (await png(200, 200)).subarray(0, 60);
    const cases: { file?: UploadFile; status: number; da: string; sv: string }[] = [
      {
        file: { bytes: await gif(), name: "logo.gif" },
        status: 400,
        da: "Ugyldig filtype. Vælg en PNG-, JPG-, WEBP- eller SVG-fil.",
        sv: "Ogiltig filtyp. Välj en PNG-, JPG-, WEBP- eller SVG-fil.",
      },
      {
        file: { bytes: big, name: "logo.png" },
        status: 413,
        da: "Logoet er for stort. Det må højst fylde 10 MB.",
        sv: "Logotypen är för stor. Den får vara högst 10 MB.",
      },
      {
        file: { bytes: await png(47, 300), name: "logo.png" },
        status: 400,
        da: "Logoet er for lille. Det skal være mindst 48 × 48 pixels.",
        sv: "Logotypen är för liten. Den måste vara minst 48 × 48 pixlar.",
      },
      {
        file: { bytes: await webp(300, 47), name: "logo.webp" },
        status: 400,
        da: "Logoet er for lille. Det skal være mindst 48 × 48 pixels.",
        sv: "Logotypen är för liten. Den måste vara minst 48 × 48 pixlar.",
      },
      {
        file: { bytes: truncated, name: "logo.png" },
        status: 400,
        da: "Logoet kunne ikke indlæses. Filen er måske beskadiget.",
        sv: "Logotypen kunde inte läsas in. Filen kan vara skadad.",
      },
      {
        file: { bytes: new Uint8Array(), name: "logo.png" },
        status: 400,
        da: "Logoet kunne ikke indlæses. Filen er måske beskadiget.",
        sv: "Logotypen kunde inte läsas in. Filen kan vara skadad.",
      },
      { status: 400, da: "Vælg en logofil.", sv: "Välj en logotypfil." },
    ];
    for (const { file, status, da, sv } of cases) {
      const danish = await put(user.token, file);
      expect([danish.status, danish.json.message]).toEqual([status, da]);
      const swedish = await put(user.token, file, "ta-planen");
      expect([swedish.status, swedish.json.message]).toEqual([status, sv]);
    }
    expect(await storedFileCount()).toBe(before);
    expect((await logoInfo(user.token)).logo).toBeNull();
  });

  it("takes the file only from the part named logo (spec core §7); a body that is no form is refused", async () => {
    const user = await createUser();
    const wrongPart = await uploadAs(user.token, uploadLogo.POST, { file: { bytes: await png(), name: "logo.png" } });
    expect([wrongPart.status, wrongPart.json.message]).toEqual([400, "Vælg en logofil."]);
    const json = await as(user.token, uploadLogo.POST, { method: "POST", body: { logo: "x" } });
    expect([json.status, json.json.message]).toEqual([400, "Vælg en logofil."]);
    expect((await logoInfo(user.token)).logo).toBeNull();
  });

  it("judges the minimum on the upload's own size: 48 × 48 px is enough, and a wide logo scaled below it is kept", async () => {
    const user = await createUser();
    const least = await put(user.token, { bytes: await jpeg(48, 48), name: "logo.jpg" });
    expect(least.status).toBe(200);
    expect(least.json.logo).toMatchObject({ width: 48, height: 48 });
    const wide = await put(user.token, { bytes: await png(4000, 60), name: "logo.png" });
    expect(wide.status).toBe(200);
    expect(wide.json.logo).toMatchObject({ width: 1000, height: 15 });
    // An SVG has no pixels: it prints sharp at any size, so a small one is accepted.
    const svg = await put(user.token, { bytes: text(FEW_USES_SVG), name: "logo.svg" });
    expect(svg.json.logo).toMatchObject({ contentType: "image/svg+xml", width: 90, height: 30 });
  });

  it("a replacement removes the old file; DELETE removes the logo and its file", async () => {
    const user = await createUser();
    await put(user.token, { bytes: await png(100, 50, "#00f"), name: "a.png" });
    const before = await storedFileCount();
    const replaced = await put(user.token, { bytes: await png(60, 60, "#0f0"), name: "b.png" });
    expect(replaced.json.logo).toMatchObject({ width: 60, height: 60 });
    expect(await storedFileCount()).toBe(before);
    const deleted = await remove(user.token);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ scope: "user", canManage: true, logo: null });
    expect(await storedFileCount()).toBe(before - 1);
    expect((await fetchLogo(user.token)).status).toBe(404);
    // Removing what is not there is no error.
    expect((await remove(user.token)).status).toBe(200);
  });

  it("is nobody else's: another user has none, and anonymous callers get 401", async () => {
    const user = await createUser();
    const other = await createUser();
    await put(user.token, { bytes: await png(), name: "logo.png" });
    expect((await fetchLogo(other.token)).status).toBe(404);
    expect((await logoInfo(other.token)).logo).toBeNull();
    expect((await fetchLogo(null)).status).toBe(401);
    expect((await put(null, { bytes: await png(), name: "logo.png" })).status).toBe(401);
    expect((await remove(null)).status).toBe(401);
    expect((await as(null, logo.GET)).status).toBe(401);
  });
});

describe("an organisation's company logo", () => {
  it("the owner sets it; every member reads it; plain members may not change it (403)", async () => {
    const owner = await createUser();
    const member = await createUser();
    const admin = await createUser();
    const outsider = await createUser();
    const rival = await createUser();
    await createOrganisation(owner.id, [member.id, admin.id]);
    await createOrganisation(rival.id);
    await makeOrganisationAdmin(admin.id);

    expect(await logoInfo(member.token)).toEqual({ scope: "organisation", canManage: false, logo: null });
    const set = await put(owner.token, { bytes: await png(400, 100), name: "firma.png" });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ scope: "organisation", canManage: true, logo: { width: 400, height: 100 } });
    expect(await logoBytes(member.token)).toEqual(await logoBytes(owner.token));
    expect(await logoInfo(member.token)).toMatchObject({ scope: "organisation", canManage: false, logo: { width: 400 } });

    const refused = await put(member.token, { bytes: await png(), name: "mit.png" });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Kun organisationens ejer og administratorer kan ændre firmalogoet.");
    const refusedSv = await put(member.token, { bytes: await png(), name: "mit.png" }, "ta-planen");
    expect([refusedSv.status, refusedSv.json.message]).toEqual([
      403,
      "Endast organisationens ägare och administratörer kan ändra företagslogotypen.",
    ]);
    const notRemoved = await remove(member.token);
    expect([notRemoved.status, notRemoved.json.message]).toEqual([
      403,
      "Kun organisationens ejer og administratorer kan ændre firmalogoet.",
    ]);
    expect((await logoInfo(member.token)).logo).toMatchObject({ width: 400, height: 100 });

    const byAdmin = await put(admin.token, { bytes: await png(200, 200), name: "ny.png" });
    expect(byAdmin.status).toBe(200);
    expect((await logoInfo(member.token)).logo).toMatchObject({ width: 200, height: 200 });

    // Outside the organisation nobody sees it.
    expect((await fetchLogo(outsider.token)).status).toBe(404);
    expect((await fetchLogo(rival.token)).status).toBe(404);
    expect(await logoInfo(rival.token)).toEqual({ scope: "organisation", canManage: true, logo: null });

    expect((await remove(admin.token)).json.logo).toBeNull();
    expect((await fetchLogo(member.token)).status).toBe(404);
  });

  it("a personal logo gives way to the organisation's while its owner is a member", async () => {
    const user = await createUser();
    const boss = await createUser();
    await put(user.token, { bytes: await png(300, 100), name: "egen.png" });
    await createOrganisation(boss.id, [user.id]);
    expect(await logoInfo(user.token)).toEqual({ scope: "organisation", canManage: false, logo: null });
    expect((await fetchLogo(user.token)).status).toBe(404);
    await put(boss.token, { bytes: await png(500, 100), name: "firma.png" });
    expect((await logoInfo(user.token)).logo).toMatchObject({ width: 500, height: 100 });
  });
});

describe("company_logos (0010)", () => {
  it("holds a logo of exactly one owner: an organisation or a user", async () => {
    const user = await createUser();
    const organisationId = await createOrganisation(user.id);
    const db = await getDb();
    const row = {
      storage_key: "0".repeat(32),
      content_type: "image/png" as const,
      width: 1,
      height: 1,
      updated_at: new Date().toISOString(),
    };
    await expect(
      db
        .insertInto("company_logos")
        .values({ ...row, user_id: user.id, organisation_id: organisationId })
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto("company_logos").values(row).execute()).rejects.toThrow();
  });
});
