"use client";
/**
 * One file into the archive, with progress (content §4 Upload): up to ARCHIVE_RESUMABLE_FROM_BYTES as the
 * specified multipart POST /archive/files/{projectId} (XMLHttpRequest, as fetch reports no upload
 * progress), larger ones resumably over tus in TUS_CHUNK_BYTES chunks, so a dropped mobile connection,
 * or a closed laptop and a reload, continues from the last chunk the server has instead of from zero.
 */
import { Upload, type PreviousUpload } from "tus-js-client";
import { ApiRequestError, endSession, NETWORK_ERROR } from "@/client/api";
import { readToken } from "@/client/session";
import { ARCHIVE_RESUMABLE_FROM_BYTES, ARCHIVE_TUS_PATH, TUS_CHUNK_BYTES } from "@/lib/schemas/archive";
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";

export interface UploadTarget {
  site: SiteId;
  projectId: number;
  folderId: number | null;
}

/** Waits between tries of a failed chunk: a mobile connection is often back within a minute. */
const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

function authHeaders(site: SiteId): Record<string, string> {
  const token = readToken();
  return { [SITE_HEADER]: site, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : "";
  } catch {
    return ""; // a proxy's error page
  }
}

function failure(status: number, text: string): ApiRequestError {
  const message = messageOf(text);
  if (status === 401 || /jwt expired/i.test(message)) endSession();
  return status === 0 ? new ApiRequestError(0, "", NETWORK_ERROR, null) : new ApiRequestError(status, message, undefined, null);
}

/** Progress in whole percent, 0 to 100. */
type OnProgress = (percent: number) => void;

const percentOf = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 100);

export function uploadArchiveFile(file: File, target: UploadTarget, onProgress: OnProgress): Promise<void> {
  return file.size > ARCHIVE_RESUMABLE_FROM_BYTES ? uploadResumably(file, target, onProgress) : uploadMultipart(file, target, onProgress);
}

function uploadMultipart(file: File, target: UploadTarget, onProgress: OnProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/archive/files/${target.projectId}`);
    for (const [name, value] of Object.entries(authHeaders(target.site))) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      // The last percent waits for the server's answer: the bytes are sent, the file not yet stored.
      if (event.lengthComputable) onProgress(Math.min(99, percentOf(event.loaded, event.total)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(failure(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(failure(0, ""));
    xhr.onabort = () => reject(failure(0, ""));
    const form = new FormData();
    form.append("file", file, file.name);
    if (target.folderId !== null) form.append("folderId", String(target.folderId));
    xhr.send(form);
  });
}

function uploadResumably(file: File, target: UploadTarget, onProgress: OnProgress): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: ARCHIVE_TUS_PATH,
      chunkSize: TUS_CHUNK_BYTES,
      retryDelays: TUS_RETRY_DELAYS_MS,
      metadata: {
        projectId: String(target.projectId),
        folderId: target.folderId === null ? "" : String(target.folderId),
        filename: file.name,
        filetype: file.type || "application/octet-stream",
      },
      // Read for every request, so a token renewed meanwhile is the one sent.
      onBeforeRequest: (req) => {
        for (const [name, value] of Object.entries(authHeaders(target.site))) req.setHeader(name, value);
      },
      // The same file resumes only into the same place: the fingerprint names the project and folder too.
      fingerprint: (f: File) =>
        Promise.resolve(
          ["archive", target.site, target.projectId, target.folderId ?? "root", f.name, f.type, f.size, f.lastModified].join("/"),
        ),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      // A refusal (400, 403, 404, 413) does not get better by trying again; a lost connection or a 5xx may.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => onProgress(Math.min(99, percentOf(sent, total))),
      onSuccess: () => {
        onProgress(100);
        resolve();
      },
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        reject(failure(response?.getStatus() ?? 0, response?.getBody() ?? ""));
      },
    });
    upload
      .findPreviousUploads()
      .then((previous: PreviousUpload[]) => {
        // The newest try of this file: the one with the most bytes on the server.
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
      })
      .catch(() => undefined) // no storage: start afresh
      .finally(() => upload.start());
  });
}
