/**
 * The project archive's API (content §3 Archive entities, §7 Archive): what the server answers and what
 * the /order-control/ screen sends. Error messages are keys under `validation`.
 */
import * as z from "zod";
import { rowId, rowIdSchema } from "./project";

/** Files at or below this size go as one multipart request; larger ones resumably (tus), in chunks of TUS_CHUNK_BYTES. */
export const ARCHIVE_RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;
/** Below the 10 MiB a proxy in front of the app may hand on of one body, and small enough to resend on a poor line. */
export const TUS_CHUNK_BYTES = 5 * 1024 * 1024;
/** The largest file the archive takes (413 beyond it). */
export const ARCHIVE_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
/** What one organisation (or one user without an organisation) may keep in its projects' archives, all versions counted. */
export const ARCHIVE_QUOTA_BYTES = 20 * 1024 * 1024 * 1024;
/** The tus endpoint: POST creates an upload, HEAD and PATCH resume it (tus 1.0). */
export const ARCHIVE_TUS_PATH = "/api/archive/uploads";

export type ArchiveItemType = "file" | "folder" | "signplan";
/** Which site's app opens a saved plan. */
export type ArchivePlanType = "skilteplanen" | "kloakplanen" | "ta-planen";

export interface ArchiveFolderDto {
  id: number;
  name: string;
  parentId: number | null;
  createdAt: string;
}

export interface ArchiveFileVersionDto {
  id: number;
  /** Where this version downloads from (the app, with the project's access rule). */
  fileUrl: string;
  size: number;
  contentType: string;
  createdAt: string;
  /** Who uploaded it, as shown to colleagues. */
  uploadedBy: string | null;
}

export interface ArchiveFileDto {
  id: number;
  name: string;
  folderId: number | null;
  createdAt: string;
  /** Newest first: the first is the current file. */
  versions: ArchiveFileVersionDto[];
}

export interface ArchiveSignplanDto {
  id: number;
  name: string;
  type: ArchivePlanType;
  created_at: string;
}

/** GET /api/archive/contents/{projectId}: the whole project's archive; the screen lists one folder of it. */
export interface ArchiveContentsDto {
  folders: ArchiveFolderDto[];
  files: ArchiveFileDto[];
  signplans: ArchiveSignplanDto[];
  /** Space used by the archives of everyone sharing this quota, and the quota, in bytes. */
  usage: { usedBytes: number; quotaBytes: number };
}

const nameSchema = z.string({ error: "archiveNameRequired" }).max(1000, { error: "archiveNameTooLong" });

export const createFolderBodySchema = z.object({
  projectId: rowIdSchema,
  name: nameSchema,
  parentId: rowId().nullable().optional().default(null),
});

/** PATCH /api/archive/folders/{id}: a new name, or (besides the specification) a new parent; never both missing. */
export const updateFolderBodySchema = z
  .object({ name: nameSchema.optional(), parentId: rowId().nullable().optional() })
  .refine((body) => body.name !== undefined || body.parentId !== undefined, { error: "archiveNameRequired" });

export const renameItemBodySchema = z.object({
  id: rowIdSchema,
  type: z.enum(["file", "folder", "signplan"]),
  name: nameSchema,
});

/** GET /api/archive/folders/{id} (ours): the folder and its breadcrumb, from the root folder down to it. */
export interface ArchiveFolderPathDto {
  folder: ArchiveFolderDto;
  path: ArchiveFolderDto[];
}
