import "server-only";
import { ApiError } from "./errors";
import { serverTranslator } from "../i18n";
import type { SiteId } from "@/sites/registry";

/*
 * Bounds on the large uploads (exports, backgrounds) this process works on at once. The server is one
 * Node process (server.ts), so counting in memory is counting them all. A user's next upload beyond
 * MAX_LARGE_UPLOADS_PER_USER is answered 429 at once, before its body is read (the editor sends one at a
 * time; a queue would hold the connection and its bytes for nothing). The costly step after an upload
 * (parsing a PDF export, decoding a background) runs at most PROCESSING_SLOTS at a time across all
 * users, queued: it is short, and holds a file's worth of memory or more while it runs.
 */

/** Large uploads one user may send at once. */
export const MAX_LARGE_UPLOADS_PER_USER = 2;

/** When a refused upload may try again, in seconds (an export of 150 MB takes about this long on a slow line). */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

/** Files processed (parsed, decoded) at once in the process. */
export const PROCESSING_SLOTS = 2;

// Process-wide, as the database handle (src/server/db/index.ts): each route handler is bundled on its
// own, and a module-level count would be one per route, not one per process.
interface UploadSlots {
  running: Map<number, number>;
  processing: number;
  waiting: (() => void)[];
}
const shared = globalThis as typeof globalThis & { __planUploadSlots?: UploadSlots };
const slots: UploadSlots = (shared.__planUploadSlots ??= { running: new Map(), processing: 0, waiting: [] });
const { running, waiting } = slots;

/**
 * Runs `upload` in one of the user's upload slots; with none free, a 429 in the user's language with
 * Retry-After. Call it before the body is read.
 */
export async function withUploadSlot<T>(site: SiteId, userId: number, upload: () => Promise<T>): Promise<T> {
  const count = running.get(userId) ?? 0;
  if (count >= MAX_LARGE_UPLOADS_PER_USER)
    throw new ApiError(
      429,
      serverTranslator(site)("api.errors.uploadsBusy", { max: MAX_LARGE_UPLOADS_PER_USER }),
      {},
      { "retry-after": String(UPLOAD_RETRY_AFTER_SECONDS) },
    );
  running.set(userId, count + 1);
  try {
    return await upload();
  } finally {
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  }
}

/** How many uploads the user has running now (for tests and logs). */
export function uploadsRunning(userId: number): number {
  return running.get(userId) ?? 0;
}

/** Runs `work` when one of the PROCESSING_SLOTS is free, in the order asked. */
export async function inProcessingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.processing >= PROCESSING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else slots.processing++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `slots.processing` counts it still taken.
    if (next) next();
    else slots.processing--;
  }
}
