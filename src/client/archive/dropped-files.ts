"use client";
/**
 * The files of a drop (content §2: files or folders dragged onto the archive), each with its path
 * relative to the drop ("plans/2026/a.pdf"), by walking the dropped folders' entries. A directory
 * reader hands its entries in batches (Chromium: 100), so it is read until it answers an empty batch.
 */

export interface DroppedFile {
  file: File;
  /** "" for a file dropped by itself; the folder path and name for one inside a dropped folder. */
  relativePath: string;
}

const readBatch = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));

async function readAll(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) entries.push(...batch);
  return entries;
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function walk(entry: FileSystemEntry, prefix: string, out: DroppedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: prefix ? `${prefix}/${entry.name}` : "" });
  } else if (entry.isDirectory) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
  }
}

/** The dropped files; where the browser gives no entries (or for a synthetic drop), the plain file list. */
export async function droppedFiles(data: DataTransfer): Promise<DroppedFile[]> {
  // Entries must be taken while the drop event runs: the DataTransfer is emptied once it returns.
  const entries = Array.from(data.items)
    .filter((item) => item.kind === "file")
    .map((item) => item.webkitGetAsEntry?.() ?? null)
    .filter((entry): entry is FileSystemEntry => entry !== null);
  const plain = Array.from(data.files);
  if (entries.length === 0) return plain.map((file) => ({ file, relativePath: "" }));
  const out: DroppedFile[] = [];
  for (const entry of entries) await walk(entry, "", out);
  return out;
}

/** The files of an <input webkitdirectory>: each knows its path below the chosen folder's parent. */
export function pickedFiles(list: FileList): DroppedFile[] {
  return Array.from(list).map((file) => ({ file, relativePath: file.webkitRelativePath ?? "" }));
}
