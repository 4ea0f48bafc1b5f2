import "server-only";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { CallContext } from "../accounts/service";
import type { UploadedFile } from "../api/body";
import { ApiError } from "../api/errors";
import { inProcessingSlot } from "../api/upload-slots";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { rewriteAsFirstPage } from "../files/pdf";
import { readRasterHeader } from "../files/raster";
import { sniffRasterFormat, type RasterFormat } from "@/lib/files/raster-format";
import { serverTranslator } from "../i18n";
import { getStorage } from "../storage";
import { nowIso, toSummary, type SignplanRow } from "./dto";
import { getSignplanOrThrow, planNotFound } from "./read";
import {
  MAX_BACKGROUND_AREA_PX,
  MAX_BACKGROUND_BYTES,
  MAX_BACKGROUND_PDF_OBJECTS,
  MAX_BACKGROUND_PDF_PAGES,
  MAX_BACKGROUND_PDF_SIDE_PT,
  MAX_BACKGROUND_PIXELS,
  type SignplanSummaryDto,
} from "@/lib/schemas/signplan";
import type { SiteId } from "@/sites/registry";

interface BackgroundFile {
  kind: "image" | "pdf";
  data: Uint8Array;
  contentType: string;
}

const CONTENT_TYPES: Record<RasterFormat, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

/**
 * An image background checked by its header and re-encoded in its own format: metadata and any bytes
 * around the image (a polyglot's HTML) are not carried over, EXIF rotation is applied, and an image larger
 * than any viewer draws it is scaled down to that (MAX_BACKGROUND_AREA_PX). PNG stays lossless; JPEG and
 * WEBP are written at quality 90 with full colour resolution, so thin lines and small text drawn in a
 * colour stay sharp enough to draw on.
 */
async function normaliseBackgroundImage(site: SiteId, bytes: Uint8Array, format: RasterFormat): Promise<BackgroundFile> {
  const t = serverTranslator(site);
  const header = await readRasterHeader(bytes);
  if (!header) throw new ApiError(400, t("api.plans.backgroundUnreadable"));
  if (header.format !== format) throw new ApiError(400, t("api.plans.backgroundType"));
  if (header.width * header.height > MAX_BACKGROUND_PIXELS)
    throw new ApiError(413, t("api.plans.backgroundTooManyPixels", { megapixels: MAX_BACKGROUND_PIXELS / 1_000_000 }));
  const scale = Math.min(1, Math.sqrt(MAX_BACKGROUND_AREA_PX / (header.width * header.height)));
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_BACKGROUND_PIXELS, failOn: "error" }).rotate();
    if (scale < 1)
      pipeline = pipeline.resize({
        width: Math.max(1, Math.floor(header.width * scale)),
        height: Math.max(1, Math.floor(header.height * scale)),
        fit: "fill",
      });
    const data =
      format === "png"
        ? await pipeline.png().toBuffer()
        : format === "jpeg"
          ? await pipeline.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer()
          : await pipeline.webp({ quality: 90, alphaQuality: 100, smartSubsample: true }).toBuffer();
    return { kind: "image", data, contentType: CONTENT_TYPES[format] };
  } catch {
    // A header that promised an image whose data is cut off or corrupt.
    throw new ApiError(400, t("api.plans.backgroundUnreadable"));
  }
}

async function normaliseBackgroundPdf(site: SiteId, bytes: Uint8Array): Promise<BackgroundFile> {
  const t = serverTranslator(site);
  const result = await rewriteAsFirstPage(bytes, {
    maxPages: MAX_BACKGROUND_PDF_PAGES,
    maxSidePt: MAX_BACKGROUND_PDF_SIDE_PT,
    maxObjects: MAX_BACKGROUND_PDF_OBJECTS,
    maxImagePixels: MAX_BACKGROUND_PIXELS,
  });
  if ("data" in result) return { kind: "pdf", data: result.data, contentType: "application/pdf" };
  switch (result.refused) {
    case "encrypted":
      throw new ApiError(400, t("api.plans.backgroundPdfEncrypted"));
    case "tooManyPages":
      throw new ApiError(413, t("api.plans.backgroundPdfPages", { pages: MAX_BACKGROUND_PDF_PAGES }));
    case "pageSize":
      throw new ApiError(400, t("api.plans.backgroundPdfPageSize", { metres: Math.round((MAX_BACKGROUND_PDF_SIDE_PT / 72) * 2.54) / 100 }));
    case "imagePixels":
      throw new ApiError(413, t("api.plans.backgroundTooManyPixels", { megapixels: MAX_BACKGROUND_PIXELS / 1_000_000 }));
    case "imagesPixels":
      throw new ApiError(413, t("api.plans.backgroundPdfImagesPixels", { megapixels: MAX_BACKGROUND_PIXELS / 1_000_000 }));
    case "tooComplex":
      throw new ApiError(413, t("api.plans.backgroundPdfTooComplex"));
    case "unreadable":
      throw new ApiError(400, t("api.plans.backgroundUnreadable"));
  }
}

/**
 * The file to store for an uploaded background. Its type is decided by its first bytes (the magic
 * numbers), not by its name or the browser's claim, and it is never stored as it came: an image is
 * re-encoded, a PDF rewritten as its first page without active content (see the two functions above).
 */
export async function normaliseBackground(site: SiteId, bytes: Uint8Array): Promise<BackgroundFile> {
  const format = sniffRasterFormat(bytes);
  if (format) return normaliseBackgroundImage(site, bytes, format);
  // "%PDF-" at the very start: pdf.js and browsers find a header further in, but a file that starts with
  // anything else (HTML) is a polyglot, not a drawing.
  if (String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-") return normaliseBackgroundPdf(site, bytes);
  throw new ApiError(400, serverTranslator(site)("api.plans.backgroundType"));
}

/**
 * What POST /signplan/{id}/background checks before it reads the body: the plan (404 for anyone who may
 * not open it) and that it has no background yet (409).
 */
export async function assertCanSetBackground(ctx: CallContext, user: SessionUser, id: number): Promise<void> {
  const plan = await getSignplanOrThrow(ctx, user, id);
  if (plan.background_key) throw new ApiError(409, serverTranslator(ctx.site)("api.plans.backgroundExists"));
}

/**
 * POST /signplan/{id}/background: the plan's background image or PDF, once, right after creation. The
 * upload is read from its temporary file (up to its limit) and normalised in a processing slot, so few
 * large files are decoded at once.
 */
export async function setSignplanBackground(
  ctx: CallContext,
  user: SessionUser,
  id: number,
  file: UploadedFile | null,
): Promise<SignplanSummaryDto> {
  const t = serverTranslator(ctx.site);
  await assertCanSetBackground(ctx, user, id);
  if (!file || file.size === 0) throw new ApiError(400, t("api.plans.backgroundMissing"));
  if (file.size > MAX_BACKGROUND_BYTES)
    throw new ApiError(413, t("api.plans.backgroundTooLarge", { mb: MAX_BACKGROUND_BYTES / 1024 / 1024 }));
  const background = await inProcessingSlot(async () => normaliseBackground(ctx.site, new Uint8Array(await readFile(file.path))));
  const key = await getStorage().put(background.data, background.contentType);
  const db = await getDb();
  const result = await db
    .updateTable("signplans")
    .set({ background_key: key, background_kind: background.kind, updated_at: nowIso() })
    .where("id", "=", id)
    .where("background_key", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    await getStorage().delete(key); // another upload won the race
    throw new ApiError(409, t("api.plans.backgroundExists"));
  }
  return toSummary(await db.selectFrom("signplans").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
}

/** The background file of a plan the caller may read (as a user, or with the plan's view token). */
export async function getSignplanBackground(
  ctx: CallContext,
  plan: Pick<SignplanRow, "background_key">,
): Promise<{ data: Buffer; contentType: string }> {
  const file = plan.background_key ? await getStorage().get(plan.background_key) : null;
  if (!file) throw planNotFound(ctx.site);
  return file;
}
