/** Helpers of the sign API tests: multipart calls, test images, and what is stored (rows and files). */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db";

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

export interface UploadFile {
  bytes: Uint8Array;
  name: string;
  /** What the browser claims; the server must not believe it. */
  type?: string;
}

/** Calls a route handler with a multipart body (a file under "file" and text fields), as a user or anonymously. */
export async function uploadAs<P extends object>(
  token: string | null,
  handler: Handler<P>,
  options: { method?: string; params?: P; file?: UploadFile; fields?: Record<string, string>; site?: string; fileField?: string } = {},
): Promise<{ status: number; json: any }> {
  const form = new FormData();
  if (options.file)
    form.set(
      options.fileField ?? "file",
      new File([options.file.bytes as Uint8Array<ArrayBuffer>], options.file.name, { type: options.file.type ?? "" }),
    );
  for (const [name, value] of Object.entries(options.fields ?? {})) form.set(name, value);
  const site = options.site ?? "skilteplanen";
  const headers: Record<string, string> = { "x-site": site, host: `${site}.localhost:3000` };
  if (token) headers.authorization = `Bearer ${token}`;
  const req = new Request(`http://${site}.localhost:3000/api/x`, { method: options.method ?? "POST", body: form, headers });
  const res = await handler(req, { params: Promise.resolve((options.params ?? {}) as P) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** Fetches an image URL the API handed out through the public image route handler. */
export async function fetchSignImage(handler: Handler<{ key: string; file: string }>, url: string): Promise<Response> {
  const match = /^\/api\/sign-images\/([^/]+)\/([^/]+)$/.exec(url);
  if (!match) throw new Error(`not a sign image URL: ${url}`);
  return handler(new Request(`http://skilteplanen.localhost:3000${url}`), {
    params: Promise.resolve({ key: match[1]!, file: decodeURIComponent(match[2]!) }),
  });
}

export const png = (width = 300, height = 200, colour = "#c00") =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const jpeg = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: "#0a0" } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const webp = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: "#00a" } })
    .webp()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const gif = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: "#0a0" } })
    .gif()
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** A 10000×10000 single-colour PNG: 100 megapixels that compress to a few hundred kilobytes. */
export const hundredMegapixelPng = () =>
  sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#fff" } })
    .png({ compressionLevel: 9 })
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** A PNG with real pixel data cut off halfway: its header still reads fine. */
export async function truncatedPng(): Promise<Uint8Array> {
  const noise = Buffer.from(Array.from({ length: 200 * 150 * 3 }, (_, i) => (i * 7919) % 251));
  const full = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } })
    .png()
    .toBuffer();
  return new Uint8Array(full.subarray(0, Math.floor(full.length / 2)));
}

export const text = (s: string) => new TextEncoder().encode(s);

/** Files in the storage folder (the .type companions not counted). */
export async function storedFileCount(): Promise<number> {
  const root = path.join(getConfig().dataDir, "files");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && !e.name.endsWith(".type")).length;
}

/** Rows of the three sign tables. */
export async function signRowCount(): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (const table of ["personal_signs", "organisation_signs", "sign_artwork"] as const) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    total += Number(n);
  }
  return total;
}

export async function makeStaffAdmin(userId: number): Promise<void> {
  const db = await getDb();
  await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", userId).execute();
}

export async function makeOrganisationAdmin(userId: number): Promise<void> {
  const db = await getDb();
  await db.updateTable("organisation_members").set({ is_admin: 1 }).where("user_id", "=", userId).execute();
}

/** A tidy sign drawing with the baggage an editor leaves in it. */
export const CLEAN_SVG = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="100" height="88" viewBox="0 0 100 88" inkscape:version="1.2">
  <metadata><title>A 11</title></metadata>
  <path d="M50 2 L98 86 L2 86 Z" fill="#fff" stroke="#c1121c" stroke-width="8" inkscape:label="kant"/>
  <path d="M45 70 C50 50 60 40 55 25" fill="none" stroke="#000" stroke-width="6"/>
</svg>
`;

export const SCRIPT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>';
export const ONLOAD_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>';
export const EXTERNAL_HREF_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="https://example.com/tracker.png" width="10" height="10"/></svg>';
export const ENTITY_SVG =
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>';

/**
 * The security probe's fan-out: six nested levels of a hundred <use> each over one path, 10¹² paths for a
 * renderer to draw, in 13 KB.
 */
export const USE_FAN_OUT_SVG = (() => {
  let defs = '<path id="l0" d="M0 0h1v1z"/>';
  for (let level = 1; level <= 6; level++)
    defs += `<g id="l${level}">${Array.from({ length: 100 }, () => `<use href="#l${level - 1}"/>`).join("")}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>${defs}</defs><use href="#l6"/></svg>`;
})();

/** A drawing that reuses a symbol a few times, as icon and sign editors write them. */
export const FEW_USES_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="90" height="30" viewBox="0 0 90 30">
  <defs><symbol id="dot" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#c1121c"/></symbol></defs>
  <use xlink:href="#dot" width="30" height="30"/><use xlink:href="#dot" x="30" width="30" height="30"/><use href="#dot" x="60" width="30" height="30"/>
</svg>`;

/** An SVG embedding a PNG whose header claims `width` × `height` pixels (the probe's was 20,000 × 20,000). */
export async function embeddedPngSvg(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  // IHDR is the first chunk: width at 16, height at 20, CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="data:image/png;base64,${png.toString("base64")}" width="10" height="10"/></svg>`;
}
