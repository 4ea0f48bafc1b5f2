import "server-only";
import { sql, type Kysely } from "kysely";
import { ApiError } from "../api/errors";
import type { Database } from "../db";
import { serverTranslator } from "../i18n";
import { byteSizeText } from "@/lib/files/byte-size";
import { ARCHIVE_MAX_FILE_BYTES, ARCHIVE_QUOTA_BYTES } from "@/lib/schemas/archive";
import { SITES, type SiteId } from "@/sites/registry";

/**
 * The archive's limits. A mutable object, not the constants themselves, only so that tests can lower
 * them (a 413 past 2 GiB or a full 20 GiB quota is shown with a few kilobytes, never by sending that much).
 */
export const archiveLimits = { maxFileBytes: ARCHIVE_MAX_FILE_BYTES, quotaBytes: ARCHIVE_QUOTA_BYTES };

/**
 * Who a project's archive counts against: the organisation its owner belongs to, or the owner alone
 * without one. Per organisation because the organisation pays per member and its members fill the
 * archives together (a colleague's upload to a shared project counts there too); by the owner's
 * membership, so a project counts once, whoever uploaded to it.
 */
export type QuotaHolder = { organisationId: number } | { ownerId: number };

export async function quotaHolderOf(db: Kysely<Database>, projectId: number): Promise<QuotaHolder> {
  const row = await db
    .selectFrom("projects")
    .leftJoin("organisation_members", "organisation_members.user_id", "projects.owner_id")
    .select(["projects.owner_id", "organisation_members.organisation_id"])
    .where("projects.id", "=", projectId)
    .executeTakeFirstOrThrow();
  return row.organisation_id !== null ? { organisationId: row.organisation_id } : { ownerId: row.owner_id };
}

/** The bytes kept by every version of every file in the holder's projects (the trash's too, until purged). */
export async function usedBytes(db: Kysely<Database>, holder: QuotaHolder): Promise<number> {
  let query = db
    .selectFrom("archive_file_versions")
    .innerJoin("archive_files", "archive_files.id", "archive_file_versions.file_id")
    .innerJoin("projects", "projects.id", "archive_files.project_id")
    .select(sql<string | number | null>`sum(archive_file_versions.size)`.as("used"));
  query =
    "organisationId" in holder
      ? query
          .innerJoin("organisation_members", "organisation_members.user_id", "projects.owner_id")
          .where("organisation_members.organisation_id", "=", holder.organisationId)
      : query.where("projects.owner_id", "=", holder.ownerId);
  const row = await query.executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** The 413 of a file larger than the archive takes. */
export function fileTooLarge(site: SiteId): ApiError {
  return new ApiError(
    413,
    serverTranslator(site)("api.archive.tooLarge", { size: byteSizeText(archiveLimits.maxFileBytes, SITES[site].locale) }),
    {
      code: "ARCHIVE_FILE_TOO_LARGE",
    },
  );
}

/**
 * Refuses (413, ARCHIVE_QUOTA_FULL) when `adding` more bytes would take the holder of the project past
 * the quota. Asked before an upload with its declared size and again when it is stored, with its real one.
 */
export async function assertRoomFor(db: Kysely<Database>, site: SiteId, projectId: number, adding: number): Promise<void> {
  const used = await usedBytes(db, await quotaHolderOf(db, projectId));
  if (used + adding <= archiveLimits.quotaBytes) return;
  throw new ApiError(
    413,
    serverTranslator(site)("api.archive.quotaFull", {
      quota: byteSizeText(archiveLimits.quotaBytes, SITES[site].locale),
      used: byteSizeText(used, SITES[site].locale),
    }),
    { code: "ARCHIVE_QUOTA_FULL", usedBytes: used, quotaBytes: archiveLimits.quotaBytes },
  );
}
