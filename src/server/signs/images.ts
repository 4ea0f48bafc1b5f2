import "server-only";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../api/errors";
import type { CallContext } from "../accounts/service";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { readRasterHeader } from "../files/raster";
import { sniffRasterFormat, type RasterFormat } from "@/lib/files/raster-format";
import { getStorage } from "../storage";
import { MAX_SIGN_PIXELS, MAX_SIGN_UPLOAD_BYTES } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";

/** An uploaded image after checking and re-encoding: what is stored and served. */
export interface NormalisedImage {
  data: Buffer;
  contentType: "image/webp" | "image/png";
  width: number;
  height: number;
}

/**
 * Checks an uploaded raster image by its bytes (not its name or the browser's claim) and re-encodes it:
 * - the signature (magic bytes) decides the format: one outside `accept` (HTML renamed .png, a GIF, an
 *   SVG for a gallery sign) is an invalid type; an empty, truncated or undecodable file is a read error;
 * - the pixel count is read from the header and refused above MAX_SIGN_PIXELS before any decoding
 *   (sharp's limitInputPixels guards the decoder as well);
 * - EXIF rotation is applied, the image is scaled down to `maxSide`, and re-encoding drops metadata and
 *   anything appended to the file.
 * `invalidTypeKey` is the message for a wrong format (gallery signs: PNG, JPG or WEBP; artwork: SVG or PNG;
 * company logos: PNG, JPG, WEBP or SVG).
 */
export async function normaliseRasterImage(
  site: SiteId,
  bytes: Uint8Array | null,
  options: {
    accept: readonly RasterFormat[];
    output: "webp" | "png";
    maxSide: number;
    invalidTypeKey: "api.signs.invalidType" | "api.signs.artworkType" | "api.companyLogo.invalidType";
    /** The message for a file that promised an image but cannot be decoded; api.signs.readError unless given. */
    readErrorKey?: "api.companyLogo.unreadable";
  },
): Promise<NormalisedImage> {
  const t = serverTranslator(site);
  if (!bytes) throw new ApiError(400, t("api.signs.fileMissing"));
  if (bytes.byteLength === 0) throw new ApiError(400, t("api.signs.readError"));
  if (bytes.byteLength > MAX_SIGN_UPLOAD_BYTES)
    throw new ApiError(413, t("api.signs.tooLarge", { mb: MAX_SIGN_UPLOAD_BYTES / 1024 / 1024 }));
  const sniffed = sniffRasterFormat(bytes);
  if (!sniffed || !options.accept.includes(sniffed)) throw new ApiError(400, t(options.invalidTypeKey));
  const header = await readRasterHeader(bytes);
  // The signature promised an image, but its header cannot be read: cut off or corrupt.
  if (!header) throw new ApiError(400, t(options.readErrorKey ?? "api.signs.readError"));
  if (header.format !== sniffed) throw new ApiError(400, t(options.invalidTypeKey));
  if (header.width * header.height > MAX_SIGN_PIXELS)
    throw new ApiError(413, t("api.signs.tooManyPixels", { megapixels: MAX_SIGN_PIXELS / 1_000_000 }));
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_SIGN_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: "inside", withoutEnlargement: true });
    const { data, info } = await (options.output === "webp" ? pipeline.webp({ quality: 90, alphaQuality: 100 }) : pipeline.png()).toBuffer({
      resolveWithObject: true,
    });
    return { data, contentType: options.output === "webp" ? "image/webp" : "image/png", width: info.width, height: info.height };
  } catch {
    // A header that promised an image whose data is cut off or corrupt.
    throw new ApiError(400, t(options.readErrorKey ?? "api.signs.readError"));
  }
}

/** 128 random bits for an image's public URL (see the 0004-signs migration). */
export function newImageKey(): string {
  return randomBytes(16).toString("hex");
}

/** The public URL of an uploaded sign image; the file name's stem is the id a placed sign is known by. */
export function signImageUrl(imageKey: string, fileName: string): string {
  return `/api/sign-images/${imageKey}/${encodeURIComponent(fileName)}`;
}

/**
 * Stores a file (bytes, or an upload's temporary file, moved without being read), then runs `record` (the
 * row that points at it); if `record` fails, the file is removed again, so a refused or failed upload
 * leaves nothing behind. The file is on the disk for good before `record` runs (see FileStorage).
 */
export async function storeWithRow<T>(
  data: Uint8Array | { path: string },
  contentType: string,
  record: (storageKey: string) => Promise<T>,
): Promise<T> {
  const storage = getStorage();
  const key = data instanceof Uint8Array ? await storage.put(data, contentType) : await storage.putFile(data.path, contentType);
  try {
    return await record(key);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

const PERSONAL_FILE = /^personal_(\d+)\.webp$/;
const ORGANISATION_FILE = /^organisation_(\d+)\.webp$/;
const ADDED_FILE = /^added_(\d+)\.(svg|png)$/;
const ARTWORK_FILE = /^(.+)\.(svg|png)$/;

/**
 * GET /sign-images/{key}/{file}: the image behind a URL this server handed out. Both the key and the file
 * name must match the row, so neither can be guessed from the other; deleted gallery signs still answer
 * (plans that placed them keep showing them), and so do added catalogue signs after an undo; reverted
 * or replaced artwork does not.
 */
export async function readSignImage(ctx: CallContext, imageKey: string, fileName: string): Promise<{ data: Buffer; contentType: string }> {
  const notFound = () => new ApiError(404, serverTranslator(ctx.site)("api.signs.notFound"));
  if (!/^[a-f0-9]{32}$/.test(imageKey)) throw notFound();
  const db = await getDb();
  let storageKey: string | undefined;
  const personal = PERSONAL_FILE.exec(fileName);
  const organisation = ORGANISATION_FILE.exec(fileName);
  const added = ADDED_FILE.exec(fileName);
  const artwork = ARTWORK_FILE.exec(fileName);
  if (added) {
    // A sign staff added to a catalogue, undone or not: plans that placed it keep drawing it.
    const row = await db
      .selectFrom("catalogue_signs")
      .select("storage_key")
      .where("image_key", "=", imageKey)
      .where("id", "=", Number(added[1]))
      .where("content_type", "=", added[2] === "svg" ? "image/svg+xml" : "image/png")
      .executeTakeFirst();
    storageKey = row?.storage_key;
  } else if (personal) {
    const row = await db
      .selectFrom("personal_signs")
      .select("storage_key")
      .where("image_key", "=", imageKey)
      .where("id", "=", Number(personal[1]))
      .executeTakeFirst();
    storageKey = row?.storage_key;
  } else if (organisation) {
    const row = await db
      .selectFrom("organisation_signs")
      .select("storage_key")
      .where("image_key", "=", imageKey)
      .where("id", "=", Number(organisation[1]))
      .executeTakeFirst();
    storageKey = row?.storage_key;
  } else if (artwork) {
    const type = artwork[2] === "svg" ? "image/svg+xml" : "image/png";
    const row = await db
      .selectFrom("sign_artwork")
      .select("storage_key")
      .where("image_key", "=", imageKey)
      .where("sign_id", "=", artwork[1]!)
      .where("content_type", "=", type)
      .executeTakeFirst();
    storageKey = row?.storage_key;
  }
  const file = storageKey ? await getStorage().get(storageKey) : null;
  if (!file) throw notFound();
  return file;
}
