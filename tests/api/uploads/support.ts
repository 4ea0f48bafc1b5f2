/**
 * Multipart bodies generated as a stream, for the upload tests: a file of any size is made chunk by
 * chunk as the server pulls it, and the bytes pulled are counted, so a test can tell how much of a body
 * the server read (and nothing of the body is held by the test itself).
 */

import type { ExportSettings } from "@/lib/schemas/export";

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

const CHUNK = 64 * 1024;

export interface StreamedUpload {
  /** Bytes of the body the server has pulled so far. */
  pulled(): number;
  /** The body's length. */
  length: number;
  /** Resolves once the server has pulled all of it. */
  done: Promise<void>;
  body: ReadableStream<Uint8Array>;
  contentType: string;
}

/**
 * A multipart body: `fields`, then a file of `head` followed by `size - head.length` bytes of `fill`.
 * With `hold`, the file's last chunk waits for that promise (an upload still arriving).
 */
export function streamedUpload(options: {
  head?: Uint8Array;
  size: number;
  fill?: number;
  fields?: Record<string, string>;
  name?: string;
  hold?: Promise<void>;
}): StreamedUpload {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const encoder = new TextEncoder();
  const fields = Object.entries(options.fields ?? {})
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join("");
  const before = encoder.encode(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? "plan.pdf"}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const after = encoder.encode(`\r\n--${boundary}--\r\n`);
  const head = options.head ?? new Uint8Array();
  const filler = new Uint8Array(CHUNK).fill(options.fill ?? 0x20);
  let fileLeft = options.size - head.byteLength;
  let pulled = 0;
  let finished = () => {};
  const done = new Promise<void>((resolve) => (finished = resolve));
  const parts: Uint8Array[] = [before, head];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = parts.shift();
      if (!chunk) {
        if (fileLeft > 0) {
          const n = Math.min(CHUNK, fileLeft);
          fileLeft -= n;
          if (fileLeft === 0 && options.hold) await options.hold;
          chunk = n === CHUNK ? filler : filler.subarray(0, n);
          if (fileLeft === 0) parts.push(after);
        } else {
          controller.close();
          finished();
          return;
        }
      }
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return {
    pulled: () => pulled,
    length: before.byteLength + options.size + after.byteLength,
    done,
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends a streamed upload to a route handler as the user with `token` (skilteplanen unless `site`). */
export async function sendUpload<P extends object>(
  token: string | null,
  handler: Handler<P>,
  upload: StreamedUpload,
  options: { params?: P; method?: string; site?: string; contentLength?: boolean } = {},
): Promise<{ status: number; json: any; headers: Headers }> {
  const site = options.site ?? "skilteplanen";
  const headers: Record<string, string> = {
    "x-site": site,
    host: `${site}.localhost:3000`,
    "content-type": upload.contentType,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.contentLength) headers["content-length"] = String(upload.length);
  const req = new Request(`http://${site}.localhost:3000/api/x`, {
    method: options.method ?? "POST",
    body: upload.body,
    headers,
    duplex: "half",
  } as RequestInit);
  const res = await handler(req, { params: Promise.resolve((options.params ?? {}) as P) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The process's memory outside the JS heap (Buffers, ArrayBuffers), sampled while `work` runs: its peak growth. */
export async function peakBufferGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  global.gc?.();
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

/** Settings of a JPG export (a screenshot), as the editor sends them. */
export const JPG_SETTINGS: ExportSettings = {
  type: "screenshot",
  format: "jpg",
  paperSize: "A3",
  landscape: true,
  scale: 500,
  dpi: 150,
  signSizeMm: 8,
  center: [10.38551, 55.40178],
  rotation: 0,
  coordinates: false,
  northArrow: true,
  showScale: true,
  pipeSpecifications: false,
  companyLogo: false,
  phases: "inactive",
  signInventory: false,
  pdfA: false,
  projectName: "Vejarbejde",
  projectAddress: "Vestergade 12, 5000 Odense C",
  description: "",
};

/** Polls `condition` every 10 ms for up to 10 s (an upload reaching the server); fails the test if it never holds. */
export async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never happened: ${what}`);
}
