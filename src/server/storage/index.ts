import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../config";

/** Where uploaded files live. The default keeps them under DATA_DIR/files; another backend implements the same three calls. */
export interface FileStorage {
  put(data: Uint8Array, contentType: string): Promise<string>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}$/;

export function createLocalStorage(dir: string): FileStorage {
  const file = (key: string) => {
    if (!KEY.test(key)) throw new Error("invalid storage key");
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(data, contentType) {
      const key = randomBytes(16).toString("hex");
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a crash never leaves half a file under the key.
      await writeFile(`${target}.tmp`, data);
      await writeFile(`${target}.type`, contentType);
      await rename(`${target}.tmp`, target);
      return key;
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const [data, contentType] = await Promise.all([readFile(file(key)), readFile(`${file(key)}.type`, "utf8")]);
        return { data, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!KEY.test(key)) return;
      await rm(file(key), { force: true });
      await rm(`${file(key)}.type`, { force: true });
    },
  };
}

const shared = globalThis as typeof globalThis & { __planStorage?: FileStorage };

export function getStorage(): FileStorage {
  shared.__planStorage ??= createLocalStorage(path.join(getConfig().dataDir, "files"));
  return shared.__planStorage;
}
