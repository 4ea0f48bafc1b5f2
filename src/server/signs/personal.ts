import "server-only";
import type { Selectable } from "kysely";
import { isCatalogueSignId } from "./catalogue";
import { newImageKey, normaliseRasterImage, signImageUrl, storeWithRow } from "./images";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { canManagePersonalSign } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import type { PersonalSignsTable } from "../db/schema";
import { serverTranslator } from "../i18n";
import {
  PERSONAL_SIGN_DELETED,
  SIGN_IMAGE_MAX_SIDE,
  personalSignImageId,
  type PersonalSignDto,
  type UploadPersonalSignBody,
} from "@/lib/schemas/signs";

type PersonalSignRow = Selectable<PersonalSignsTable>;

const nowIso = () => new Date().toISOString();

function toDto(row: PersonalSignRow): PersonalSignDto {
  return {
    id: row.id,
    name: row.name,
    gallery_image_url: signImageUrl(row.image_key, `${personalSignImageId(row.id)}.webp`),
    baseSignId: row.base_sign_id,
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
  };
}

/** GET /personal-signs: the caller's signs that are not deleted, newest first. */
export async function listPersonalSigns(user: SessionUser): Promise<PersonalSignDto[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("personal_signs")
    .selectAll()
    .where("owner_id", "=", user.id)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toDto);
}

/**
 * POST /personal-signs (multipart: file, name, baseSignId?): PNG, JPG or WEBP, decided by the bytes,
 * stored as webp of at most SIGN_IMAGE_MAX_SIDE pixels. Every check runs before anything is stored.
 */
export async function uploadPersonalSign(
  ctx: CallContext,
  user: SessionUser,
  body: UploadPersonalSignBody,
  file: Uint8Array | null,
): Promise<PersonalSignDto> {
  const t = serverTranslator(ctx.site);
  if (body.baseSignId !== undefined && !isCatalogueSignId(body.baseSignId))
    throw new ApiError(400, t("api.signs.unknownSign", { signId: body.baseSignId }));
  const image = await normaliseRasterImage(ctx.site, file, {
    accept: ["png", "jpeg", "webp"],
    output: "webp",
    maxSide: SIGN_IMAGE_MAX_SIDE,
    invalidTypeKey: "api.signs.invalidType",
  });
  const db = await getDb();
  const row = await storeWithRow(image.data, image.contentType, (storageKey) =>
    db
      .insertInto("personal_signs")
      .values({
        owner_id: user.id,
        name: body.name,
        base_sign_id: body.baseSignId ?? null,
        storage_key: storageKey,
        image_key: newImageKey(),
        width: image.width,
        height: image.height,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toDto(row);
}

/**
 * GET /personal-signs/{id}[?key=]: one sign, for the editor opening a placed personal sign. Its owner may
 * ask; so may whoever holds the sign's image URL (the key in it), e.g. a colleague editing a shared plan.
 * A deleted sign answers 404 with code PERSONAL_SIGN_DELETED and the base sign id: the editor opens the
 * base sign with a warning (spec 2-content §3). Anyone else gets a plain 404, so ids cannot be probed.
 */
export async function getPersonalSign(ctx: CallContext, user: SessionUser, id: number, imageKey?: string): Promise<PersonalSignDto> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  const row = await db.selectFrom("personal_signs").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || !(canManagePersonalSign(user, row) || (imageKey !== undefined && imageKey === row.image_key)))
    throw new ApiError(404, t("api.signs.notFound"));
  if (row.deleted_at)
    throw new ApiError(404, t("api.signs.personalDeleted"), { code: PERSONAL_SIGN_DELETED, baseSignId: row.base_sign_id });
  return toDto(row);
}

/**
 * DELETE /personal-signs/{id}: gone from the gallery. The image file stays, so plans that placed the sign
 * still show it (in the editor, exports and read-only views); editing it opens the base sign instead.
 */
export async function deletePersonalSign(ctx: CallContext, user: SessionUser, id: number): Promise<{ id: number; deleted: true }> {
  const db = await getDb();
  const row = await db.selectFrom("personal_signs").select(["id", "owner_id", "deleted_at"]).where("id", "=", id).executeTakeFirst();
  if (!row || !canManagePersonalSign(user, row) || row.deleted_at)
    throw new ApiError(404, serverTranslator(ctx.site)("api.signs.notFound"));
  await db.updateTable("personal_signs").set({ deleted_at: nowIso() }).where("id", "=", id).where("deleted_at", "is", null).execute();
  return { id, deleted: true };
}
