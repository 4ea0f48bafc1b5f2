import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, withS3Storage, type S3TestServer } from "../../../tests/support/s3-server";
import { getConfig } from "../config";
import { getStorage } from "./index";
import { createS3Storage } from "./s3";

const MiB = 1024 * 1024;

/** `total` bytes of a pattern that differs at every offset, made as they are read (never whole in memory). */
function generated(total: number, failAfter?: number): { stream: Readable; sha256: () => string } {
  const hash = createHash("sha256");
  async function* chunks() {
    const chunk = 64 * 1024;
    for (let sent = 0; sent < total; sent += chunk) {
      if (failAfter !== undefined && sent >= failAfter) throw new Error("connection lost");
      const bytes = Buffer.alloc(Math.min(chunk, total - sent));
      for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE(((sent + i) * 2654435761) >>> 0, i);
      hash.update(bytes);
      yield bytes;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest("hex") };
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

describe("S3 file storage (against a local s3rver)", () => {
  let s3: S3TestServer;
  const storage = () =>
    createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
  const scratch = mkdtemp(path.join(tmpdir(), "s3-storage-test-"));
  beforeAll(async () => void (s3 = await startS3Server()));
  afterAll(async () => {
    await s3.stop();
    await rm(await scratch, { recursive: true, force: true });
  });

  it("put stores bytes with their type under a 32-hex key, and get reads them back whole", async () => {
    const data = new Uint8Array(300_000).map((_, i) => i % 251);
    const key = await storage().put(data, "image/png");
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    expect(await s3.listKeys()).toContain(key);
    const stored = await storage().get(key);
    expect(stored?.contentType).toBe("image/png");
    expect(stored!.data.equals(data)).toBe(true);
  });

  it("putFile streams an upload's temporary file into the bucket and removes the file", async () => {
    const upload = path.join(await scratch, "upload.tmp");
    await writeFile(upload, "%PDF-1.7 uploaded");
    const key = await storage().putFile(upload, "application/pdf");
    expect(await storage().get(key)).toMatchObject({ contentType: "application/pdf", data: Buffer.from("%PDF-1.7 uploaded") });
    await expect(readFile(upload)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("putStream sends 12 MiB in parts (multipart upload) and open streams it back byte for byte with its size and type", async () => {
    const source = generated(12 * MiB);
    const before = s3.requests.length;
    const { key, size } = await storage().putStream(source.stream, "application/zip");
    expect(size).toBe(12 * MiB);
    const calls = s3.requests.slice(before);
    expect(calls.filter((call) => /^POST .*\?uploads/.test(call))).toHaveLength(1);
    // 5 MiB parts: 5 + 5 + 2.
    expect(calls.filter((call) => /^PUT .*partNumber=/.test(call))).toHaveLength(3);
    expect(calls.filter((call) => /^POST .*uploadId=/.test(call))).toHaveLength(1);

    const opened = await storage().open(key);
    expect(opened).toMatchObject({ contentType: "application/zip", size: 12 * MiB });
    expect(await sha256Of(opened!.stream)).toEqual({ sha256: source.sha256(), size: 12 * MiB });
  });

  it("putStream of a small stream is one PUT, and open answers its size", async () => {
    const { key, size } = await storage().putStream(Readable.from(["%PDF-1.7 ", "in ", "parts"]), "application/pdf");
    expect(size).toBe(17);
    const opened = await storage().open(key);
    expect(opened).toMatchObject({ contentType: "application/pdf", size: 17 });
    expect(await text(opened!.stream)).toBe("%PDF-1.7 in parts");
  });

  it("putStream keeps nothing when its source fails half-way: the multipart upload is aborted", async () => {
    const keysBefore = await s3.listKeys();
    const abortedBefore = s3.aborted.length;
    // Fails after 7 MiB: the first 5 MiB part is in the bucket's unfinished upload by then.
    const source = generated(12 * MiB, 7 * MiB);
    await expect(storage().putStream(source.stream, "application/pdf")).rejects.toThrow("connection lost");
    expect(s3.aborted.length).toBe(abortedBefore + 1);
    expect(await s3.listMultipartUploads()).toEqual([]);
    expect(await s3.listKeys()).toEqual(keysBefore);
  });

  it("putStream keeps nothing when its source fails before a first part was sent", async () => {
    const keysBefore = await s3.listKeys();
    await expect(storage().putStream(generated(3 * MiB, 1 * MiB).stream, "application/pdf")).rejects.toThrow("connection lost");
    expect(await s3.listMultipartUploads()).toEqual([]);
    expect(await s3.listKeys()).toEqual(keysBefore);
  });

  it("delete removes the object, and deleting it again or a key that never was is no error", async () => {
    const key = await storage().put(new TextEncoder().encode("bye"), "text/plain");
    await storage().delete(key);
    expect(await s3.listKeys()).not.toContain(key);
    expect(await storage().get(key)).toBeNull();
    expect(await storage().open(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
    await expect(storage().delete("not a key")).resolves.toBeUndefined();
  });

  it("a missing or malformed key is null; another S3 error (a bucket that does not exist) is thrown", async () => {
    expect(await storage().get("0".repeat(32))).toBeNull();
    expect(await storage().open("0".repeat(32))).toBeNull();
    expect(await storage().get("../../etc/passwd")).toBeNull();
    const elsewhere = createS3Storage({
      bucket: "no-such-bucket",
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(elsewhere.get("0".repeat(32))).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(elsewhere.put(new Uint8Array(1), "text/plain")).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("puts the keys under S3_PREFIX when one is set", async () => {
    const prefixed = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      prefix: "/tenant-a/files/",
    });
    const key = await prefixed.put(new TextEncoder().encode("x"), "text/plain");
    const { key: streamed } = await prefixed.putStream(generated(6 * MiB).stream, "application/pdf");
    const keys = await s3.listKeys();
    expect(keys).toContain(`tenant-a/files/${key}`);
    expect(keys).toContain(`tenant-a/files/${streamed}`);
    expect((await prefixed.get(key))?.data.toString()).toBe("x");
    expect(await storage().get(key)).toBeNull(); // not at the root
  });
});

describe("getStorage with S3_BUCKET set", () => {
  const saved = process.env.DATA_DIR;
  const dataDir = mkdtemp(path.join(tmpdir(), "s3-data-dir-"));
  beforeAll(async () => void (process.env.DATA_DIR = await dataDir));
  const s3 = withS3Storage();
  afterAll(async () => {
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    await rm(await dataDir, { recursive: true, force: true });
  });

  it("stores every kind of write in the bucket and nothing under DATA_DIR/files", async () => {
    expect(getConfig().dataDir).toBe(path.resolve(await dataDir));
    const storage = getStorage();
    const upload = path.join(await dataDir, "upload.tmp");
    await writeFile(upload, "from a form");
    const keys = [
      await storage.put(new TextEncoder().encode("bytes"), "text/plain"),
      await storage.putFile(upload, "text/plain"),
      (await storage.putStream(generated(6 * MiB).stream, "application/octet-stream")).key,
    ];
    expect(await s3.server.listKeys()).toEqual(expect.arrayContaining(keys));
    expect((await storage.get(keys[1]!))?.data.toString()).toBe("from a form");
    await storage.delete(keys[0]!);
    expect(await readdir(await dataDir)).toEqual([]);
  });
});

describe("configuration", () => {
  const config = (env: Record<string, string>) => getConfig({ ...env } as NodeJS.ProcessEnv);
  const base = { S3_BUCKET: "plans" };
  it("refuses S3_BUCKET without credentials, naming what is missing", () => {
    expect(() => config({ ...base })).toThrow("Invalid configuration: S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is needed when S3_BUCKET is set");
    expect(() => config({ ...base, S3_ACCESS_KEY_ID: "id" })).toThrow(
      "Invalid configuration: S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is needed when S3_BUCKET is set",
    );
  });

  it("refuses an endpoint that is not an http(s) URL, and reads the rest with their defaults", () => {
    const full = { ...base, S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(() => config({ ...full, S3_ENDPOINT: "minio:9000" })).toThrow("Invalid configuration: S3_ENDPOINT");
    expect(config(full)).toMatchObject({ S3_REGION: "eu-north-1", S3_FORCE_PATH_STYLE: false, S3_PREFIX: "", S3_ENDPOINT: "" });
    expect(config({ ...full, S3_FORCE_PATH_STYLE: "true", S3_PREFIX: "/a/b/" })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: "a/b",
    });
  });

  it("leaves S3 off when S3_BUCKET is empty, whatever else is set", () => {
    expect(() => config({ S3_BUCKET: "", S3_ACCESS_KEY_ID: "" })).not.toThrow();
  });
});
