/** Raw tus 1.0.0 requests to the archive's upload route handler, as tus-js-client sends them. */
import * as uploads from "@/app/api/archive/uploads/[[...id]]/route";

type Method = "POST" | "PATCH" | "HEAD" | "DELETE";

export interface TusAnswer {
  status: number;
  headers: Headers;
  json: any;
}

/** One tus request: `id` names the upload (none for POST), `body` is what a PATCH sends. */
export async function tus(
  token: string | null,
  method: Method,
  options: { id?: string; headers?: Record<string, string>; body?: BodyInit; site?: string } = {},
): Promise<TusAnswer> {
  const site = options.site ?? "skilteplanen";
  const headers: Record<string, string> = { host: `${site}.localhost:3000`, "x-site": site, "tus-resumable": "1.0.0", ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const path = `/api/archive/uploads${options.id ? `/${options.id}` : ""}`;
  const req = new Request(`http://${site}.localhost:3000${path}`, {
    method,
    headers,
    body: options.body,
    ...(options.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const res = await uploads[method](req, { params: Promise.resolve(options.id ? { id: [options.id] } : {}) });
  const text = method === "HEAD" ? "" : await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { text };
  }
  return { status: res.status, headers: res.headers, json };
}

/** The Upload-Metadata header: each key with its value in base64. */
export function tusMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");
}

/** POST: a new upload of `size` bytes; answers the upload's id (from Location) with the answer. */
export async function createUpload(
  token: string | null,
  size: number,
  metadata: Record<string, string>,
  site?: string,
): Promise<TusAnswer & { id: string | null }> {
  const res = await tus(token, "POST", { headers: { "upload-length": String(size), "upload-metadata": tusMetadata(metadata) }, site });
  const location = res.headers.get("location");
  return { ...res, id: location ? location.split("/").pop()! : null };
}

/** PATCH: `body` from `offset`. */
export const patchUpload = (token: string | null, id: string, offset: number, body: BodyInit) =>
  tus(token, "PATCH", { id, body, headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" } });

/** A body of `bytes` that stops after `cutAt` of them as a dropped connection does: the stream errors. */
export function cutOffBody(bytes: Uint8Array, cutAt: number): ReadableStream<Uint8Array> {
  const chunk = 64 * 1024;
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= cutAt) {
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        return;
      }
      const n = Math.min(chunk, cutAt - sent);
      controller.enqueue(bytes.slice(sent, sent + n));
      sent += n;
    },
  });
}
