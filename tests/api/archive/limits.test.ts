/**
 * The archive's limits: the largest file (413 in the user's language, refused on a Content-Length claim
 * before reading and cut off while streaming without one, nothing kept) and the quota per organisation.
 * The limits are lowered for the tests (archiveLimits): nothing near 2 GiB is ever sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as files from "@/app/api/archive/files/[id]/route";
import { archiveLimits } from "@/server/archive/quota";
import { FORM_OVERHEAD_BYTES } from "@/server/api/body";
import { ARCHIVE_MAX_FILE_BYTES, ARCHIVE_QUOTA_BYTES } from "@/lib/schemas/archive";
import { createOrganisation, createUser } from "../../support/users";
import { storedFileCount } from "../signs/support";
import { sendUpload, streamedUpload } from "../uploads/support";
import { bytes, deleteFile, getContents, newProject, uploadFile, versionKeys } from "./support";

const MB = 1024 * 1024;

beforeEach(() => {
  archiveLimits.maxFileBytes = MB;
});
afterEach(() => {
  archiveLimits.maxFileBytes = ARCHIVE_MAX_FILE_BYTES;
  archiveLimits.quotaBytes = ARCHIVE_QUOTA_BYTES;
});

describe("the largest file", () => {
  it("is the documented 2 GiB, and the quota 20 GiB", () => {
    expect(ARCHIVE_MAX_FILE_BYTES).toBe(2 * 1024 ** 3);
    expect(ARCHIVE_QUOTA_BYTES).toBe(20 * 1024 ** 3);
  });

  it("takes a file of exactly the limit", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const body = streamedUpload({ size: MB, name: "præcis.bin" });
    const res = await sendUpload(user.token, files.POST, body, { params: { id: String(projectId) } });
    expect(res.status).toBe(201);
    expect(res.json.versions[0].size).toBe(MB);
  });

  it("refuses a body whose Content-Length is past it before reading it (413, in the user's language)", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const body = streamedUpload({ size: 3 * MB, name: "stor.bin" });
    const res = await sendUpload(user.token, files.POST, body, { params: { id: String(projectId) }, contentLength: true });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: "ARCHIVE_FILE_TOO_LARGE", message: "Filen er for stor. Den må højst fylde 1 MB." });
    expect(body.pulled()).toBeLessThan(256 * 1024);
    const sv = streamedUpload({ size: 3 * MB, name: "stor.bin" });
    const swedish = await sendUpload(user.token, files.POST, sv, {
      params: { id: String(projectId) },
      contentLength: true,
      site: "ta-planen",
    });
    expect(swedish.json.message).toBe("Filen är för stor. Den får vara högst 1 MB.");
  });

  it("cuts off a body without Content-Length at the limit while it streams, and keeps nothing of it", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const before = await storedFileCount();
    const versionsBefore = (await versionKeys()).length;
    const body = streamedUpload({ size: 3 * MB, name: "stor.bin" });
    const res = await sendUpload(user.token, files.POST, body, { params: { id: String(projectId) } });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Filen er for stor. Den må højst fylde 1 MB.");
    expect(body.pulled()).toBeLessThan(MB + FORM_OVERHEAD_BYTES + 256 * 1024);
    expect(await storedFileCount()).toBe(before);
    expect(await versionKeys()).toHaveLength(versionsBefore);
  });
});

describe("the quota", () => {
  it("counts every version of the organisation's projects, whoever owns them, and refuses what would pass it (413)", async () => {
    archiveLimits.quotaBytes = 1000;
    const owner = await createUser();
    const member = await createUser();
    const outsider = await createUser();
    await createOrganisation(owner.id, [member.id]);
    const shared = await newProject(owner.token, { isShared: true });
    const membersOwn = await newProject(member.token);
    const outsiders = await newProject(outsider.token);

    expect((await uploadFile(owner.token, shared, { bytes: new Uint8Array(300), name: "a.bin" })).status).toBe(201);
    expect((await uploadFile(member.token, shared, { bytes: new Uint8Array(300), name: "a.bin" })).status).toBe(201); // a version counts
    expect((await uploadFile(member.token, membersOwn, { bytes: new Uint8Array(300), name: "b.bin" })).status).toBe(201);
    for (const [token, projectId] of [
      [owner.token, shared],
      [member.token, membersOwn],
    ] as const)
      expect((await getContents(token, projectId)).json.usage).toEqual({ usedBytes: 900, quotaBytes: 1000 });

    const before = await storedFileCount();
    const refused = await uploadFile(member.token, membersOwn, { bytes: new Uint8Array(101), name: "c.bin" });
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ code: "ARCHIVE_QUOTA_FULL", usedBytes: 900, quotaBytes: 1000 });
    expect(refused.json.message).toBe(
      "Der er ikke plads til filen i arkivet. Arkiverne må tilsammen højst fylde 1.000 B, og 900 B er brugt. Slet filer eller gamle versioner for at få plads.",
    );
    expect(await storedFileCount()).toBe(before);
    expect((await uploadFile(member.token, membersOwn, { bytes: new Uint8Array(100), name: "c.bin" })).status).toBe(201);

    // Someone outside the organisation has a quota of their own.
    expect((await uploadFile(outsider.token, outsiders, { bytes: new Uint8Array(1000), name: "x.bin" })).status).toBe(201);
    expect((await getContents(outsider.token, outsiders)).json.usage.usedBytes).toBe(1000);

    // Deleting a file gives its space back.
    const file = (await getContents(owner.token, shared)).json.files[0];
    await deleteFile(owner.token, file.id);
    expect((await getContents(owner.token, shared)).json.usage.usedBytes).toBe(400);
  });

  it("is asked again with the real size when a body without Content-Length turns out larger than it fits", async () => {
    archiveLimits.quotaBytes = 200 * 1024;
    const user = await createUser();
    const projectId = await newProject(user.token);
    const before = await storedFileCount();
    const versionsBefore = (await versionKeys()).length;
    const body = streamedUpload({ size: 300 * 1024, name: "for-meget.bin" });
    const res = await sendUpload(user.token, files.POST, body, { params: { id: String(projectId) } });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("ARCHIVE_QUOTA_FULL");
    expect(await storedFileCount()).toBe(before);
    expect(await versionKeys()).toHaveLength(versionsBefore);
    expect((await uploadFile(user.token, projectId, { bytes: bytes("fits"), name: "lille.txt" })).status).toBe(201);
  });
});
