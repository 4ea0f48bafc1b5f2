import "server-only";
import { randomBytes } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Metadata, Server, type Upload } from "@tus/server";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/session";
import { getDb } from "../db";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { getStorage, uploadTempDir } from "../storage";
import { removeStoredObjects } from "./cleanup";
import { safeUploadName } from "./names";
import { archiveLimits, assertRoomFor, fileTooLarge } from "./quota";
import { checkUploadTarget, recordUpload, storedContentType, type UploadTarget } from "./uploads";
import { ARCHIVE_TUS_PATH } from "@/lib/schemas/archive";
import { rowIdSchema } from "@/lib/schemas/project";
import type { SiteId } from "@/sites/registry";

/*
 * Resumable uploads (tus 1.0.0, @tus/server) at ARCHIVE_TUS_PATH, for files above
 * ARCHIVE_RESUMABLE_FROM_BYTES: POST creates an upload, PATCH sends a chunk from the offset the server
 * has, HEAD asks that offset after a dropped connection, DELETE abandons it. The bytes are staged under
 * DATA_DIR/uploads/tus (@tus/file-store: the file and a JSON of its metadata) and, once complete, moved
 * into file storage (putFile: a rename on the local disk, a streamed upload to S3) and recorded exactly
 * as a multipart upload is (uploads.ts recordUpload).
 *
 * Every request passes withUser first (the bearer token, 402 for a blocked user's POST, PATCH and
 * DELETE); then POST checks the target, the size and the quota before anything is staged and records the
 * caller's id in the upload's metadata on the server; PATCH, HEAD and DELETE answer "not found" for an
 * upload of anyone else's. The staging is per process on its own disk: with several server processes it
 * must be a shared folder, or a client's requests must reach the same process (sticky sessions).
 */

/** An unfinished upload is dropped this long after it began: a closed laptop resumes within a day. */
export const TUS_EXPIRY_MS = 24 * 3600_000;
const UPLOAD_ID = /^[a-f0-9]{32}$/;

export const tusStagingDir = () => path.join(uploadTempDir(), "tus");

/** What a tus request carries from the route into the server's hooks (the hooks get the same Request). */
interface TusCall {
  ctx: CallContext;
  user: SessionUser;
  /** POST only: the upload's checked target and names, stored as its metadata. */
  metadata?: Record<string, string>;
}
const calls = new WeakMap<Request, TusCall>();

interface TusState {
  server: Server;
  store: FileStore;
  directory: string;
}
const shared = globalThis as typeof globalThis & { __archiveTus?: TusState };

/** An ApiError as tus's hooks must throw it (tus answers status_code and body). */
function tusError(error: ApiError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify({ message: error.message, ...error.extra }) };
}

function tusState(): TusState {
  const directory = tusStagingDir();
  if (shared.__archiveTus?.directory === directory) return shared.__archiveTus;
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  const server = new Server({
    path: ARCHIVE_TUS_PATH,
    datastore: store,
    // The client resolves it against the endpoint: no Host header decides where the upload goes.
    relativeLocation: true,
    // Same origin only: the screen is served by this app, so no CORS headers (tus sends "*" unless told).
    allowedOrigins: () => false,
    maxSize: () => archiveLimits.maxFileBytes,
    namingFunction: () => randomBytes(16).toString("hex"),
    getFileIdFromRequest: (_req, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(req) {
      const call = calls.get(req);
      if (!call?.metadata) throw { status_code: 404, body: "" };
      // The metadata as checked by the route, with the caller's id: never what the client sent for it.
      return { metadata: call.metadata };
    },
    async onUploadFinish(req, upload) {
      const call = calls.get(req);
      if (!call) throw { status_code: 404, body: "" };
      try {
        const file = await finishUpload(call, upload);
        return { status_code: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(file) };
      } catch (error) {
        if (error instanceof ApiError) throw tusError(error);
        log.error("archive", `tus upload ${upload.id} not recorded`, error);
        throw { status_code: 500, body: "" };
      }
    },
  });
  shared.__archiveTus = { server, store, directory };
  return shared.__archiveTus;
}

/** The staged file of a complete upload into file storage, then recorded; the staging is removed. */
async function finishUpload(call: TusCall, upload: Upload): Promise<unknown> {
  const meta = upload.metadata ?? {};
  const target: UploadTarget = { projectId: Number(meta.projectId), folderId: meta.folderId ? Number(meta.folderId) : null };
  const size = upload.size ?? upload.offset;
  const db = await getDb();
  const { store, directory } = tusState();
  // Asked before the file is moved (the folder may have gone meanwhile): a refusal leaves only the staging to remove.
  try {
    await checkUploadTarget(call.ctx, call.user, target);
    await assertRoomFor(db, call.ctx.site, target.projectId, size);
  } catch (error) {
    await store.remove(upload.id).catch(() => {});
    throw error;
  }
  const contentType = meta.filetype ?? "application/octet-stream";
  const key = await getStorage().putFile(path.join(directory, upload.id), contentType);
  await store.configstore.delete(upload.id).catch(() => {});
  try {
    return await recordUpload(call.ctx, call.user, target, { name: meta.filename ?? "file", key, size, contentType });
  } catch (error) {
    await removeStoredObjects([key]);
    throw error;
  }
}

/** An upload's id from the route's catch-all segment, or null (then "not found"). */
function uploadIdOf(segments: readonly string[] | undefined): string | null {
  if (!segments || segments.length !== 1) return null;
  return UPLOAD_ID.test(segments[0]!) ? segments[0]! : null;
}

const notFound = (site: SiteId) => new ApiError(404, serverTranslator(site)("api.archive.uploadNotFound"));

/**
 * POST: the upload's declared length (required: the size is checked before anything is staged) and
 * metadata (projectId, folderId, filename, filetype), the target through the access rule, the largest
 * file and the quota.
 */
async function prepareCreate(ctx: CallContext, user: SessionUser, req: Request): Promise<Record<string, string>> {
  const t = serverTranslator(ctx.site);
  const length = req.headers.get("upload-length");
  if (length === null || !/^\d{1,16}$/.test(length)) throw new ApiError(400, t("api.archive.uploadLengthRequired"));
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(req.headers.get("upload-metadata") ?? undefined);
  } catch {
    throw new ApiError(400, t("api.archive.uploadProtocol"));
  }
  const projectId = rowIdSchema.parse(metadata.projectId ?? "");
  const folderId = metadata.folderId && metadata.folderId !== "null" ? rowIdSchema.parse(metadata.folderId) : null;
  await checkUploadTarget(ctx, user, { projectId, folderId });
  const size = Number(length);
  if (size > archiveLimits.maxFileBytes) throw fileTooLarge(ctx.site);
  await assertRoomFor(await getDb(), ctx.site, projectId, size);
  return {
    projectId: String(projectId),
    folderId: folderId === null ? "" : String(folderId),
    filename: safeUploadName(metadata.filename ?? metadata.name ?? "file"),
    filetype: storedContentType(metadata.filetype ?? metadata.type),
    userId: String(user.id),
  };
}

/** PATCH, HEAD, DELETE: the upload must exist and be the caller's; anyone else's is "not found". */
async function checkOwnUpload(ctx: CallContext, user: SessionUser, id: string | null): Promise<void> {
  if (!id) throw notFound(ctx.site);
  const stored = await tusState().store.configstore.get(id);
  if (!stored || stored.metadata?.userId !== String(user.id)) throw notFound(ctx.site);
}

/**
 * tus answers its refusals as plain text ("Upload-Offset header required"); the app answers every 4xx with
 * `{ message }` in the user's language, so they are put in those words here. A 5xx from tus is ours: logged.
 */
async function asJsonError(res: Response, site: SiteId, method: string): Promise<Response> {
  if (res.status < 400 || (res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const t = serverTranslator(site);
  const detail = await res.text();
  let message: string;
  if (res.status === 404 || res.status === 410) message = t("api.archive.uploadNotFound");
  else if (res.status === 409) message = t("api.archive.uploadOffset");
  else if (res.status === 413) message = fileTooLarge(site).message;
  else if (res.status < 500) message = t("api.archive.uploadProtocol");
  else {
    log.error("archive", `tus ${method} answered ${res.status}: ${detail.trim()}`);
    message = t("api.archive.uploadFailed");
  }
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ message }), { status: res.status, headers });
}

/** One tus request of a signed-in caller (the route wraps it in withUser). */
export async function handleTusRequest(
  ctx: CallContext,
  user: SessionUser,
  req: Request,
  segments: string[] | undefined,
): Promise<Response> {
  const id = uploadIdOf(segments);
  const call: TusCall = { ctx, user };
  if (req.method === "POST") {
    if (segments?.length) throw notFound(ctx.site);
    call.metadata = await prepareCreate(ctx, user, req);
  } else {
    await checkOwnUpload(ctx, user, id);
  }
  calls.set(req, call);
  const res = await tusState().server.handleWeb(req);
  return asJsonError(res, ctx.site, req.method);
}

/**
 * Removes staged uploads abandoned past TUS_EXPIRY_MS (and a staged file whose metadata is gone). Run at
 * start-up and every hour (server.ts); never fails (a problem is logged).
 */
export async function cleanUpStagedUploads(now = Date.now()): Promise<number> {
  const directory = tusStagingDir();
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const id = name.replace(/\.json$/, "");
    if (!UPLOAD_ID.test(id)) continue;
    try {
      const info = JSON.parse(await readFile(path.join(directory, `${id}.json`), "utf8").catch(() => "{}")) as { creation_date?: string };
      // Without its metadata (written just after the file when an upload is created), the file's own age.
      const created = info.creation_date
        ? Date.parse(info.creation_date)
        : await stat(path.join(directory, name)).then(
            (s) => s.mtimeMs,
            () => now,
          );
      if (now - created < TUS_EXPIRY_MS) continue;
      await rm(path.join(directory, id), { force: true });
      await rm(path.join(directory, `${id}.json`), { force: true });
      if (!name.endsWith(".json")) removed++;
    } catch (error) {
      log.error("archive", `staged upload ${id} not cleaned up`, error);
    }
  }
  if (removed) log.info("archive", `removed ${removed} abandoned upload(s)`);
  return removed;
}
