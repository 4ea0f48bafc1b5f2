import "server-only";
import { catalogueIdOfSign, isCatalogueSignId } from "./catalogue";
import { newImageKey, normaliseRasterImage, signImageUrl, storeWithRow } from "./images";
import { isAdmin, type CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { checkUploadedSvg, looksLikeMarkup } from "../files/svg-upload";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import type { SignArtworkTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import { ARTWORK_PNG_MAX_SIDE, MAX_SIGN_UPLOAD_BYTES, type SignArtworkDto, type SignArtworkMap } from "@/lib/schemas/signs";
import type { SiteId } from "@/sites/registry";
import type { SignCatalogueId } from "@/lib/signs/types";
import type { AdminActor } from "../admin/actions";
import { recordCatalogueChange } from "../admin/catalogue-changes";

const extensionOf = (contentType: SignArtworkTable["content_type"]) => (contentType === "image/svg+xml" ? "svg" : "png");
export const artworkUrlOf = (row: Pick<SignArtworkTable, "sign_id" | "image_key" | "content_type">) =>
  signImageUrl(row.image_key, `${row.sign_id}.${extensionOf(row.content_type)}`);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Turns an uploaded drawing into what is stored: a PNG (by its signature) is checked and re-encoded like a
 * gallery sign, at most ARTWORK_PNG_MAX_SIDE pixels; anything that starts like markup is an SVG and must
 * pass the sanitiser and be drawable (checkUploadedSvg).
 */
export async function prepareArtwork(
  site: SiteId,
  bytes: Uint8Array | null,
): Promise<{ data: Uint8Array; contentType: SignArtworkTable["content_type"] }> {
  const t = serverTranslator(site);
  if (!bytes) throw new ApiError(400, t("api.signs.fileMissing"));
  if (bytes.byteLength === 0) throw new ApiError(400, t("api.signs.readError"));
  if (bytes.byteLength > MAX_SIGN_UPLOAD_BYTES)
    throw new ApiError(413, t("api.signs.tooLarge", { mb: MAX_SIGN_UPLOAD_BYTES / 1024 / 1024 }));
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const png = await normaliseRasterImage(site, bytes, {
      accept: ["png"],
      output: "png",
      maxSide: ARTWORK_PNG_MAX_SIDE,
      invalidTypeKey: "api.signs.artworkType",
    });
    return { data: png.data, contentType: "image/png" };
  }
  if (!looksLikeMarkup(bytes)) throw new ApiError(400, t("api.signs.artworkType"));
  const { data } = await checkUploadedSvg(site, bytes);
  return { data, contentType: "image/svg+xml" };
}

/** GET /sign-artwork: catalogue id → URL of the artwork the gallery and editor show instead of the built-in drawing. */
export async function listSignArtwork(): Promise<SignArtworkMap> {
  const db = await getDb();
  const rows = await db.selectFrom("sign_artwork").select(["sign_id", "image_key", "content_type"]).orderBy("sign_id").execute();
  return Object.fromEntries(rows.map((row) => [row.sign_id, artworkUrlOf(row)]));
}

async function assertAdmin(ctx: CallContext, user: SessionUser): Promise<void> {
  if (!(await isAdmin(user.id))) throw new ApiError(403, serverTranslator(ctx.site)("api.signs.adminOnly"));
}

/** What PUT /admin/sign-artwork/{signId} checks before it reads the body: an admin (403), a catalogue sign (404). */
export async function assertCanReplaceSignArtwork(ctx: CallContext, user: SessionUser, signId: string): Promise<void> {
  await assertAdmin(ctx, user);
  if (!isCatalogueSignId(signId)) throw new ApiError(404, serverTranslator(ctx.site)("api.signs.unknownSign", { signId }));
}

/** The catalogue of a built-in sign, or the 404 of an unknown one. */
function catalogueOfSignOr404(site: SiteId, signId: string): SignCatalogueId {
  const catalogue = catalogueIdOfSign(signId);
  if (!catalogue) throw new ApiError(404, serverTranslator(site)("api.signs.unknownSign", { signId }));
  return catalogue;
}

/**
 * Stores artwork for a catalogue sign as a new version and shows it instead of the earlier one, whose
 * row and file are kept (staff can undo a replacement; its URL stops answering meanwhile, as
 * readSignImage serves only the version shown). The one write path of the admin upload and the import
 * command; an unknown sign id is a 404. With `actor`, the change is a "sign.replaceArtwork" of the
 * catalogue's history and audit log, in the same transaction.
 */
export async function storeSignArtwork(
  ctx: CallContext,
  signId: string,
  file: Uint8Array | null,
  uploadedBy: number | null,
  actor?: AdminActor,
): Promise<SignArtworkDto> {
  const catalogue = catalogueOfSignOr404(ctx.site, signId);
  const artwork = await prepareArtwork(ctx.site, file);
  const db = await getDb();
  const now = actor?.now ?? new Date();
  const uploadedAt = now.toISOString();
  const imageKey = newImageKey();
  const imageUrl = artworkUrlOf({ sign_id: signId, image_key: imageKey, content_type: artwork.contentType });
  await storeWithRow(artwork.data, artwork.contentType, (storageKey) =>
    db.transaction().execute(async (trx) => {
      const old = await trx
        .selectFrom("sign_artwork")
        .select(["version_id", "image_key", "content_type"])
        .where("sign_id", "=", signId)
        .executeTakeFirst();
      const version = {
        storage_key: storageKey,
        image_key: imageKey,
        content_type: artwork.contentType,
        uploaded_by: uploadedBy,
        uploaded_at: uploadedAt,
      };
      const { id: versionId } = await trx
        .insertInto("sign_artwork_versions")
        .values({ sign_id: signId, ...version })
        .returning("id")
        .executeTakeFirstOrThrow();
      const values = { ...version, version_id: versionId };
      await trx
        .insertInto("sign_artwork")
        .values({ sign_id: signId, ...values })
        .onConflict((oc) => oc.column("sign_id").doUpdateSet(values))
        .execute();
      if (actor)
        await recordCatalogueChange(
          trx,
          {
            catalogue,
            action: "sign.replaceArtwork",
            sign_id: signId,
            catalogue_sign_id: null,
            before_version_id: old?.version_id ?? null,
            after_version_id: versionId,
            admin_id: actor.adminId,
          },
          {
            before: old ? { signId, imageUrl: artworkUrlOf({ sign_id: signId, ...old }) } : { signId, imageUrl: null },
            after: { signId, imageUrl },
          },
          now,
        );
    }),
  );
  return { signId, imageUrl, contentType: artwork.contentType, uploadedAt };
}

/** PUT /admin/sign-artwork/{signId} (multipart: file, SVG or PNG): an admin replaces a built-in drawing. */
export async function replaceSignArtwork(
  ctx: CallContext,
  user: SessionUser,
  signId: string,
  file: Uint8Array | null,
): Promise<SignArtworkDto> {
  await assertAdmin(ctx, user);
  return storeSignArtwork(ctx, signId, file, user.id, { adminId: user.id, site: ctx.site, now: new Date() });
}

/**
 * DELETE /admin/sign-artwork/{signId}: back to the built-in drawing; the artwork's URL stops answering.
 * The version is kept, so the "sign.removeArtwork" change it records can be undone.
 */
export async function revertSignArtwork(ctx: CallContext, user: SessionUser, signId: string): Promise<{ signId: string; reverted: true }> {
  await assertAdmin(ctx, user);
  const t = serverTranslator(ctx.site);
  const catalogue = catalogueOfSignOr404(ctx.site, signId);
  const db = await getDb();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("sign_artwork")
      .where("sign_id", "=", signId)
      .returning(["version_id", "image_key", "content_type"])
      .executeTakeFirst();
    if (!row) throw new ApiError(404, t("api.signs.artworkNotFound"));
    await recordCatalogueChange(
      trx,
      {
        catalogue,
        action: "sign.removeArtwork",
        sign_id: signId,
        catalogue_sign_id: null,
        before_version_id: row.version_id,
        after_version_id: null,
        admin_id: user.id,
      },
      { before: { signId, imageUrl: artworkUrlOf({ sign_id: signId, ...row }) }, after: { signId, imageUrl: null } },
      now,
    );
  });
  return { signId, reverted: true };
}
