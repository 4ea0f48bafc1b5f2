import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "../db";

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

export interface FolderLink {
  id: number;
  parentId: number | null;
  name: string;
}

/** The folders from the root down to `folderId` (the breadcrumb), or [] when the folder does not exist. */
export async function folderChain(db: Kysely<Database>, folderId: number): Promise<FolderLink[]> {
  const rows = await db
    .withRecursive("chain(id, parent_id, name)", (qb) =>
      qb
        .selectFrom("archive_folders")
        .select(["archive_folders.id", "archive_folders.parent_id", "archive_folders.name"])
        .where("archive_folders.id", "=", folderId)
        .union(
          qb
            .selectFrom("archive_folders")
            .innerJoin("chain", "chain.parent_id", "archive_folders.id")
            .select(["archive_folders.id", "archive_folders.parent_id", "archive_folders.name"]),
        ),
    )
    .selectFrom("chain")
    .select(["chain.id", "chain.parent_id", "chain.name"])
    .execute();
  // The rows come in no promised order: the chain is rebuilt from the parent links.
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const chain: FolderLink[] = [];
  const seen = new Set<number>();
  for (let id: number | null = folderId; id !== null && !seen.has(id);) {
    const row: { parent_id: number | null; name: string } | undefined = byId.get(id);
    if (!row) break;
    seen.add(id);
    const parentId = row.parent_id === null ? null : Number(row.parent_id);
    chain.push({ id, parentId, name: row.name });
    id = parentId;
  }
  return chain.reverse();
}
