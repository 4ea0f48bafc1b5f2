import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import { log } from "../log";
import { getStorage } from "../storage";

/**
 * The archive's stored objects outlive nothing: the database removes rows by cascade (a folder's subtree,
 * a purged project, a deleted account's projects), but not the objects behind them. Whoever deletes rows
 * reads their keys here first, in the same transaction, and removes the objects after it commits.
 */

/** The storage keys of every version of every file in the projects matched by `projects`. */
export async function archiveKeysOfProjects(db: Kysely<Database>, projects: { ids: number[] } | { ownerId: number }): Promise<string[]> {
  if ("ids" in projects && projects.ids.length === 0) return [];
  let query = db
    .selectFrom("archive_file_versions")
    .innerJoin("archive_files", "archive_files.id", "archive_file_versions.file_id")
    .select("archive_file_versions.storage_key");
  query =
    "ids" in projects
      ? query.where("archive_files.project_id", "in", projects.ids)
      : query.innerJoin("projects", "projects.id", "archive_files.project_id").where("projects.owner_id", "=", projects.ownerId);
  return (await query.execute()).map((row) => row.storage_key);
}

/** Removes stored objects whose rows are gone; a failure is logged (an object without a row, never the reverse). */
export async function removeStoredObjects(keys: readonly string[]): Promise<void> {
  for (const key of keys)
    await getStorage()
      .delete(key)
      .catch((error: unknown) => log.error("archive", `stored object ${key} not removed`, error));
}
