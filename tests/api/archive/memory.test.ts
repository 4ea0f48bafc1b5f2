/**
 * A 250 MB upload, through the multipart route and through tus, is streamed into storage, not held in
 * memory: the process's resident memory and its buffers are sampled while it runs and must grow by far
 * less than the file (a check of streaming, not of speed). The bodies are generated as they are pulled.
 * Its own file, so that it runs beside the other archive tests.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as files from "@/app/api/archive/files/[id]/route";
import { TUS_CHUNK_BYTES } from "@/lib/schemas/archive";
import { createUser } from "../../support/users";
import { sendUpload, streamedUpload } from "../uploads/support";
import { download, newProject } from "./support";
import { createUpload, patchUpload } from "./tus-support";

const SIZE = 250 * 1024 * 1024;
const LIMIT = 64 * 1024 * 1024;
const BLOCK = new Uint8Array(64 * 1024).map((_, i) => (i * 7 + 3) % 251);

/** Peak growth of resident memory and of Buffers/ArrayBuffers while `work` runs, sampled every 5 ms. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; buffers: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let buffers = base.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    buffers = Math.max(buffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, rss: rss - base.rss, buffers: buffers - base.arrayBuffers };
  } finally {
    clearInterval(timer);
  }
}

/** `length` bytes of BLOCK repeated, made as they are pulled. */
function blocks(length: number): ReadableStream<Uint8Array> {
  let left = length;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(BLOCK.byteLength, left);
      left -= n;
      controller.enqueue(n === BLOCK.byteLength ? BLOCK : BLOCK.subarray(0, n));
    },
  });
}

/** SHA-256 of a download's body, read as it streams. */
async function hashOf(res: Response): Promise<{ hash: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    hash.update(value);
  }
  return { hash: hash.digest("hex"), size };
}

function expectedHash(block: Uint8Array, size: number): string {
  const hash = createHash("sha256");
  for (let left = size; left > 0; left -= block.byteLength) hash.update(left >= block.byteLength ? block : block.subarray(0, left));
  return hash.digest("hex");
}

describe("a 250 MB upload", () => {
  it("through the multipart route grows the process's memory by far less than the file", { timeout: 300_000 }, async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const body = streamedUpload({ size: SIZE, fill: 0x5a, name: "Ortofoto 2024.tif" });
    const {
      result: res,
      rss,
      buffers,
    } = await peakGrowth(() => sendUpload(user.token, files.POST, body, { params: { id: String(projectId) } }));
    console.log(`multipart 250 MB: rss +${(rss / 1024 / 1024).toFixed(1)} MB, buffers +${(buffers / 1024 / 1024).toFixed(1)} MB`);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.versions[0].size).toBe(SIZE);
    expect(rss).toBeLessThan(LIMIT);
    expect(buffers).toBeLessThan(LIMIT);

    const down = await peakGrowth(async () => hashOf(await download(user.token, res.json.versions[0].fileUrl)));
    console.log(`download 250 MB: rss +${(down.rss / 1024 / 1024).toFixed(1)} MB`);
    expect(down.result.size).toBe(SIZE);
    expect(down.result.hash).toBe(expectedHash(new Uint8Array(64 * 1024).fill(0x5a), SIZE));
    expect(down.rss).toBeLessThan(LIMIT);
  });

  it("through tus, in chunks of TUS_CHUNK_BYTES, grows the process's memory by far less than the file", { timeout: 300_000 }, async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const created = await createUpload(user.token, SIZE, {
      projectId: String(projectId),
      filename: "Ortofoto 2024.tif",
      filetype: "image/tiff",
    });
    expect(created.status).toBe(201);
    const {
      result: last,
      rss,
      buffers,
    } = await peakGrowth(async () => {
      let answer;
      for (let offset = 0; offset < SIZE; offset += TUS_CHUNK_BYTES) {
        const length = Math.min(TUS_CHUNK_BYTES, SIZE - offset);
        answer = await patchUpload(user.token, created.id!, offset, blocks(length));
        if (answer.status !== 204 && answer.status !== 200) break;
      }
      return answer!;
    });
    console.log(`tus 250 MB: rss +${(rss / 1024 / 1024).toFixed(1)} MB, buffers +${(buffers / 1024 / 1024).toFixed(1)} MB`);
    expect(last.status, JSON.stringify(last.json)).toBe(200);
    expect(last.json.versions[0].size).toBe(SIZE);
    expect(rss).toBeLessThan(LIMIT);
    expect(buffers).toBeLessThan(LIMIT);
    const got = await hashOf(await download(user.token, last.json.versions[0].fileUrl));
    expect(got).toEqual({ size: SIZE, hash: expectedHash(BLOCK, SIZE) });
  });
});
