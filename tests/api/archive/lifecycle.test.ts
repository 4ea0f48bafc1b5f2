/**
 * What becomes of an archive's stored objects when its rows go by another way than its own paths: a
 * project purged from the trash, an account deleted. And the saved plans the contents list, with the
 * site whose app opens each.
 */
import { describe, expect, it } from "vitest";
import * as account from "@/app/api/users/account/route";
import * as projectOne from "@/app/api/project/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import * as planOne from "@/app/api/signplan/[id]/route";
import * as planArchive from "@/app/api/signplan/[id]/archive/route";
import { getDb } from "@/server/db";
import { purgeTrash } from "@/server/signplans/service";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { bytes, createFolder, getContents, isStored, newProject, uploadFile } from "./support";

async function keysOfProject(projectId: number): Promise<string[]> {
  const db = await getDb();
  return (
    await db
      .selectFrom("archive_file_versions")
      .innerJoin("archive_files", "archive_files.id", "archive_file_versions.file_id")
      .select("archive_file_versions.storage_key")
      .where("archive_files.project_id", "=", projectId)
      .execute()
  ).map((row) => row.storage_key);
}

describe("an archive's stored objects", () => {
  it("go when its project is purged from the trash, not before", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const folderId = (await createFolder(user.token, projectId, "Fotos")).json.id as number;
    await uploadFile(user.token, projectId, { bytes: bytes("1"), name: "a.jpg" }, folderId);
    await uploadFile(user.token, projectId, { bytes: bytes("22"), name: "a.jpg" }, folderId);
    const keys = await keysOfProject(projectId);
    expect(keys).toHaveLength(2);
    expect((await as(user.token, projectOne.DELETE, { method: "DELETE", params: { id: String(projectId) } })).status).toBe(200);
    await purgeTrash();
    for (const key of keys) expect(await isStored(key)).toBe(true);
    // In the trash nothing new comes in.
    expect((await uploadFile(user.token, projectId, { bytes: bytes("x"), name: "b.txt" })).status).toBe(404);
    expect((await createFolder(user.token, projectId, "Ny")).status).toBe(404);

    await purgeTrash(new Date(Date.now() + 31 * 24 * 3600_000));
    for (const key of keys) expect(await isStored(key)).toBe(false);
    expect(await keysOfProject(projectId)).toEqual([]);
  });

  it("go with a deleted account's own projects; a project it shared passes to the organisation's owner with its archive", async () => {
    const owner = await createUser();
    const leaver = await createUser({ name: "Lars Leaver" });
    await createOrganisation(owner.id, [leaver.id]);
    const own = await newProject(leaver.token);
    const shared = await newProject(leaver.token, { isShared: true });
    await uploadFile(leaver.token, own, { bytes: bytes("privat"), name: "privat.txt" });
    await uploadFile(leaver.token, shared, { bytes: bytes("fælles"), name: "fælles.txt" });
    const ownKeys = await keysOfProject(own);
    const sharedKeys = await keysOfProject(shared);

    const res = await as(leaver.token, account.DELETE, { method: "DELETE", body: { password: "hemmelig1" } });
    expect(res.status).toBe(200);
    for (const key of ownKeys) expect(await isStored(key)).toBe(false);
    for (const key of sharedKeys) expect(await isStored(key)).toBe(true);
    const kept = await getContents(owner.token, shared);
    expect(kept.status).toBe(200);
    expect(kept.json.files[0].name).toBe("fælles.txt");
    // The uploader's name goes with the account; the version stays.
    expect(kept.json.files[0].versions[0].uploadedBy).toBeNull();
  });
});

describe("the saved plans in the contents", () => {
  it("are the project's plans in use, each with the site whose app opens it, read from what it holds", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const plan = async (name: string, content?: object) => {
      const id = (await as(user.token, signplans.POST, { method: "POST", body: { name, project_id: projectId } })).json.id as number;
      if (content)
        await (
          await getDb()
        )
          .updateTable("signplans")
          .set({ content: JSON.stringify(content) })
          .where("id", "=", id)
          .execute();
      return id;
    };
    const empty = await plan("Tom");
    const signs = await plan("Skilte", { signs: [{ id: "s1", imageUrl: "/signs/dk/A/A11.webp" }], pipes: [] });
    const sewer = await plan("Kloak", { signs: [], pipes: [{ id: "p1" }] });
    const wells = await plan("Brønde", { signs: [{ id: "w1", imageUrl: "/signs/sewer/brond/B1.webp" }], pipes: [] });
    const swedish = await plan("Trafikanordning", { signs: [{ id: "s1", imageUrl: "/signs/se/A/A1.webp" }], pipes: [] });
    const swedishMap = await plan("Karta", { signs: [], pipes: [], mapView: { activeMapLayerId: "lantmateriet-topo" } });
    const archived = await plan("Arkiveret");
    const deleted = await plan("Slettet");
    await as(user.token, planArchive.POST, { method: "POST", params: { id: String(archived) } });
    await as(user.token, planOne.DELETE, { method: "DELETE", params: { id: String(deleted) } });

    const types = async (site?: string) =>
      Object.fromEntries(
        (await getContents(user.token, projectId, site)).json.signplans.map((p: { id: number; type: string }) => [p.id, p.type]),
      );
    expect(await types()).toEqual({
      [empty]: "skilteplanen",
      [signs]: "skilteplanen",
      [sewer]: "kloakplanen",
      [wells]: "kloakplanen",
      [swedish]: "ta-planen",
      [swedishMap]: "ta-planen",
    });
    // A plan with nothing of any site's opens where the archive is looked at.
    expect((await types("ta-planen"))[empty]).toBe("ta-planen");
    expect(await types("kloakplanen")).toMatchObject({ [empty]: "kloakplanen", [signs]: "skilteplanen", [swedish]: "ta-planen" });
    const listed = (await getContents(user.token, projectId)).json.signplans[0];
    expect(Object.keys(listed).sort()).toEqual(["created_at", "id", "name", "type"]);
  });
});
