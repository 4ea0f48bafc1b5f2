import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";
import type { ArchiveFolderDto } from "@/lib/schemas/archive";

/**
 * The folder tree in SQL: recursive queries (WITH RECURSIVE, the same text on SQLite and PostgreSQL) walk
 * parent ids up for a breadcrumb and down for a subtree. UNION rather than UNION ALL: were a cycle ever
 * stored, the walk would stop at the first repeat instead of running forever (moves never make one:
 * service.ts checks the target against the moved folder's subtree first).
 */

/** The folder and every folder below it, at any depth: its id first. */
export async function subtreeFolderIds(db: Kysely<Database>, folderId: number): Promise<number[]> {
  const rows = await db
    .withRecursive("subtree(id)", (qb) =>
      qb
        .selectFrom("archive_folders")
        .select("archive_folders.id")
        .where("archive_folders.id", "=", folderId)
        .union(
          qb.selectFrom("archive_folders").innerJoin("subtree", "subtree.id", "archive_folders.parent_id").select("archive_folders.id"),
        ),
    )
    .selectFrom("subtree")
    .select("subtree.id")
    .execute();
  const ids = rows.map((row) => Number(row.id));
  return [folderId, ...ids.filter((id) => id !== folderId)];
}

/** The folders from the root down to `folderId` (the breadcrumb), or [] when the folder does not exist. */
export async function folderChain(db: Kysely<Database>, folderId: number): Promise<ArchiveFolderDto[]> {
  const columns = ["archive_folders.id", "archive_folders.parent_id", "archive_folders.name", "archive_folders.created_at"] as const;
  const rows = await db
    .withRecursive("chain(id, parent_id, name, created_at)", (qb) =>
      qb
        .selectFrom("archive_folders")
        .select(columns)
        .where("archive_folders.id", "=", folderId)
        .union(qb.selectFrom("archive_folders").innerJoin("chain", "chain.parent_id", "archive_folders.id").select(columns)),
    )
    .selectFrom("chain")
    .select(["chain.id", "chain.parent_id", "chain.name", "chain.created_at"])
    .execute();
  // The rows come in no promised order: the chain is rebuilt from the parent links.
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const chain: ArchiveFolderDto[] = [];
  const seen = new Set<number>();
  for (let id: number | null = folderId; id !== null && !seen.has(id);) {
    const row = byId.get(id);
    if (!row) break;
    seen.add(id);
    const parentId = row.parent_id === null ? null : Number(row.parent_id);
    chain.push({ id, name: row.name, parentId, createdAt: row.created_at });
    id = parentId;
  }
  return chain.reverse();
}
