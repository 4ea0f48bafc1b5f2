/** The archive's paths (content §7 Archive, issue 35): folders, files, versions, contents, download. */
import { describe, expect, it } from "vitest";
import * as signplans from "@/app/api/signplan/route";
import { storedContentType } from "@/server/archive/uploads";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import {
  bytes,
  createFolder,
  deleteFile,
  deleteFolder,
  download,
  getContents,
  isStored,
  newProject,
  patchFolder,
  renameItem,
  sendMultipart,
  uploadFile,
} from "./support";

describe("POST /archive/folders and GET /archive/contents/{projectId}", () => {
  it("creates folders at the root and inside others, listed with their parent", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const root = await createFolder(user.token, projectId, "  Tilladelser  ");
    expect(root.status).toBe(201);
    expect(root.json).toMatchObject({ name: "Tilladelser", parentId: null });
    expect(typeof root.json.createdAt).toBe("string");
    const child = await createFolder(user.token, projectId, "Politiet", root.json.id);
    expect(child.json).toMatchObject({ name: "Politiet", parentId: root.json.id });

    const listed = await getContents(user.token, projectId);
    expect(listed.status).toBe(200);
    expect(listed.json.folders.map((f: { name: string }) => f.name).sort()).toEqual(["Politiet", "Tilladelser"]);
    expect(listed.json.files).toEqual([]);
    expect(listed.json.usage).toEqual({ usedBytes: 0, quotaBytes: 20 * 1024 ** 3 });
  });

  it("refuses a name taken in the same parent, letter case aside, with a 409; the same name elsewhere is fine", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const a = await createFolder(user.token, projectId, "Fotos");
    const again = await createFolder(user.token, projectId, "FOTOS");
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "ARCHIVE_NAME_TAKEN", message: "Navnet »FOTOS« er allerede brugt i denne mappe." });
    expect((await createFolder(user.token, projectId, "ÆBLER")).status).toBe(201);
    expect((await createFolder(user.token, projectId, "æbler")).status).toBe(409);
    expect((await createFolder(user.token, projectId, "Fotos", a.json.id)).status).toBe(201);
    expect((await createFolder(user.token, await newProject(user.token), "Fotos")).status).toBe(201);
    const sv = await createFolder(user.token, projectId, "fotos", null, "ta-planen");
    expect(sv.json.message).toBe("Namnet ”fotos” används redan i den här mappen.");
  });

  it("answers 404 for a parent folder of another project", async () => {
    const user = await createUser();
    const other = await createFolder(user.token, await newProject(user.token), "Andet");
    const res = await createFolder(user.token, await newProject(user.token), "Her", other.json.id);
    expect(res.status).toBe(404);
  });
});

describe("POST /archive/files/{projectId}", () => {
  it("stores a file at the root and in a folder, with its type, and lists it with one version to download", async () => {
    const user = await createUser({ name: "Ole Opmåler" });
    const projectId = await newProject(user.token);
    const res = await uploadFile(user.token, projectId, {
      bytes: bytes("%PDF-1.7 tilladelse"),
      name: "Gravetilladelse Ærøgade.pdf",
      type: "application/pdf",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Gravetilladelse Ærøgade.pdf", folderId: null });
    expect(res.json.versions).toHaveLength(1);
    expect(res.json.versions[0]).toMatchObject({ size: 19, contentType: "application/pdf", uploadedBy: "Ole Opmåler" });

    const folderId = (await createFolder(user.token, projectId, "Fotos")).json.id as number;
    const photo = await uploadFile(user.token, projectId, { bytes: bytes("jpegdata"), name: "IMG_0001.JPG", type: "image/jpeg" }, folderId);
    expect(photo.json).toMatchObject({ name: "IMG_0001.JPG", folderId });

    const listed = await getContents(user.token, projectId);
    expect(listed.json.files).toHaveLength(2);
    expect(listed.json.usage.usedBytes).toBe(19 + 8);

    const got = await download(user.token, res.json.versions[0].fileUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe("%PDF-1.7 tilladelse");
    expect(Object.fromEntries(got.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": "19",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "content-disposition":
        "attachment; filename=\"Gravetilladelse__r_gade.pdf\"; filename*=UTF-8''Gravetilladelse%20%C3%86r%C3%B8gade.pdf",
    });
  });

  it("adds a version when a file of the same name (letter case aside) comes into the same folder, newest first", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const first = await uploadFile(user.token, projectId, { bytes: bytes("one"), name: "Plan.pdf", type: "application/pdf" });
    const second = await uploadFile(user.token, projectId, { bytes: bytes("second"), name: "plan.PDF", type: "application/pdf" });
    expect(second.status).toBe(201);
    expect(second.json.id).toBe(first.json.id);
    expect(second.json.name).toBe("Plan.pdf");
    expect(second.json.versions.map((v: { size: number }) => v.size)).toEqual([6, 3]);
    expect(await (await download(user.token, second.json.versions[0].fileUrl)).text()).toBe("second");
    expect(await (await download(user.token, second.json.versions[1].fileUrl)).text()).toBe("one");
    const listed = await getContents(user.token, projectId);
    expect(listed.json.files).toHaveLength(1);
    expect(listed.json.usage.usedBytes).toBe(9);
  });

  it("makes simultaneous uploads of one new name versions of one file", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => uploadFile(user.token, projectId, { bytes: bytes("x".repeat(i + 1)), name: "Samtidig.txt" })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    const listed = await getContents(user.token, projectId);
    expect(listed.json.files).toHaveLength(1);
    expect(listed.json.files[0].versions.map((v: { size: number }) => v.size).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("serves a declared type that is no media type as application/octet-stream, and a page type only as a download", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const odd = await sendMultipart(user.token, projectId, [
      'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: Text/Plain; charset=utf-8\r\n\r\nx',
    ]);
    expect(odd.status).toBe(201);
    expect(odd.json.versions[0].contentType).toBe("text/plain");
    expect(storedContentType("not a type")).toBe("application/octet-stream");
    expect(storedContentType("image/png\r\nx-evil: 1")).toBe("application/octet-stream");
    expect(storedContentType(undefined)).toBe("application/octet-stream");
    expect(storedContentType("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    const html = await uploadFile(user.token, projectId, {
      bytes: bytes("<script>alert(1)</script>"),
      name: "side.html",
      type: "text/html",
    });
    const got = await download(user.token, html.json.versions[0].fileUrl);
    expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(got.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("answers 400 without a file and 404 for a folder that does not exist, and stores nothing then", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const none = await sendMultipart(user.token, projectId, ['Content-Disposition: form-data; name="folderId"\r\n\r\n']);
    expect(none.status).toBe(400);
    expect(none.json.message).toBe("Vælg en fil.");
    const missing = await uploadFile(user.token, projectId, { bytes: bytes("x"), name: "a.txt" }, 999999);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Mappen findes ikke.");
    expect((await getContents(user.token, projectId)).json.usage.usedBytes).toBe(0);
  });
});

describe("PATCH /archive/item/rename", () => {
  it("renames a file and a folder, 409 for a name taken in the same folder", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const a = await uploadFile(user.token, projectId, { bytes: bytes("a"), name: "a.txt" });
    await uploadFile(user.token, projectId, { bytes: bytes("b"), name: "b.txt" });
    const renamed = await renameItem(user.token, { id: a.json.id, type: "file", name: " Referat 3. møde.txt " });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: a.json.id, name: "Referat 3. møde.txt" });
    expect(renamed.json.versions).toHaveLength(1);
    const taken = await renameItem(user.token, { id: a.json.id, type: "file", name: "B.TXT" });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("ARCHIVE_NAME_TAKEN");

    const folderId = (await createFolder(user.token, projectId, "Gammel")).json.id as number;
    await createFolder(user.token, projectId, "Optaget");
    expect((await renameItem(user.token, { id: folderId, type: "folder", name: "Ny" })).json).toMatchObject({ id: folderId, name: "Ny" });
    expect((await renameItem(user.token, { id: folderId, type: "folder", name: "optaget" })).status).toBe(409);
    // Its own name in another case is no clash with itself.
    expect((await renameItem(user.token, { id: folderId, type: "folder", name: "NY" })).json.name).toBe("NY");
  });

  it("renames a saved plan through the plans' own rules (409 PLAN_NAME_TAKEN)", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const plan = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan A", project_id: projectId } });
    await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan B", project_id: projectId } });
    const renamed = await renameItem(user.token, { id: plan.json.id, type: "signplan", name: "Etape 1" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: plan.json.id, name: "Etape 1", type: "skilteplanen" });
    const taken = await renameItem(user.token, { id: plan.json.id, type: "signplan", name: "plan b" });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("PLAN_NAME_TAKEN");
    const listed = await getContents(user.token, projectId);
    expect(listed.json.signplans.map((p: { name: string }) => p.name).sort()).toEqual(["Etape 1", "Plan B"]);
  });
});

describe("DELETE /archive/files/{id} and /archive/folders/{id}", () => {
  it("deletes a file with all its versions and their stored objects", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    await uploadFile(user.token, projectId, { bytes: bytes("1"), name: "x.txt" });
    const file = await uploadFile(user.token, projectId, { bytes: bytes("22"), name: "x.txt" });
    const urls = file.json.versions.map((v: { fileUrl: string }) => v.fileUrl);
    const res = await deleteFile(user.token, file.json.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: file.json.id, versions: 2 });
    for (const url of urls) expect((await download(user.token, url)).status).toBe(404);
    expect((await getContents(user.token, projectId)).json).toMatchObject({ files: [], usage: { usedBytes: 0 } });
    expect((await deleteFile(user.token, file.json.id)).status).toBe(404);
  });

  it("deletes a folder's whole subtree, its files' versions and their stored objects, and nothing beside it", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const top = (await createFolder(user.token, projectId, "Top")).json.id as number;
    const mid = (await createFolder(user.token, projectId, "Mid", top)).json.id as number;
    const deep = (await createFolder(user.token, projectId, "Deep", mid)).json.id as number;
    const keep = (await createFolder(user.token, projectId, "Keep")).json.id as number;
    const inTop = await uploadFile(user.token, projectId, { bytes: bytes("t"), name: "t.txt" }, top);
    const inDeep = await uploadFile(user.token, projectId, { bytes: bytes("d"), name: "d.txt" }, deep);
    await uploadFile(user.token, projectId, { bytes: bytes("dd"), name: "d.txt" }, deep);
    const kept = await uploadFile(user.token, projectId, { bytes: bytes("k"), name: "k.txt" }, keep);
    const db = await (await import("@/server/db")).getDb();
    const keysOf = async (fileIds: number[]) =>
      (await db.selectFrom("archive_file_versions").select("storage_key").where("file_id", "in", fileIds).execute()).map(
        (r) => r.storage_key,
      );
    const doomed = await keysOf([inTop.json.id, inDeep.json.id]);
    expect(doomed).toHaveLength(3);
    for (const key of doomed) expect(await isStored(key)).toBe(true);

    const res = await deleteFolder(user.token, top);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: top, folders: 3, files: 2 });
    for (const key of doomed) expect(await isStored(key)).toBe(false);
    const listed = await getContents(user.token, projectId);
    expect(listed.json.folders.map((f: { id: number }) => f.id)).toEqual([keep]);
    expect(listed.json.files.map((f: { id: number }) => f.id)).toEqual([kept.json.id]);
    for (const key of await keysOf([kept.json.id])) expect(await isStored(key)).toBe(true);
    expect((await patchFolder(user.token, mid, { name: "x" })).status).toBe(404);
  });
});
