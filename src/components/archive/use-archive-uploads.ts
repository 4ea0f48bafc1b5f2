"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import { ApiRequestError } from "@/client/api";
import { createArchiveFolder, getArchiveContents } from "@/client/archive/archive-api";
import type { DroppedFile } from "@/client/archive/dropped-files";
import { foldersToCreate, parentOf, runBounded } from "@/client/archive/listing";
import { uploadArchiveFile, type UploadTarget } from "@/client/archive/upload";

/** An upload as the panel shows it (content §3 Upload entry): held only in the browser. */
export interface UploadEntry {
  id: string;
  /** The file's name, or its path relative to the uploaded folder. */
  name: string;
  progress: number;
  error: boolean;
}

/** Content §9: a failed upload's entry goes after 3000 ms (or when dismissed). */
export const FAILED_UPLOAD_REMOVE_MS = 3000;
/** A finished upload stays this long with its success icon, so a quick one is seen to have finished. */
const DONE_UPLOAD_REMOVE_MS = 1500;
/** Files of one batch uploading at once: enough to fill a line, few enough that each shows progress. */
const PARALLEL_UPLOADS = 3;

let nextId = 0;

/**
 * The upload queue of the archive screen (content §4 Upload, Folder upload): the folders a folder upload
 * needs are made first, parents before children, reusing those of the same name and parent; then the
 * files upload, a few at a time, into their folders; the archive is reloaded after each batch.
 */
export function useArchiveUploads({ failedText, onDone }: { failedText: string; onDone: () => void }) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const remove = useCallback((id: string) => setEntries((list) => list.filter((entry) => entry.id !== id)), []);
  const removeLater = useCallback(
    (id: string, ms: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        remove(id);
      }, ms);
      timers.current.add(timer);
    },
    [remove],
  );
  const update = useCallback(
    (id: string, change: Partial<UploadEntry>) =>
      setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...change } : entry))),
    [],
  );

  const upload = useCallback(
    async (files: readonly DroppedFile[], target: UploadTarget) => {
      if (files.length === 0) return;
      const folderIds = new Map<string, number | null>([["", target.folderId]]);
      const needed = foldersToCreate(files.map((f) => f.relativePath));
      if (needed.length > 0) {
        try {
          const { folders } = await getArchiveContents(target.projectId);
          for (const path of needed) {
            const parentId = folderIds.get(parentOf(path)) ?? target.folderId;
            const name = path.split("/").at(-1)!;
            const existing = folders.find((folder) => folder.parentId === parentId && folder.name === name);
            folderIds.set(path, existing ? existing.id : (await createArchiveFolder(target.projectId, name, parentId)).id);
          }
        } catch (error) {
          // Content §8: a folder that cannot be made aborts the folder upload (the shared handling toasted why).
          console.error("archive: folder upload aborted", error);
          onDone();
          return;
        }
      }

      const batch = files.map((dropped) => ({ ...dropped, id: `upload-${++nextId}` }));
      setEntries((list) => [
        ...list,
        ...batch.map((item) => ({ id: item.id, name: item.relativePath || item.file.name, progress: 0, error: false })),
      ]);
      await runBounded(batch, PARALLEL_UPLOADS, async (item) => {
        const folderId = folderIds.get(parentOf(item.relativePath)) ?? target.folderId;
        try {
          await uploadArchiveFile(item.file, { ...target, folderId }, (progress) => update(item.id, { progress }));
          update(item.id, { progress: 100 });
          removeLater(item.id, DONE_UPLOAD_REMOVE_MS);
        } catch (error) {
          console.error(`archive: upload of ${item.file.name} failed`, error);
          update(item.id, { error: true });
          removeLater(item.id, FAILED_UPLOAD_REMOVE_MS);
          // A refusal says why (too large, quota reached, name taken): told once per message, bottom-left.
          const message = error instanceof ApiRequestError && error.message ? error.message : failedText;
          toast.error(message, { toastId: `archive-upload:${message}` });
        }
      });
      onDone();
    },
    [failedText, onDone, removeLater, update],
  );

  const running = entries.filter((entry) => !entry.error && entry.progress < 100).length;
  return { entries, running, upload, dismiss: remove };
}
