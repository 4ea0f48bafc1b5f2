import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import * as list from "@/app/api/personal-signs/route";
import * as one from "@/app/api/personal-signs/[id]/route";
import * as images from "@/app/api/sign-images/[key]/[file]/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import {
  fetchSignImage,
  gif,
  hundredMegapixelPng,
  jpeg,
  png,
  signRowCount,
  storedFileCount,
  text,
  truncatedPng,
  uploadAs,
  webp,
  type UploadFile,
} from "./support";

vi.mock("@/lib/signs/dk", async (real) => (await import("./test-catalogue")).withTestSigns(await real()));

const upload = (token: string | null, file?: UploadFile, fields: Record<string, string> = { name: "Mit skilt" }, site?: string) =>
  uploadAs(token, list.POST, { file, fields, site });
const p = (id: string | number) => ({ params: { id: String(id) } });

describe("POST /personal-signs", () => {
  it("stores a PNG as webp and answers the sign with its image URL", async () => {
    const user = await createUser();
    const res = await upload(
      user.token,
      { bytes: await png(300, 200), name: "skilt.png", type: "image/png" },
      { name: "  Vejarbejde  ", baseSignId: "A11" },
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Vejarbejde", baseSignId: "A11", width: 300, height: 200 });
    expect(res.json.gallery_image_url).toMatch(new RegExp(`^/api/sign-images/[a-f0-9]{32}/personal_${res.json.id}\\.webp$`));

    const image = await fetchSignImage(images.GET, res.json.gallery_image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 300, height: 200 });
  });

  it("accepts JPG and WEBP, and a PNG named .webp as the PNG it is (the bytes decide, not the name)", async () => {
    const user = await createUser();
    expect((await upload(user.token, { bytes: await jpeg(), name: "a.jpg", type: "image/jpeg" })).status).toBe(201);
    expect((await upload(user.token, { bytes: await webp(), name: "a.webp", type: "image/webp" })).status).toBe(201);
    const renamed = await upload(user.token, { bytes: await png(64, 32), name: "fake.webp", type: "image/webp" });
    expect(renamed.status).toBe(201);
    const meta = await sharp(
      Buffer.from(await (await fetchSignImage(images.GET, renamed.json.gallery_image_url)).arrayBuffer()),
    ).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 64, height: 32 });
  });

  it("scales a large image down to 1024 px on its longest side", async () => {
    const user = await createUser();
    const res = await upload(user.token, { bytes: await jpeg(3000, 1500), name: "stor.jpg" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 1024, height: 512 });
  });

  const refusals: [string, () => Promise<UploadFile | undefined>, number, string][] = [
    [
      "an HTML file renamed .png",
      async () => ({
        bytes: text("<!doctype html><html><body><script>alert(1)</script></body></html>"),
        name: "skilt.png",
        type: "image/png",
      }),
      400,
      "Ugyldig filtype. Vælg en PNG-, JPG- eller WEBP-fil.",
    ],
    [
      "an SVG (gallery signs are PNG, JPG or WEBP)",
      async () => ({ bytes: text('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>'), name: "a.svg", type: "image/svg+xml" }),
      400,
      "Ugyldig filtype. Vælg en PNG-, JPG- eller WEBP-fil.",
    ],
    [
      "a GIF",
      async () => ({ bytes: await gif(), name: "a.gif", type: "image/gif" }),
      400,
      "Ugyldig filtype. Vælg en PNG-, JPG- eller WEBP-fil.",
    ],
    ["a 0-byte file", async () => ({ bytes: new Uint8Array(0), name: "tom.png", type: "image/png" }), 400, "Filen kunne ikke læses."],
    ["a truncated PNG", async () => ({ bytes: await truncatedPng(), name: "halv.png", type: "image/png" }), 400, "Filen kunne ikke læses."],
    [
      "a PNG cut off inside its header",
      async () => ({ bytes: (await png()).subarray(0, 20), name: "stump.png", type: "image/png" }),
      400,
      "Filen kunne ikke læses.",
    ],
    [
      "a 100-megapixel image",
      async () => ({ bytes: await hundredMegapixelPng(), name: "kæmpe.png", type: "image/png" }),
      413,
      "Billedet er for stort. Det må højst have 40 megapixel.",
    ],
    [
      "a file over 10 MB",
      async () => ({ bytes: new Uint8Array(10 * 1024 * 1024 + 1), name: "tung.png", type: "image/png" }),
      413,
      "Filen er for stor. Den må højst fylde 10 MB.",
    ],
    [
      "a body over the limit (refused while it is read)",
      async () => ({ bytes: new Uint8Array(12 * 1024 * 1024), name: "tung.png", type: "image/png" }),
      413,
      "Filen er for stor. Den må højst fylde 10 MB.",
    ],
    ["no file", async () => undefined, 400, "Vælg en fil."],
  ];
  for (const [name, file, status, message] of refusals) {
    it(`refuses ${name} and stores nothing`, async () => {
      const user = await createUser();
      const [rows, files] = [await signRowCount(), await storedFileCount()];
      const res = await upload(user.token, await file());
      expect(res.status).toBe(status);
      expect(res.json.message).toBe(message);
      expect(await signRowCount()).toBe(rows);
      expect(await storedFileCount()).toBe(files);
      expect((await as(user.token, list.GET)).json).toEqual([]);
    });
  }

  it("refuses a missing name, an unknown base sign, and a body that is not multipart", async () => {
    const user = await createUser();
    const bytes = await png();
    const noName = await upload(user.token, { bytes, name: "a.png" }, {});
    expect(noName).toMatchObject({ status: 400, json: { message: "Skriv et navn til skiltet." } });
    const unknown = await upload(user.token, { bytes, name: "a.png" }, { name: "x", baseSignId: "Q999" });
    expect(unknown).toMatchObject({ status: 400, json: { message: "Skiltet Q999 findes ikke i skiltekataloget." } });
    const json = await as(user.token, list.POST, { method: "POST", body: { name: "x" } });
    expect(json).toMatchObject({ status: 400, json: { message: "Vælg en fil." } });
    expect((await as(user.token, list.GET)).json).toEqual([]);
  });

  it("answers in Swedish on ta-planen", async () => {
    const user = await createUser({ site: "ta-planen" });
    const res = await upload(user.token, { bytes: text("nope"), name: "a.png" }, { name: "x" }, "ta-planen");
    expect(res).toMatchObject({ status: 400, json: { message: "Ogiltig filtyp. Välj en PNG-, JPG- eller WEBP-fil." } });
  });

  it("needs a confirmed e-mail", async () => {
    const user = await createUser({ verified: false });
    expect((await upload(user.token, { bytes: await png(), name: "a.png" })).status).toBe(403);
    expect((await upload(null, { bytes: await png(), name: "a.png" })).status).toBe(401);
  });
});

describe("GET /personal-signs", () => {
  it("lists the caller's own signs, newest first, without deleted ones", async () => {
    const user = await createUser();
    const other = await createUser();
    const first = (await upload(user.token, { bytes: await png(), name: "1.png" }, { name: "Første" })).json;
    const second = (await upload(user.token, { bytes: await png(), name: "2.png" }, { name: "Anden" })).json;
    await upload(other.token, { bytes: await png(), name: "3.png" }, { name: "Andens" });
    expect((await as(user.token, list.GET)).json.map((s: any) => s.name)).toEqual(["Anden", "Første"]);
    await as(user.token, one.DELETE, { method: "DELETE", ...p(second.id) });
    expect((await as(user.token, list.GET)).json.map((s: any) => s.id)).toEqual([first.id]);
  });
});

describe("GET /personal-signs/{id} and DELETE /personal-signs/{id}", () => {
  it("a deleted sign answers 404 PERSONAL_SIGN_DELETED with its base sign, and its image stays readable", async () => {
    const user = await createUser();
    const sign = (await upload(user.token, { bytes: await png(), name: "a.png" }, { name: "Med grundskilt", baseSignId: "C55" })).json;
    expect(await as(user.token, one.GET, p(sign.id))).toMatchObject({ status: 200, json: { id: sign.id, baseSignId: "C55" } });
    expect(await as(user.token, one.GET, p(`personal_${sign.id}`))).toMatchObject({ status: 200, json: { id: sign.id } });

    expect(await as(user.token, one.DELETE, { method: "DELETE", ...p(sign.id) })).toMatchObject({
      status: 200,
      json: { id: sign.id, deleted: true },
    });
    const gone = await as(user.token, one.GET, p(`personal_${sign.id}`));
    expect(gone).toEqual({
      status: 404,
      json: {
        message: "Dit eget skilt er blevet slettet. Det oprindelige skilt åbnes i stedet.",
        code: "PERSONAL_SIGN_DELETED",
        baseSignId: "C55",
      },
    });
    expect((await fetchSignImage(images.GET, sign.gallery_image_url)).status).toBe(200);
    expect((await as(user.token, one.DELETE, { method: "DELETE", ...p(sign.id) })).status).toBe(404);
  });

  it("a deleted sign without a base sign answers baseSignId null", async () => {
    const user = await createUser();
    const sign = (await upload(user.token, { bytes: await png(), name: "a.png" })).json;
    await as(user.token, one.DELETE, { method: "DELETE", ...p(sign.id) });
    expect((await as(user.token, one.GET, p(sign.id))).json).toMatchObject({ code: "PERSONAL_SIGN_DELETED", baseSignId: null });
  });

  it("someone holding the image URL (a colleague on a shared plan) may look the sign up with its key; without it, 404", async () => {
    const owner = await createUser();
    const colleague = await createUser();
    const sign = (await upload(owner.token, { bytes: await png(), name: "a.png" }, { name: "Delt", baseSignId: "A11" })).json;
    const key = sign.gallery_image_url.split("/")[3];
    expect((await as(colleague.token, one.GET, p(sign.id))).status).toBe(404);
    expect((await as(colleague.token, one.GET, { ...p(sign.id), query: `?key=${"0".repeat(32)}` })).status).toBe(404);
    expect(await as(colleague.token, one.GET, { ...p(sign.id), query: `?key=${key}` })).toMatchObject({
      status: 200,
      json: { id: sign.id },
    });
    await as(owner.token, one.DELETE, { method: "DELETE", ...p(sign.id) });
    expect(await as(colleague.token, one.GET, { ...p(sign.id), query: `?key=${key}` })).toMatchObject({
      status: 404,
      json: { code: "PERSONAL_SIGN_DELETED", baseSignId: "A11" },
    });
    expect((await as(colleague.token, one.GET, p(sign.id))).json.code).toBeUndefined();
  });
});

describe("GET /sign-images/{key}/{file}", () => {
  it("answers only for the right key and file name, to anyone", async () => {
    const user = await createUser();
    const sign = (await upload(user.token, { bytes: await png(), name: "a.png" })).json;
    const url: string = sign.gallery_image_url;
    expect((await fetchSignImage(images.GET, url)).status).toBe(200);
    const [, , , key] = url.split("/");
    expect((await fetchSignImage(images.GET, url.replace(key!, "f".repeat(32)))).status).toBe(404);
    expect((await fetchSignImage(images.GET, url.replace(`personal_${sign.id}`, `personal_${sign.id + 1}`))).status).toBe(404);
    expect((await fetchSignImage(images.GET, url.replace(".webp", ".png"))).status).toBe(404);
    expect((await fetchSignImage(images.GET, `/api/sign-images/../personal_${sign.id}.webp`.replace("..", "x"))).status).toBe(404);
  });
});
