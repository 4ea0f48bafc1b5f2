/**
 * The documented body limits hold exactly through the real server: at the limit a request works, one
 * byte past it is a 413 with its message. (Next's proxy once passed route handlers only the first
 * 10 MiB of a body, so uploads between 10 MiB and their limit failed; the handlers' own tests call them
 * directly and could not see that.)
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { MAX_BACKGROUND_BYTES, MAX_PLAN_CONTENT_BYTES } from "@/lib/plan-limits";
import { MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import { apiCall } from "./api";
import { expect, test } from "./fixtures";
import { createVerifiedUser, siteTexts } from "./support";

const site = "skilteplanen";
const t = siteTexts(site);

test.describe.configure({ timeout: 180_000 });

let plansMade = 0;

async function planOf(token: string): Promise<{ id: number; version: number; content: Record<string, unknown[]> }> {
  const projects = (await apiCall(site, "GET", "/api/project", undefined, token)).json as { id: number }[];
  // Each its own name: a project refuses a second plan of the same name (PLAN_NAME_TAKEN).
  const name = `Grænser ${++plansMade}`;
  const created = await apiCall(site, "POST", "/api/signplan", { name, project_id: projects[0]!.id }, token);
  expect(created.status).toBe(201);
  return created.json as { id: number; version: number; content: Record<string, unknown[]> };
}

/** A line whose `note` (kept as an element's unknown fields are) makes the stored content `bytes` long. */
function contentOfSize(content: Record<string, unknown[]>, bytes: number): Record<string, unknown> {
  const line = (note: string) => ({
    id: "fyld",
    coordinates: [
      [10.38, 55.4],
      [10.39, 55.41],
    ],
    colour: "#000000",
    width: 0.5,
    note,
  });
  const without = JSON.stringify({ ...content, lines: [line("")] });
  return { ...content, lines: [line("x".repeat(bytes - Buffer.byteLength(without)))] };
}

test("a plan of exactly 20 MB saves uncompressed through the server, a byte more is a 413", async ({ page }) => {
  const user = await createVerifiedUser(page, site);
  const plan = await planOf(user.token);

  const atLimit = contentOfSize(plan.content, MAX_PLAN_CONTENT_BYTES);
  const saved = await apiCall(site, "PUT", `/api/signplan/${plan.id}`, { version: plan.version, content: atLimit }, user.token);
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const stored = await apiCall(site, "GET", `/api/signplan/${plan.id}`, undefined, user.token);
  expect(Buffer.byteLength(JSON.stringify((stored.json as { content: unknown }).content))).toBe(MAX_PLAN_CONTENT_BYTES);

  const past = contentOfSize(plan.content, MAX_PLAN_CONTENT_BYTES + 1);
  const refused = await apiCall(site, "PUT", `/api/signplan/${plan.id}`, { version: plan.version + 1, content: past }, user.token);
  expect(refused.status).toBe(413);
  expect(refused.json).toEqual({ message: t("api.plans.tooLarge", { mb: 20 }) });
  expect((await apiCall(site, "GET", `/api/signplan/${plan.id}`, undefined, user.token)).json).toMatchObject({ version: plan.version + 1 });
});

/** A PNG of exactly `bytes`: noise stored uncompressed, the last few bytes a text chunk. */
async function pngOfSize(bytes: number): Promise<Buffer> {
  const width = 4000;
  const noise = (height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  let png = await noise(100);
  const perRow = (png.length - 100) / 100;
  png = await noise(Math.floor((bytes - 20_000) / perRow));
  const textLength = bytes - png.length - 12;
  expect(textLength).toBeGreaterThan(8);
  const type = Buffer.from("tEXt");
  const data = Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(textLength - 8, "x")]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** A multipart body with `fields` and then the file, as a browser's FormData sends it. */
function multipart(
  file: Buffer,
  name: string,
  type: string,
  fields: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----graense${Date.now()}`;
  const text = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${text.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const body = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

test("a background of exactly 50 MB uploads through the server, a byte more is a 413", async ({ page }) => {
  const user = await createVerifiedUser(page, site);
  const plan = await planOf(user.token);
  const png = await pngOfSize(MAX_BACKGROUND_BYTES);
  expect(png.length).toBe(MAX_BACKGROUND_BYTES);
  expect((await sharp(png).metadata()).format).toBe("png");

  const atLimit = multipart(png, "kort.png", "image/png");
  const uploaded = await apiCall(site, "POST", `/api/signplan/${plan.id}/background`, atLimit.body, user.token, atLimit.headers);
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);

  const past = multipart(Buffer.concat([png, Buffer.from([0])]), "kort.png", "image/png");
  // A plan takes one background (a second is a 409), so the larger file goes to another plan.
  const other = await planOf(user.token);
  const refused = await apiCall(site, "POST", `/api/signplan/${other.id}/background`, past.body, user.token, past.headers);
  expect(refused.status).toBe(413);
  expect(refused.json).toEqual({ message: t("api.plans.backgroundTooLarge", { mb: 50 }) });
});

test("a sign image of exactly 10 MB uploads through the server, a byte more is a 413", async ({ page }) => {
  const user = await createVerifiedUser(page, site);
  const png = await pngOfSize(MAX_SIGN_UPLOAD_BYTES);
  const atLimit = multipart(png, "skilt.png", "image/png", { name: "Eget skilt" });
  const uploaded = await apiCall(site, "POST", "/api/personal-signs", atLimit.body, user.token, atLimit.headers);
  expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
  const past = multipart(Buffer.concat([png, Buffer.from([0])]), "skilt.png", "image/png", { name: "For stort" });
  const refused = await apiCall(site, "POST", "/api/personal-signs", past.body, user.token, past.headers);
  expect(refused.status).toBe(413);
  expect(refused.json).toEqual({ message: t("api.signs.tooLarge", { mb: 10 }) });
});

test("a JSON body of exactly 1 MB is read, a byte more is a 413", async ({ page }) => {
  const user = await createVerifiedUser(page, site);
  const json = JSON.stringify({ standardSignSize: 1 });
  const padded = (bytes: number) => Buffer.from(json + " ".repeat(bytes - json.length));
  const headers = { "content-type": "application/json" };
  const ok = await apiCall(site, "PATCH", "/api/user-settings", padded(1024 * 1024), user.token, headers);
  expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  const refused = await apiCall(site, "PATCH", "/api/user-settings", padded(1024 * 1024 + 1), user.token, headers);
  expect(refused.status).toBe(413);
  expect(refused.json).toEqual({ message: t("api.errors.tooLarge", { mb: 1 }) });
});
