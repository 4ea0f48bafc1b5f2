import type * as FsPromises from "node:fs/promises";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalStorage } from "./index";

/** What the storage did to the disk, in order: each fsync and rename, with the path it concerned. */
const events: string[] = [];

vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        events.push(`sync ${String(args[0])}`);
        return sync();
      };
      return handle;
    },
    rename: async (from: string, to: string) => {
      events.push(`rename ${from} -> ${to}`);
      return fs.rename(from, to);
    },
  };
});

const dir = await mkdtemp(path.join(tmpdir(), "storage-test-"));
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => void events.splice(0));

/** The order a crash-safe write needs: the file's data on the disk, then its name, then the folder's entry. */
function expectDurable(key: string) {
  const target = path.join(dir, key.slice(0, 2), key);
  const at = (event: string) => {
    const i = events.indexOf(event);
    expect(i, `${event} in ${events.join("; ")}`).toBeGreaterThanOrEqual(0);
    return i;
  };
  const dataSynced = at(`sync ${target}.tmp`);
  const typeSynced = at(`sync ${target}.type`);
  const renamed = at(`rename ${target}.tmp -> ${target}`);
  const folderSynced = at(`sync ${path.dirname(target)}`);
  expect(dataSynced).toBeLessThan(renamed);
  expect(typeSynced).toBeLessThan(folderSynced);
  expect(renamed).toBeLessThan(folderSynced);
  expect(events.at(-1)).toBe(`sync ${path.dirname(target)}`);
}

describe("local file storage", () => {
  it("put flushes the file and then its folder before it answers, and reads back whole", async () => {
    const storage = createLocalStorage(dir);
    const data = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const key = await storage.put(data, "application/pdf");
    expectDurable(key);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("application/pdf");
    expect(stored!.data.equals(data)).toBe(true);
  });

  it("putFile moves an upload's temporary file in, flushed the same way, and the temporary file is gone", async () => {
    const storage = createLocalStorage(dir);
    const upload = path.join(dir, "upload.tmp");
    await writeFile(upload, "%PDF-1.7 uploaded");
    const key = await storage.putFile(upload, "application/pdf");
    expectDurable(key);
    expect((await storage.get(key))?.data.toString()).toBe("%PDF-1.7 uploaded");
    await expect(readFile(upload)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("putStream writes a stream as it arrives, flushed the same way, and open streams it back with its size", async () => {
    const storage = createLocalStorage(dir);
    const chunks = ["%PDF-1.7 ", "in ", "parts"];
    const { key, size } = await storage.putStream(Readable.from(chunks), "application/pdf");
    expectDurable(key);
    expect(size).toBe(chunks.join("").length);
    const opened = await storage.open(key);
    expect(opened).toMatchObject({ contentType: "application/pdf", size });
    expect(await text(opened!.stream)).toBe(chunks.join(""));
    expect(await storage.open("0".repeat(32))).toBeNull();
  });

  it("putStream keeps nothing when the stream fails half-way", async () => {
    const storage = createLocalStorage(dir);
    async function* failing() {
      yield Buffer.from("half a file");
      throw new Error("connection lost");
    }
    const listed = new Set(await readdir(dir, { recursive: true }));
    await expect(storage.putStream(Readable.from(failing()), "application/pdf")).rejects.toThrow("connection lost");
    const after = await readdir(dir, { recursive: true });
    expect(after.filter((name) => !listed.has(name) && !/^[a-f0-9]{2}$/.test(name))).toEqual([]);
  });
});
