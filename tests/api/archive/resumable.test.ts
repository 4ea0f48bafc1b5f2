/**
 * Resumable uploads (tus 1.0.0) at /api/archive/uploads: a PATCH cut off half-way (the request stream
 * errors as a dropped connection makes it), the offset asked with HEAD, the rest sent from there, and the
 * stored file is the original byte for byte. And the checks every tus request passes.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { archiveLimits } from "@/server/archive/quota";
import { cleanUpStagedUploads, tusStagingDir, TUS_EXPIRY_MS } from "@/server/archive/tus";
import { createUser } from "../../support/users";
import { endTrial } from "../billing/support";
import { createFolder, download, getContents, newProject } from "./support";
import { createUpload, cutOffBody, patchUpload, tus } from "./tus-support";

const sha = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("a resumable upload", () => {
  it("resumes from the offset the server has after a PATCH cut off half-way, and stores the original bytes", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const folderId = (await createFolder(user.token, projectId, "Fotos")).json.id as number;
    const original = new Uint8Array(randomBytes(3 * 1024 * 1024 + 123));
    const created = await createUpload(user.token, original.byteLength, {
      projectId: String(projectId),
      folderId: String(folderId),
      filename: "Luftfoto Ærøgade.tif",
      filetype: "image/tiff",
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/api/archive/uploads/${created.id}`);
    // Same origin only: no CORS header invites another site's script.
    expect(created.headers.get("access-control-allow-origin")).toBeNull();
    const id = created.id!;

    const half = Math.floor(original.byteLength / 2);
    const cut = await patchUpload(user.token, id, 0, cutOffBody(original, half));
    expect(cut.status).toBeGreaterThanOrEqual(400); // nobody reads it: the connection is gone

    const head = await tus(user.token, "HEAD", { id });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    expect(head.headers.get("upload-length")).toBe(String(original.byteLength));
    expect((await getContents(user.token, projectId)).json.files).toEqual([]);

    // A PATCH from a stale offset is refused without changing anything.
    const stale = await patchUpload(user.token, id, 0, original.slice(0, 10));
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe("Overførslen er kommet ud af trit med serveren. Prøv igen.");

    const done = await patchUpload(user.token, id, offset, original.slice(offset));
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ name: "Luftfoto Ærøgade.tif", folderId });
    expect(done.json.versions[0]).toMatchObject({ size: original.byteLength, contentType: "image/tiff" });

    const got = await download(user.token, done.json.versions[0].fileUrl);
    expect(sha(new Uint8Array(await got.arrayBuffer()))).toBe(sha(original));
    expect((await getContents(user.token, projectId)).json.usage.usedBytes).toBe(original.byteLength);
    // The staging is empty again: the file was moved into storage and its metadata removed.
    expect((await readdir(tusStagingDir())).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await tus(user.token, "HEAD", { id })).status).toBe(404);
  });

  it("adds a version to a file of the same name, as a multipart upload does, in chunks", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const ids: number[] = [];
    for (const text of ["first version", "second, longer version"]) {
      const data = new TextEncoder().encode(text);
      const created = await createUpload(user.token, data.byteLength, { projectId: String(projectId), filename: "Referat.docx" });
      expect((await patchUpload(user.token, created.id!, 0, data.slice(0, 5))).status).toBe(204);
      const done = await patchUpload(user.token, created.id!, 5, data.slice(5));
      expect(done.status).toBe(200);
      ids.push(done.json.id);
      expect(done.json.versions[0].size).toBe(data.byteLength);
    }
    expect(ids[0]).toBe(ids[1]);
    const listed = await getContents(user.token, projectId);
    expect(listed.json.files[0].versions.map((v: { size: number }) => v.size)).toEqual([22, 13]);
    expect(listed.json.files[0].versions[0].contentType).toBe("application/octet-stream");
  });

  it("belongs to the user who began it: anyone else's HEAD, PATCH and DELETE are 404, an anonymous one 401", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const projectId = await newProject(owner.token);
    const created = await createUpload(owner.token, 10, { projectId: String(projectId), filename: "a.txt" });
    const id = created.id!;
    for (const method of ["HEAD", "DELETE"] as const) expect((await tus(stranger.token, method, { id })).status).toBe(404);
    const patched = await patchUpload(stranger.token, id, 0, new Uint8Array(10));
    expect(patched.status).toBe(404);
    expect(patched.json.message).toBe("Overførslen findes ikke længere. Start den forfra.");
    expect((await tus(null, "HEAD", { id })).status).toBe(401);
    expect((await patchUpload(null, id, 0, new Uint8Array(10))).status).toBe(401);
    expect(Number((await tus(owner.token, "HEAD", { id })).headers.get("upload-offset"))).toBe(0);
    // The client cannot name another owner: the server writes the caller's id into the metadata.
    const forged = await createUpload(stranger.token, 10, { projectId: String(projectId), filename: "a.txt", userId: String(owner.id) });
    expect(forged.status).toBe(404);
    expect((await tus(owner.token, "DELETE", { id })).status).toBe(204);
    expect((await tus(owner.token, "HEAD", { id })).status).toBe(404);
  });

  it("is refused before anything is staged: a project or folder of another, no length, past the largest file, past the quota", async () => {
    const user = await createUser();
    const other = await createUser();
    const projectId = await newProject(user.token);
    const theirs = await newProject(other.token);
    const theirFolder = (await createFolder(other.token, theirs, "X")).json.id as number;
    expect((await createUpload(user.token, 10, { projectId: String(theirs), filename: "a" })).status).toBe(404);
    expect(
      (await createUpload(user.token, 10, { projectId: String(projectId), folderId: String(theirFolder), filename: "a" })).status,
    ).toBe(404);
    const noLength = await tus(user.token, "POST", { headers: { "upload-defer-length": "1" } });
    expect(noLength.status).toBe(400);
    expect(noLength.json.message).toBe("Filens størrelse skal oplyses, når overførslen startes (Upload-Length).");
    const noProject = await createUpload(user.token, 10, { filename: "a" });
    expect(noProject.status).toBe(400);

    const tooLarge = await createUpload(user.token, archiveLimits.maxFileBytes + 1, { projectId: String(projectId), filename: "a" });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json).toMatchObject({ code: "ARCHIVE_FILE_TOO_LARGE", message: "Filen er for stor. Den må højst fylde 2 GB." });
    const sv = await createUpload(user.token, archiveLimits.maxFileBytes + 1, { projectId: String(projectId), filename: "a" }, "ta-planen");
    expect(sv.json.message).toBe("Filen är för stor. Den får vara högst 2 GB.");

    const quota = archiveLimits.quotaBytes;
    archiveLimits.quotaBytes = 100;
    try {
      const full = await createUpload(user.token, 101, { projectId: String(projectId), filename: "a" });
      expect(full.status).toBe(413);
      expect(full.json).toMatchObject({ code: "ARCHIVE_QUOTA_FULL", usedBytes: 0, quotaBytes: 100 });
      expect(full.json.message).toBe(
        "Der er ikke plads til filen i arkivet. Arkiverne må tilsammen højst fylde 100 B, og 0 B er brugt. Slet filer eller gamle versioner for at få plads.",
      );
    } finally {
      archiveLimits.quotaBytes = quota;
    }
    expect((await readdir(tusStagingDir()).catch(() => [])).length).toBe(0);
  });

  it("is refused with 402 for a blocked user's POST and PATCH, while HEAD still answers", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const created = await createUpload(user.token, 10, { projectId: String(projectId), filename: "a.txt" });
    await endTrial(user.id);
    const post = await createUpload(user.token, 10, { projectId: String(projectId), filename: "b.txt" });
    expect(post.status).toBe(402);
    expect(post.json.code).toBe("ACCOUNT_BLOCKED");
    expect((await patchUpload(user.token, created.id!, 0, new Uint8Array(10))).status).toBe(402);
    expect((await tus(user.token, "HEAD", { id: created.id! })).status).toBe(200);
  });

  it("answers a request without Tus-Resumable with a message, as every 4xx", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const created = await createUpload(user.token, 10, { projectId: String(projectId), filename: "a.txt" });
    const res = await tus(user.token, "PATCH", { id: created.id!, headers: { "tus-resumable": "" }, body: new Uint8Array(1) });
    expect(res.status).toBe(412);
    expect(res.json.message).toBe("Forespørgslen følger ikke protokollen for genoptagelige overførsler (tus 1.0.0).");
  });

  it("is removed from the staging when abandoned for a day", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const created = await createUpload(user.token, 10, { projectId: String(projectId), filename: "a.txt" });
    expect(await cleanUpStagedUploads()).toBe(0);
    // This one and those the tests above left unfinished.
    expect(await cleanUpStagedUploads(Date.now() + TUS_EXPIRY_MS + 1000)).toBeGreaterThanOrEqual(1);
    expect(await readdir(tusStagingDir())).toEqual([]);
    expect((await readdir(tusStagingDir())).filter((name) => name.startsWith(created.id!))).toEqual([]);
    expect((await tus(user.token, "HEAD", { id: created.id! })).status).toBe(404);
  });
});
