import "server-only";
import { readFile } from "node:fs/promises";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { withUploadForm } from "../api/body";
import { canManageOrganisationLogo } from "../auth/permissions";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import type { CompanyLogosTable } from "../db/schema";
import { checkUploadedSvg, looksLikeMarkup } from "../files/svg-upload";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { readRasterHeader } from "../files/raster";
import { normaliseRasterImage, storeWithRow } from "../signs/images";
import { getStorage } from "../storage";
import {
  COMPANY_LOGO_FIELD,
  COMPANY_LOGO_MAX_SIDE,
  COMPANY_LOGO_MIN_SIDE,
  MAX_COMPANY_LOGO_BYTES,
  type CompanyLogoDto,
} from "@/lib/schemas/company-logo";
import { sniffRasterFormat } from "@/lib/files/raster-format";
import type { SiteId } from "@/sites/registry";

/*
 * The company logo an export prints on its title block (spec 2-content §3, "include company logo").
 * Whose logo a caller has is decided here, once (logoOwner): a member of an organisation has the
 * organisation's (the owner and administrators change it, every member reads it), anyone else their own.
 */

const nowIso = () => new Date().toISOString();

type LogoOwner =
  | { scope: "organisation"; column: "organisation_id"; id: number; canManage: boolean }
  | { scope: "user"; column: "user_id"; id: number; canManage: true };

async function logoOwner(user: SessionUser): Promise<LogoOwner> {
  if (user.organizationId === null) return { scope: "user", column: "user_id", id: user.id, canManage: true };
  const db = await getDb();
  const organisation = await db
    .selectFrom("organisations")
    .select(["id", "owner_id"])
    .where("id", "=", user.organizationId)
    .executeTakeFirstOrThrow();
  const membership = await db
    .selectFrom("organisation_members")
    .select("is_admin")
    .where("organisation_id", "=", organisation.id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  return {
    scope: "organisation",
    column: "organisation_id",
    id: organisation.id,
    canManage: canManageOrganisationLogo(user, organisation, membership),
  };
}

async function logoRow(owner: LogoOwner) {
  const db = await getDb();
  return db.selectFrom("company_logos").selectAll().where(owner.column, "=", owner.id).executeTakeFirst();
}

function toDto(
  owner: LogoOwner,
  row: Pick<CompanyLogosTable, "content_type" | "width" | "height" | "updated_at"> | undefined,
): CompanyLogoDto {
  return {
    scope: owner.scope,
    canManage: owner.canManage,
    logo: row
      ? {
          contentType: row.content_type,
          width: row.width,
          height: row.height,
          updatedAt: row.updated_at,
          url: `/api/users/logo?image=${Date.parse(row.updated_at)}`,
        }
      : null,
  };
}

const tooLargeMessage = (site: SiteId) => serverTranslator(site)("api.companyLogo.tooLarge", { mb: MAX_COMPANY_LOGO_BYTES / 1024 / 1024 });

/** The logo file of an upload (multipart, part "logo"; null without one), streamed up to its limit and read back. */
export function readLogoFile(req: Request, site: SiteId): Promise<Uint8Array | null> {
  const limit = {
    maxFileBytes: MAX_COMPANY_LOGO_BYTES,
    tooLarge: tooLargeMessage(site),
    notAForm: serverTranslator(site)("api.companyLogo.fileMissing"),
    fileField: COMPANY_LOGO_FIELD,
  };
  return withUploadForm(req, site, limit, async (form) => (form.file ? new Uint8Array(await readFile(form.file.path)) : null));
}

/**
 * What is stored for an uploaded logo. PNG, JPG and WEBP (by their signature) of at least
 * COMPANY_LOGO_MIN_SIDE pixels each way are checked and re-encoded as PNG of at most
 * COMPANY_LOGO_MAX_SIDE pixels, transparency kept; anything that starts like markup must
 * be an SVG that passes the sanitiser sign artwork passes, and stays vector on the printed page.
 */
async function prepareLogo(
  site: SiteId,
  bytes: Uint8Array | null,
): Promise<{ data: Uint8Array; contentType: CompanyLogosTable["content_type"]; width: number; height: number }> {
  const t = serverTranslator(site);
  if (!bytes) throw new ApiError(400, t("api.companyLogo.fileMissing"));
  if (bytes.byteLength === 0) throw new ApiError(400, t("api.companyLogo.unreadable"));
  if (bytes.byteLength > MAX_COMPANY_LOGO_BYTES) throw new ApiError(413, tooLargeMessage(site));
  const format = sniffRasterFormat(bytes);
  if (format) {
    // The minimum is judged on the upload's own size, before it is scaled down to COMPANY_LOGO_MAX_SIDE.
    // (A header that cannot be read, or of another format, is refused by normaliseRasterImage below.)
    const header = await readRasterHeader(bytes);
    if (header?.format === format && (header.width < COMPANY_LOGO_MIN_SIDE || header.height < COMPANY_LOGO_MIN_SIDE))
      throw new ApiError(400, t("api.companyLogo.tooSmall", { min: COMPANY_LOGO_MIN_SIDE }));
    const image = await normaliseRasterImage(site, bytes, {
      accept: ["png", "jpeg", "webp"],
      output: "png",
      maxSide: COMPANY_LOGO_MAX_SIDE,
      invalidTypeKey: "api.companyLogo.invalidType",
      readErrorKey: "api.companyLogo.unreadable",
    });
    return { data: image.data, contentType: "image/png", width: image.width, height: image.height };
  }
  if (!looksLikeMarkup(bytes)) throw new ApiError(400, t("api.companyLogo.invalidType"));
  const svg = await checkUploadedSvg(site, bytes);
  if (svg.width <= 0 || svg.height <= 0) throw new ApiError(400, t("api.companyLogo.unreadable"));
  return { ...svg, contentType: "image/svg+xml" };
}

function assertCanManage(ctx: CallContext, owner: LogoOwner): void {
  if (!owner.canManage) throw new ApiError(403, serverTranslator(ctx.site)("api.companyLogo.manageOnly"));
}

/** GET /users/logo: whose logo the caller's exports print, whether they may change it, and the logo if any. */
export async function getCompanyLogoInfo(user: SessionUser): Promise<CompanyLogoDto> {
  const owner = await logoOwner(user);
  return toDto(owner, await logoRow(owner));
}

/** GET /users/logo?image=…: the logo's bytes; 404 when there is none. */
export async function getCompanyLogoFile(ctx: CallContext, user: SessionUser): Promise<{ data: Buffer; contentType: string }> {
  const row = await logoRow(await logoOwner(user));
  const file = row ? await getStorage().get(row.storage_key) : null;
  if (!file) throw new ApiError(404, serverTranslator(ctx.site)("api.companyLogo.notFound"));
  return file;
}

/** What POST /users/upload-logo checks before it reads the body: that the caller may change their logo (403). */
export async function assertCanSetCompanyLogo(ctx: CallContext, user: SessionUser): Promise<void> {
  assertCanManage(ctx, await logoOwner(user));
}

/** POST /users/upload-logo (multipart: logo): sets or replaces the caller's logo; the old file is removed after. */
export async function setCompanyLogo(ctx: CallContext, user: SessionUser, bytes: Uint8Array | null): Promise<CompanyLogoDto> {
  const owner = await logoOwner(user);
  assertCanManage(ctx, owner);
  const logo = await prepareLogo(ctx.site, bytes);
  const db = await getDb();
  const values = {
    content_type: logo.contentType,
    width: logo.width,
    height: logo.height,
    updated_by: user.id,
    updated_at: nowIso(),
  };
  const previous = await storeWithRow(logo.data, logo.contentType, (storageKey) =>
    db.transaction().execute(async (trx) => {
      const old = await trx.selectFrom("company_logos").select("storage_key").where(owner.column, "=", owner.id).executeTakeFirst();
      const row = { ...values, storage_key: storageKey };
      await trx
        .insertInto("company_logos")
        .values({ ...row, [owner.column]: owner.id })
        .onConflict((oc) => oc.column(owner.column).doUpdateSet(row))
        .execute();
      return old?.storage_key ?? null;
    }),
  );
  if (previous)
    await getStorage()
      .delete(previous)
      .catch((e) => log.error("company-logo", "old logo file not removed", e));
  return toDto(owner, values);
}

/** DELETE /users/logo: removes the caller's logo (nothing to remove is no error: the answer says there is none). */
export async function deleteCompanyLogo(ctx: CallContext, user: SessionUser): Promise<CompanyLogoDto> {
  const owner = await logoOwner(user);
  assertCanManage(ctx, owner);
  const db = await getDb();
  const row = await db.deleteFrom("company_logos").where(owner.column, "=", owner.id).returning("storage_key").executeTakeFirst();
  if (row)
    await getStorage()
      .delete(row.storage_key)
      .catch((e) => log.error("company-logo", "logo file not removed", e));
  return toDto(owner, undefined);
}
