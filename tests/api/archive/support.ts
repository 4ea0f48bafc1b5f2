/** Helpers of the archive API tests: a project, calls of each archive route, uploads and what storage holds. */
import * as contents from "@/app/api/archive/contents/[projectId]/route";
import * as files from "@/app/api/archive/files/[id]/route";
import * as version from "@/app/api/archive/files/[id]/versions/[versionId]/route";
import * as folder from "@/app/api/archive/folders/[id]/route";
import * as folders from "@/app/api/archive/folders/route";
import * as rename from "@/app/api/archive/item/rename/route";
import * as projects from "@/app/api/project/route";
import { getDb } from "@/server/db";
import { getStorage } from "@/server/storage";
import { as } from "../../support/api";
import { uploadAs } from "../signs/support";

export { contents, files, folder, folders, rename, version };

export async function newProject(token: string, body: { name?: string; isShared?: boolean } = {}): Promise<number> {
  const res = await as(token, projects.POST, {
    method: "POST",
    body: { name: body.name ?? "Vejarbejde", isShared: body.isShared ?? false },
  });
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.id as number;
}

export const getContents = (token: string | null, projectId: number, site?: string) =>
  as(token, contents.GET, { params: { projectId: String(projectId) }, site });

export const createFolder = (token: string | null, projectId: number, name: string, parentId: number | null = null, site?: string) =>
  as(token, folders.POST, { method: "POST", body: { projectId, name, parentId }, site });

export const patchFolder = (token: string | null, id: number, body: { name?: string; parentId?: number | null }, site?: string) =>
  as(token, folder.PATCH, { method: "PATCH", params: { id: String(id) }, body, site });

export const deleteFolder = (token: string | null, id: number) =>
  as(token, folder.DELETE, { method: "DELETE", params: { id: String(id) } });

export const renameItem = (token: string | null, body: { id: number; type: string; name: string }, site?: string) =>
  as(token, rename.PATCH, { method: "PATCH", body, site });

export const deleteFile = (token: string | null, id: number) => as(token, files.DELETE, { method: "DELETE", params: { id: String(id) } });

/** POST /archive/files/{projectId} with a small file (multipart, as the screen sends one). */
export function uploadFile(
  token: string | null,
  projectId: number,
  file: { bytes: Uint8Array; name: string; type?: string },
  folderId?: number | null,
  site?: string,
) {
  return uploadAs(token, files.POST, {
    params: { id: String(projectId) },
    file,
    fields: folderId === undefined || folderId === null ? {} : { folderId: String(folderId) },
    site,
  });
}

/** GET a version's fileUrl through its route handler, as the user with `token` (or with `headers` alone). */
export async function download(token: string | null, fileUrl: string, headers: Record<string, string> = {}): Promise<Response> {
  const match = /^\/api\/archive\/files\/(\d+)\/versions\/(\d+)$/.exec(fileUrl);
  if (!match) throw new Error(`not a version URL: ${fileUrl}`);
  const all: Record<string, string> = { host: "skilteplanen.localhost:3000", ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  return version.GET(new Request(`http://skilteplanen.localhost:3000${fileUrl}`, { headers: all }), {
    params: Promise.resolve({ id: match[1]!, versionId: match[2]! }),
  });
}

export const bytes = (text: string) => new TextEncoder().encode(text);

/** The storage keys of every archive version (to check that deleted ones are gone from storage too). */
export async function versionKeys(): Promise<string[]> {
  const db = await getDb();
  return (await db.selectFrom("archive_file_versions").select("storage_key").execute()).map((row) => row.storage_key);
}

export async function isStored(key: string): Promise<boolean> {
  const opened = await getStorage().open(key);
  opened?.stream.destroy();
  return opened !== null;
}

/** POST /archive/files/{projectId} with a multipart body of the given parts (headers, blank line, value), as written. */
export async function sendMultipart(token: string | null, projectId: number, parts: string[]): Promise<{ status: number; json: any }> {
  const boundary = "----archivetest";
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("") + `--${boundary}--\r\n`;
  const headers: Record<string, string> = {
    host: "skilteplanen.localhost:3000",
    "content-type": `multipart/form-data; boundary=${boundary}`,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await files.POST(new Request("http://skilteplanen.localhost:3000/api/x", { method: "POST", headers, body }), {
    params: Promise.resolve({ id: String(projectId) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
