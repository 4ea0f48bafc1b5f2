/**
 * What the archive screen shows of a project's contents (content §4 Listing): the current folder's
 * subfolders and files, and the saved plans at the root only; folders first, then newest first. Pure,
 * so it is tested without a browser.
 */
import type { ArchiveContentsDto, ArchiveFileDto, ArchiveFolderDto, ArchiveItemType, ArchiveSignplanDto } from "@/lib/schemas/archive";

export type ArchiveItem =
  | { key: string; type: "folder"; id: number; name: string; date: string; folder: ArchiveFolderDto }
  | { key: string; type: "file"; id: number; name: string; date: string; file: ArchiveFileDto }
  | { key: string; type: "signplan"; id: number; name: string; date: string; plan: ArchiveSignplanDto };

export const itemKey = (type: ArchiveItemType, id: number) => `${type}:${id}`;

/** A file's date is its newest version's: uploading it again modifies it. */
const fileDate = (file: ArchiveFileDto) => file.versions[0]?.createdAt ?? file.createdAt;

const newestFirst = (a: ArchiveItem, b: ArchiveItem) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id;

export function listFolder(contents: ArchiveContentsDto, folderId: number | null): ArchiveItem[] {
  const folders: ArchiveItem[] = contents.folders
    .filter((folder) => folder.parentId === folderId)
    .map((folder) => ({
      key: itemKey("folder", folder.id),
      type: "folder",
      id: folder.id,
      name: folder.name,
      date: folder.createdAt,
      folder,
    }));
  const files: ArchiveItem[] = contents.files
    .filter((file) => file.folderId === folderId)
    .map((file) => ({ key: itemKey("file", file.id), type: "file", id: file.id, name: file.name, date: fileDate(file), file }));
  const plans: ArchiveItem[] =
    folderId === null
      ? contents.signplans.map((plan) => ({
          key: itemKey("signplan", plan.id),
          type: "signplan",
          id: plan.id,
          name: plan.name,
          date: plan.created_at,
          plan,
        }))
      : [];
  return [...folders.sort(newestFirst), ...[...files, ...plans].sort(newestFirst)];
}

/** The `path` query parameter: folder ids separated by slashes, the last the current folder. */
export function parseArchivePath(value: string | null): number[] {
  if (!value) return [];
  return value
    .split("/")
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/**
 * The folders of the path that exist and each lie in the one before it (the first at the root): a path
 * naming a folder that is gone, or of another project, ends before it.
 */
export function resolveArchivePath(folders: readonly ArchiveFolderDto[], ids: readonly number[]): ArchiveFolderDto[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: ArchiveFolderDto[] = [];
  for (const id of ids) {
    const folder = byId.get(id);
    if (!folder || folder.parentId !== (chain.at(-1)?.id ?? null)) break;
    chain.push(folder);
  }
  return chain;
}

/**
 * The folders a folder upload needs, as paths of names relative to the folder uploaded into, each after
 * its parent (content §4 Folder upload): ["a", "a/b", "a/b/c", "d"] for files a/b/c/x.txt and d/y.txt.
 */
export function foldersToCreate(relativePaths: readonly string[]): string[] {
  const needed = new Set<string>();
  for (const relative of relativePaths) {
    const parts = relative.split("/").filter(Boolean);
    for (let depth = 1; depth < parts.length; depth++) needed.add(parts.slice(0, depth).join("/"));
  }
  return [...needed].sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
}

/** The folder part of a relative path ("a/b/x.txt" → "a/b"), "" for a file at the top. */
export function parentOf(relativePath: string): string {
  const parts = relativePath.split("/").filter(Boolean);
  return parts.slice(0, -1).join("/");
}

/** The files whose extension says the browser shows them as pictures (content §2: jpg, jpeg, png, webp). */
export type FileKind = "pdf" | "image" | "other";

export function fileKindOf(name: string): FileKind {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  if (ext === "pdf") return "pdf";
  if (["jpg", "jpeg", "png", "webp"].includes(ext)) return "image";
  return "other";
}

/** Runs `task` over `items` with at most `limit` at once; resolves when all have settled. */
export async function runBounded<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
