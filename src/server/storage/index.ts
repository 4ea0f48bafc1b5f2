import "server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getConfig, type ServerConfig } from "../config";
import { isStorageKey, newStorageKey } from "./keys";
import { createS3Storage } from "./s3";

/** Where uploaded files live. The default keeps them under DATA_DIR/files; another backend implements the same calls. */
export interface FileStorage {
  put(data: Uint8Array, contentType: string): Promise<string>;
  /**
   * Stores the file at `from` (an upload's temporary file) without reading it into memory; `from` is
   * gone afterwards. Like put, it answers once the file is durable.
   */
  putFile(from: string, contentType: string): Promise<string>;
  /**
   * Stores what `body` yields as it arrives, never holding it whole in memory, and answers with its key
   * and size once it is durable. If the stream fails, nothing is kept.
   */
  putStream(body: Readable, contentType: string): Promise<{ key: string; size: number }>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** A stored file as a stream (for files too large to read whole: the archive's), or null if it is gone. */
  open(key: string): Promise<StoredStream | null>;
  delete(key: string): Promise<void>;
}

export interface StoredStream {
  stream: Readable;
  contentType: string;
  size: number;
}

/** Writes `data` to `file` and flushes it to the disk before answering. */
async function writeDurably(file: string, data: Uint8Array | string): Promise<void> {
  const handle = await open(file, "w");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a file (or a folder's entries: a rename or a new name) to the disk. */
async function syncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createLocalStorage(dir: string): FileStorage {
  const file = (key: string) => {
    if (!isStorageKey(key)) throw new Error("invalid storage key");
    return path.join(dir, key.slice(0, 2), key);
  };
  /**
   * Puts the temporary file `tmp` (already on the disk) under its key. The caller's row is written after
   * this answers, so the file, its type and the folder entry naming them are flushed first: after a power
   * loss a row never points at an empty or missing file.
   */
  async function commit(key: string, tmp: string, contentType: string): Promise<string> {
    const target = file(key);
    await writeDurably(`${target}.type`, contentType);
    await rename(tmp, target);
    await syncPath(path.dirname(target));
    return key;
  }
  return {
    async put(data, contentType) {
      const key = newStorageKey();
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves half a file under the key.
      await writeDurably(`${target}.tmp`, data);
      return commit(key, `${target}.tmp`, contentType);
    },
    async putFile(from, contentType) {
      const key = newStorageKey();
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(from, `${target}.tmp`);
      } catch (error) {
        // Another file system (DATA_DIR's uploads folder mounted elsewhere): copied, then removed.
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        await copyFile(from, `${target}.tmp`);
        await rm(from, { force: true });
      }
      await syncPath(`${target}.tmp`);
      return commit(key, `${target}.tmp`, contentType);
    },
    async putStream(body, contentType) {
      const key = newStorageKey();
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(body, createWriteStream(`${target}.tmp`));
        const { size } = await stat(`${target}.tmp`);
        await syncPath(`${target}.tmp`);
        await commit(key, `${target}.tmp`, contentType);
        return { key, size };
      } catch (error) {
        await rm(`${target}.tmp`, { force: true });
        await rm(`${target}.type`, { force: true });
        throw error;
      }
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const [info, contentType] = await Promise.all([stat(file(key)), readFile(`${file(key)}.type`, "utf8")]);
        return { stream: createReadStream(file(key)), contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const [data, contentType] = await Promise.all([readFile(file(key)), readFile(`${file(key)}.type`, "utf8")]);
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(file(key), { force: true });
      await rm(`${file(key)}.type`, { force: true });
    },
  };
}

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createConfiguredStorage(config: ServerConfig): FileStorage {
  if (!config.S3_BUCKET) return createLocalStorage(path.join(config.dataDir, "files"));
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT || undefined,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
  });
}

/** Where files are stored, in words for the start-up log (no credentials). */
export function describeStorage(config: ServerConfig): string {
  if (!config.S3_BUCKET) return `local disk, ${path.join(config.dataDir, "files")}`;
  const where = config.S3_ENDPOINT || `Amazon S3 (${config.S3_REGION})`;
  return `S3 bucket ${config.S3_BUCKET}${config.S3_PREFIX ? `/${config.S3_PREFIX}` : ""} at ${where}`;
}

const shared = globalThis as typeof globalThis & { __planStorage?: FileStorage };

export function getStorage(): FileStorage {
  shared.__planStorage ??= createConfiguredStorage(getConfig());
  return shared.__planStorage;
}

/** Where uploads are written while they arrive: beside the stored files, so storing one is a rename. */
export function uploadTempDir(): string {
  return path.join(getConfig().dataDir, "uploads");
}
