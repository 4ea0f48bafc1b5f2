/**
 * Only those who can open the project reach any of its archive (the one access rule, projectAccessibleBy):
 * another user, a removed organisation member and a colleague of a private project get 404 for every id,
 * exactly as for an id that does not exist; an anonymous caller 401; a blocked user 402 on changes.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db";
import { createOrganisation, createUser } from "../../support/users";
import { endTrial } from "../billing/support";
import {
  bytes,
  createFolder,
  deleteFile,
  deleteFolder,
  download,
  folder,
  getContents,
  newProject,
  patchFolder,
  renameItem,
  uploadFile,
} from "./support";
import { as } from "../../support/api";

/** An archive with a folder and a file in it, owned by `token`'s user. */
async function archive(token: string, options: { isShared?: boolean } = {}) {
  const projectId = await newProject(token, options);
  const folderId = (await createFolder(token, projectId, "Tilladelser")).json.id as number;
  const file = await uploadFile(token, projectId, { bytes: bytes("hemmelig"), name: "tilladelse.pdf" }, folderId);
  return { projectId, folderId, fileId: file.json.id as number, fileUrl: file.json.versions[0].fileUrl as string };
}

/** Every archive path with `token`: the statuses, in order. */
async function everyPath(token: string | null, a: Awaited<ReturnType<typeof archive>>): Promise<number[]> {
  return [
    (await getContents(token, a.projectId)).status,
    (await createFolder(token, a.projectId, "Ny")).status,
    (await createFolder(token, (await newProjectOf(token)) ?? a.projectId, "Ny", a.folderId)).status,
    (await as(token, folder.GET, { params: { id: String(a.folderId) } })).status,
    (await patchFolder(token, a.folderId, { name: "Omdøbt" })).status,
    (await renameItem(token, { id: a.folderId, type: "folder", name: "Omdøbt" })).status,
    (await renameItem(token, { id: a.fileId, type: "file", name: "Omdøbt.pdf" })).status,
    (await uploadFile(token, a.projectId, { bytes: bytes("x"), name: "ind.txt" })).status,
    (await download(token, a.fileUrl)).status,
    (await deleteFile(token, a.fileId)).status,
    (await deleteFolder(token, a.folderId)).status,
  ];
}

/** A project of the caller's own (to aim at someone else's folder from it), none for an anonymous caller. */
async function newProjectOf(token: string | null): Promise<number | null> {
  return token ? newProject(token) : null;
}

async function stillThere(token: string, a: Awaited<ReturnType<typeof archive>>) {
  const listed = await getContents(token, a.projectId);
  expect(listed.json.folders.map((f: { name: string }) => f.name)).toContain("Tilladelser");
  expect(listed.json.files.map((f: { name: string }) => f.name)).toEqual(["tilladelse.pdf"]);
  expect(await (await download(token, a.fileUrl)).text()).toBe("hemmelig");
}

describe("access to a project's archive", () => {
  it("is 404 on every path for another user, and nothing changes", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const a = await archive(owner.token);
    expect(await everyPath(stranger.token, a)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    await stillThere(owner.token, a);
  });

  it("is 401 on every path for an anonymous caller", async () => {
    const owner = await createUser();
    const a = await archive(owner.token);
    expect(await everyPath(null, a)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    await stillThere(owner.token, a);
  });

  it("is the organisation's for a shared project, and ends with membership: a removed member gets 404", async () => {
    const owner = await createUser();
    const member = await createUser();
    const orgId = await createOrganisation(owner.id, [member.id]);
    const shared = await archive(owner.token, { isShared: true });
    const privateOne = await archive(owner.token);
    // A colleague reaches the shared project's archive, and changes it, but not the owner's private one.
    const listed = await getContents(member.token, shared.projectId);
    expect(listed.status).toBe(200);
    expect(await (await download(member.token, shared.fileUrl)).text()).toBe("hemmelig");
    expect((await createFolder(member.token, shared.projectId, "Fra kollega")).status).toBe(201);
    expect((await getContents(member.token, privateOne.projectId)).status).toBe(404);

    const db = await getDb();
    await db.deleteFrom("organisation_members").where("organisation_id", "=", orgId).where("user_id", "=", member.id).execute();
    expect(await everyPath(member.token, shared)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404, 404, 404]);
    await stillThere(owner.token, shared);
  });

  it("is refused with 402 for a blocked user's changes, while reading and downloading go on", async () => {
    const user = await createUser();
    const a = await archive(user.token);
    await endTrial(user.id);
    for (const res of [
      await createFolder(user.token, a.projectId, "Ny"),
      await patchFolder(user.token, a.folderId, { name: "Ny" }),
      await renameItem(user.token, { id: a.fileId, type: "file", name: "Ny.pdf" }),
      await uploadFile(user.token, a.projectId, { bytes: bytes("x"), name: "x.txt" }),
      await deleteFile(user.token, a.fileId),
      await deleteFolder(user.token, a.folderId),
    ]) {
      expect(res.status).toBe(402);
      expect(res.json.code).toBe("ACCOUNT_BLOCKED");
    }
    expect((await getContents(user.token, a.projectId)).status).toBe(200);
    expect((await download(user.token, a.fileUrl)).status).toBe(200);
  });

  it("downloads with the session cookie alone (a plain link), never with someone else's", async () => {
    const { startPageSession } = await import("@/server/auth/page-session");
    const owner = await createUser();
    const stranger = await createUser();
    const a = await archive(owner.token);
    const mine = await startPageSession({ id: owner.id, tokenVersion: owner.token_version });
    const theirs = await startPageSession({ id: stranger.id, tokenVersion: stranger.token_version });
    const ok = await download(null, a.fileUrl, { cookie: `session=${mine}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("hemmelig");
    expect((await download(null, a.fileUrl, { cookie: `session=${theirs}` })).status).toBe(404);
    expect((await download(null, a.fileUrl, { cookie: "session=nonsense" })).status).toBe(401);
  });

  it("answers a version id of another file 404", async () => {
    const user = await createUser();
    const a = await archive(user.token);
    const b = await uploadFile(user.token, a.projectId, { bytes: bytes("andet"), name: "andet.txt" });
    const mixed = `/api/archive/files/${a.fileId}/versions/${b.json.versions[0].id}`;
    expect((await download(user.token, mixed)).status).toBe(404);
  });
});
