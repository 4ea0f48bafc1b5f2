import "server-only";
import { newImageKey, normaliseRasterImage, signImageUrl, storeWithRow } from "./images";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { canManageOrganisationSigns, canReadOrganisationSigns } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import {
  SIGN_IMAGE_MAX_SIDE,
  organisationSignImageId,
  type OrganisationSignDto,
  type OrganisationSignGalleryDto,
  type UploadOrganisationSignBody,
} from "@/lib/schemas/signs";

const nowIso = () => new Date().toISOString();

interface OrganisationSignRow {
  id: number;
  name: string;
  image_key: string;
  width: number;
  height: number;
  created_at: string;
  created_by_name: string | null;
}

function toDto(row: OrganisationSignRow): OrganisationSignDto {
  return {
    id: row.id,
    name: row.name,
    gallery_image_url: signImageUrl(row.image_key, `${organisationSignImageId(row.id)}.webp`),
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
    createdByName: row.created_by_name,
  };
}

/**
 * The caller's organisation and whether they may manage its gallery. A user outside any organisation
 * gets the specification's 'Du er ikke tilknyttet en organisation' (which the client never toasts).
 */
async function callerOrganisation(ctx: CallContext, user: SessionUser): Promise<{ organizationId: number; canManage: boolean }> {
  const t = serverTranslator(ctx.site);
  if (user.organizationId === null) throw new ApiError(404, t("api.signs.notInOrganisation"));
  const db = await getDb();
  const organisation = await db
    .selectFrom("organisations")
    .select(["id", "owner_id"])
    .where("id", "=", user.organizationId)
    .executeTakeFirst();
  if (!organisation || !canReadOrganisationSigns(user, organisation.id)) throw new ApiError(404, t("api.signs.notInOrganisation"));
  const membership = await db
    .selectFrom("organisation_members")
    .select("is_admin")
    .where("organisation_id", "=", organisation.id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return { organizationId: organisation.id, canManage: canManageOrganisationSigns(user, organisation, membership) };
}

async function selectSigns(organizationId: number, id?: number): Promise<OrganisationSignRow[]> {
  const db = await getDb();
  let query = db
    .selectFrom("organisation_signs")
    .leftJoin("users", "users.id", "organisation_signs.created_by")
    .select([
      "organisation_signs.id",
      "organisation_signs.name",
      "organisation_signs.image_key",
      "organisation_signs.width",
      "organisation_signs.height",
      "organisation_signs.created_at",
      "users.name as created_by_name",
    ])
    .where("organisation_signs.organisation_id", "=", organizationId)
    .where("organisation_signs.deleted_at", "is", null);
  if (id !== undefined) query = query.where("organisation_signs.id", "=", id);
  return query.orderBy("organisation_signs.name").orderBy("organisation_signs.id").execute();
}

/** What POST /organisation-signs checks before it reads the body: a member (404) who may manage the gallery (403). */
export async function assertCanUploadOrganisationSign(ctx: CallContext, user: SessionUser): Promise<void> {
  const { canManage } = await callerOrganisation(ctx, user);
  if (!canManage) throw new ApiError(403, serverTranslator(ctx.site)("api.signs.manageOnly"));
}

/** GET /organisation-signs: the gallery of the caller's organisation, for every member. */
export async function listOrganisationSigns(ctx: CallContext, user: SessionUser): Promise<OrganisationSignGalleryDto> {
  const { organizationId, canManage } = await callerOrganisation(ctx, user);
  return { organizationId, canManage, signs: (await selectSigns(organizationId)).map(toDto) };
}

/**
 * POST /organisation-signs (multipart: file, name): the owner and administrators add a sign to their
 * organisation's gallery; the same checks and normalisation as a personal sign.
 */
export async function uploadOrganisationSign(
  ctx: CallContext,
  user: SessionUser,
  body: UploadOrganisationSignBody,
  file: Uint8Array | null,
): Promise<OrganisationSignDto> {
  const { organizationId, canManage } = await callerOrganisation(ctx, user);
  if (!canManage) throw new ApiError(403, serverTranslator(ctx.site)("api.signs.manageOnly"));
  const image = await normaliseRasterImage(ctx.site, file, {
    accept: ["png", "jpeg", "webp"],
    output: "webp",
    maxSide: SIGN_IMAGE_MAX_SIDE,
    invalidTypeKey: "api.signs.invalidType",
  });
  const db = await getDb();
  const row = await storeWithRow(image.data, image.contentType, (storageKey) =>
    db
      .insertInto("organisation_signs")
      .values({
        organisation_id: organizationId,
        name: body.name,
        storage_key: storageKey,
        image_key: newImageKey(),
        width: image.width,
        height: image.height,
        created_by: user.id,
        created_at: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const [created] = await selectSigns(organizationId, row.id);
  return toDto(created!);
}

/**
 * DELETE /organisation-signs/{id}: the owner and administrators remove a sign from the gallery. Members of
 * other organisations (and users of none) are told it does not exist; a plain member that they may not.
 * As with personal signs the file stays, so plans that placed the sign keep showing it.
 */
export async function deleteOrganisationSign(ctx: CallContext, user: SessionUser, id: number): Promise<{ id: number; deleted: true }> {
  const t = serverTranslator(ctx.site);
  const db = await getDb();
  const sign = await db
    .selectFrom("organisation_signs")
    .select(["id", "organisation_id"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!sign || !canReadOrganisationSigns(user, sign.organisation_id)) throw new ApiError(404, t("api.signs.notFound"));
  const { canManage } = await callerOrganisation(ctx, user);
  if (!canManage) throw new ApiError(403, t("api.signs.manageOnly"));
  await db.updateTable("organisation_signs").set({ deleted_at: nowIso() }).where("id", "=", id).where("deleted_at", "is", null).execute();
  return { id, deleted: true };
}
