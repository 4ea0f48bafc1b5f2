"use client";
/**
 * The archive's calls (content §7 Archive) on top of the one API client, so each carries the site header,
 * the bearer token and the shared error handling (a refusal's message toasted, a 401 ending the
 * session). Uploads are in ./upload.ts: they need progress, which fetch does not report.
 */
import { api, type ApiCallOptions } from "@/client/api";
import type { ArchiveContentsDto, ArchiveFolderDto, ArchiveItemType } from "@/lib/schemas/archive";

type Options = Pick<ApiCallOptions<unknown>, "toast" | "signal">;

export function getArchiveContents(projectId: number, options?: Options): Promise<ArchiveContentsDto> {
  return api.get<ArchiveContentsDto>(`/archive/contents/${projectId}`, options);
}

export function createArchiveFolder(
  projectId: number,
  name: string,
  parentId: number | null,
  options?: Options,
): Promise<ArchiveFolderDto> {
  return api.post<ArchiveFolderDto>("/archive/folders", { projectId, name, parentId }, options);
}

/** Folders by PATCH /archive/folders/{id}, files (and plans) by PATCH /archive/item/rename, as the specification lists them. */
export function renameArchiveItem(type: ArchiveItemType, id: number, name: string, options?: Options): Promise<unknown> {
  return type === "folder"
    ? api.patch(`/archive/folders/${id}`, { name }, options)
    : api.patch("/archive/item/rename", { id, type, name }, options);
}

/** Plans are not deleted from the archive (content §5): only files and folders. */
export function deleteArchiveItem(type: "file" | "folder", id: number, options?: Options): Promise<unknown> {
  return api.delete(type === "folder" ? `/archive/folders/${id}` : `/archive/files/${id}`, undefined, options);
}
