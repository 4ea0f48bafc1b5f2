/** The folder tree in SQL: moves that never make a cycle, the breadcrumb and subtree by recursive queries. */
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { folderChain, subtreeFolderIds } from "@/server/archive/tree";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { bytes, createFolder, deleteFolder, folder, getContents, newProject, patchFolder, uploadFile } from "./support";

async function chainOf(token: string, projectId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) ids.push((await createFolder(token, projectId, name, ids.at(-1) ?? null)).json.id as number);
  return ids;
}

describe("PATCH /archive/folders/{id} with parentId (a move)", () => {
  it("moves a folder with its subtree, to another folder and back to the root", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const [a, b] = await chainOf(user.token, projectId, ["A", "B"]);
    const c = (await createFolder(user.token, projectId, "C")).json.id as number;
    const moved = await patchFolder(user.token, a!, { parentId: c });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ id: a, name: "A", parentId: c });
    const path = await as(user.token, folder.GET, { params: { id: String(b) } });
    expect(path.json.path.map((f: { name: string }) => f.name)).toEqual(["C", "A", "B"]);
    expect((await patchFolder(user.token, a!, { parentId: null, name: "A2" })).json).toMatchObject({ parentId: null, name: "A2" });
  });

  it("refuses a move into itself or anywhere below itself with a 400 and a message, and changes nothing", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const [a, b, c, d] = await chainOf(user.token, projectId, ["A", "B", "C", "D"]);
    for (const target of [a, b, c, d]) {
      const res = await patchFolder(user.token, a!, { parentId: target! });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: "ARCHIVE_MOVE_CYCLE",
        message: "En mappe kan ikke flyttes ind i sig selv eller ind i en af sine undermapper.",
      });
    }
    expect((await patchFolder(user.token, b!, { parentId: d! })).status).toBe(400);
    const listed = await getContents(user.token, projectId);
    const parents = Object.fromEntries(listed.json.folders.map((f: { name: string; parentId: number | null }) => [f.name, f.parentId]));
    expect(parents).toEqual({ A: null, B: a, C: b, D: c });
  });

  it("moves within the project only (400), into a folder the user may reach only (404), and not onto a taken name (409)", async () => {
    const user = await createUser();
    const stranger = await createUser();
    const projectId = await newProject(user.token);
    const a = (await createFolder(user.token, projectId, "A")).json.id as number;
    const target = (await createFolder(user.token, projectId, "Mål")).json.id as number;
    await createFolder(user.token, projectId, "a", target);
    const elsewhere = (await createFolder(user.token, await newProject(user.token), "Andet")).json.id as number;
    const theirs = (await createFolder(stranger.token, await newProject(stranger.token), "Deres")).json.id as number;
    const other = await patchFolder(user.token, a, { parentId: elsewhere });
    expect(other.status).toBe(400);
    expect(other.json.message).toBe("Mappen kan kun flyttes inden for sit eget projekt.");
    expect((await patchFolder(user.token, a, { parentId: theirs })).status).toBe(404);
    expect((await patchFolder(user.token, a, { parentId: 99999999 })).status).toBe(404);
    const clash = await patchFolder(user.token, a, { parentId: target });
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("ARCHIVE_NAME_TAKEN");
    expect((await patchFolder(user.token, a, {})).status).toBe(400);
  });

  it("never makes a cycle when two folders are moved into each other at the same time", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    for (let round = 0; round < 5; round++) {
      const x = (await createFolder(user.token, projectId, `X${round}`)).json.id as number;
      const y = (await createFolder(user.token, projectId, `Y${round}`)).json.id as number;
      const [one, two] = await Promise.all([patchFolder(user.token, x, { parentId: y }), patchFolder(user.token, y, { parentId: x })]);
      expect([one.status, two.status].sort()).toEqual([200, 400]);
      const db = await getDb();
      const rows = await db.selectFrom("archive_folders").select(["id", "parent_id"]).where("id", "in", [x, y]).execute();
      expect(rows.filter((row) => row.parent_id === null)).toHaveLength(1);
    }
  });
});

describe("the recursive queries", () => {
  it("give a deep folder's breadcrumb from the root (GET /archive/folders/{id}) and its whole subtree", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const names = Array.from({ length: 40 }, (_, i) => `Niveau ${i + 1}`);
    const ids = await chainOf(user.token, projectId, names);
    await createFolder(user.token, projectId, "Side", ids[9]!);
    const res = await as(user.token, folder.GET, { params: { id: String(ids.at(-1)) } });
    expect(res.status).toBe(200);
    expect(res.json.folder).toMatchObject({ id: ids.at(-1), name: "Niveau 40" });
    expect(res.json.path.map((f: { name: string }) => f.name)).toEqual(names);
    expect(res.json.path[0].parentId).toBeNull();

    const db = await getDb();
    expect((await folderChain(db, ids[2]!)).map((link) => link.name)).toEqual(["Niveau 1", "Niveau 2", "Niveau 3"]);
    expect(await folderChain(db, 99999999)).toEqual([]);
    const subtree = await subtreeFolderIds(db, ids[9]!);
    expect(subtree[0]).toBe(ids[9]);
    expect(subtree).toHaveLength(31 + 1);

    await uploadFile(user.token, projectId, { bytes: bytes("deep"), name: "dyb.txt" }, ids.at(-1)!);
    const removed = await deleteFolder(user.token, ids[0]!);
    expect(removed.json).toEqual({ id: ids[0], folders: 41, files: 1 });
    expect((await getContents(user.token, projectId)).json).toMatchObject({ folders: [], files: [] });
  });
});
