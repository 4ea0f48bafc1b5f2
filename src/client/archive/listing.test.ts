import { describe, expect, it } from "vitest";
import { fileKindOf, foldersToCreate, listFolder, parentOf, parseArchivePath, resolveArchivePath, runBounded } from "./listing";
import type { ArchiveContentsDto } from "@/lib/schemas/archive";

const version = (createdAt: string) => ({ id: 1, fileUrl: "/x", size: 1, contentType: "text/plain", createdAt, uploadedBy: null });

const contents: ArchiveContentsDto = {
  folders: [
    { id: 1, name: "Old", parentId: null, createdAt: "2026-01-01T00:00:00Z" },
    { id: 2, name: "New", parentId: null, createdAt: "2026-03-01T00:00:00Z" },
    { id: 3, name: "Inner", parentId: 1, createdAt: "2026-01-02T00:00:00Z" },
  ],
  files: [
    { id: 10, name: "a.pdf", folderId: null, createdAt: "2026-01-01T00:00:00Z", versions: [version("2026-05-01T00:00:00Z")] },
    { id: 11, name: "b.png", folderId: null, createdAt: "2026-02-01T00:00:00Z", versions: [version("2026-02-01T00:00:00Z")] },
    { id: 12, name: "c.txt", folderId: 1, createdAt: "2026-02-01T00:00:00Z", versions: [version("2026-02-01T00:00:00Z")] },
  ],
  signplans: [{ id: 20, name: "Plan", type: "skilteplanen", created_at: "2026-04-01T00:00:00Z" }],
  usage: { usedBytes: 0, quotaBytes: 1 },
};

describe("listFolder", () => {
  it("lists folders first, then files and plans newest first, plans only at the root", () => {
    expect(listFolder(contents, null).map((item) => item.key)).toEqual(["folder:2", "folder:1", "file:10", "signplan:20", "file:11"]);
    expect(listFolder(contents, 1).map((item) => item.key)).toEqual(["folder:3", "file:12"]);
  });
});

describe("paths", () => {
  it("parses and resolves the path parameter, stopping at a folder that is not inside the one before", () => {
    expect(parseArchivePath("1/3/x/-2")).toEqual([1, 3]);
    expect(parseArchivePath(null)).toEqual([]);
    expect(resolveArchivePath(contents.folders, [1, 3]).map((f) => f.id)).toEqual([1, 3]);
    expect(resolveArchivePath(contents.folders, [2, 3]).map((f) => f.id)).toEqual([2]);
    expect(resolveArchivePath(contents.folders, [3]).map((f) => f.id)).toEqual([]);
  });

  it("makes each needed folder once, after its parent", () => {
    expect(foldersToCreate(["t/b/c/x.txt", "t/y.txt", "d/z.txt", "top.txt", ""])).toEqual(["d", "t", "t/b", "t/b/c"]);
    expect(parentOf("t/b/x.txt")).toBe("t/b");
    expect(parentOf("x.txt")).toBe("");
  });
});

describe("fileKindOf", () => {
  it("knows PDFs and the picture types of content §2", () => {
    expect(["a.PDF", "b.jpeg", "c.webp", "d.gif", "e"].map(fileKindOf)).toEqual(["pdf", "image", "image", "other", "other"]);
  });
});

describe("runBounded", () => {
  it("never runs more than the limit at once and runs every item, failures included", async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      done.push(n);
      if (n === 2) throw new Error("fails");
    });
    expect(most).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
