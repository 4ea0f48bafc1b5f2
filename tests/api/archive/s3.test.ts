/**
 * The archive with its files in a local S3 server (tests/support/s3-server.ts): multipart and tus uploads
 * land in the bucket, downloads stream back from it, deletes remove the objects, a file cut off at the
 * limit leaves nothing there, and nothing is written under DATA_DIR/files (tus stages under
 * DATA_DIR/uploads/tus until an upload is complete).
 */
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import * as files from "@/app/api/archive/files/[id]/route";
import { archiveLimits } from "@/server/archive/quota";
import { getConfig } from "@/server/config";
import { ARCHIVE_MAX_FILE_BYTES } from "@/lib/schemas/archive";
import { withS3Storage } from "../../support/s3-server";
import { createUser } from "../../support/users";
import { sendUpload, streamedUpload } from "../uploads/support";
import { bytes, createFolder, deleteFolder, download, newProject, uploadFile, versionKeys } from "./support";
import { createUpload, cutOffBody, patchUpload, tus } from "./tus-support";

const s3 = withS3Storage({ prefix: "archive" });

afterEach(() => {
  archiveLimits.maxFileBytes = ARCHIVE_MAX_FILE_BYTES;
});

async function localFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(getConfig().dataDir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

const sha = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("the archive on S3", () => {
  it("stores multipart and tus uploads in the bucket, serves them back, and deletes them from it", async () => {
    const user = await createUser();
    const projectId = await newProject(user.token);
    const folderId = (await createFolder(user.token, projectId, "Fotos")).json.id as number;
    const small = await uploadFile(
      user.token,
      projectId,
      { bytes: bytes("%PDF-1.7 lille"), name: "Tilladelse.pdf", type: "application/pdf" },
      folderId,
    );
    expect(small.status).toBe(201);

    const original = new Uint8Array(randomBytes(12 * 1024 * 1024 + 5));
    const created = await createUpload(user.token, original.byteLength, {
      projectId: String(projectId),
      folderId: String(folderId),
      filename: "Luftfoto.tif",
      filetype: "image/tiff",
    });
    const half = 6 * 1024 * 1024;
    await patchUpload(user.token, created.id!, 0, cutOffBody(original, half));
    const offset = Number((await tus(user.token, "HEAD", { id: created.id! })).headers.get("upload-offset"));
    const done = await patchUpload(user.token, created.id!, offset, original.slice(offset));
    expect(done.status, JSON.stringify(done.json)).toBe(200);

    const keys = await versionKeys();
    expect(keys).toHaveLength(2);
    const inBucket = await s3.server.listKeys();
    for (const key of keys) expect(inBucket).toContain(`archive/${key}`);
    expect(await localFiles("files")).toEqual([]);
    expect(await localFiles("uploads")).toEqual([]);

    const pdf = await download(user.token, small.json.versions[0].fileUrl);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-length")).toBe("14");
    expect(await pdf.text()).toBe("%PDF-1.7 lille");
    const tif = await download(user.token, done.json.versions[0].fileUrl);
    expect(tif.headers.get("content-type")).toBe("image/tiff");
    expect(sha(new Uint8Array(await tif.arrayBuffer()))).toBe(sha(original));

    expect((await deleteFolder(user.token, folderId)).status).toBe(200);
    const after = await s3.server.listKeys();
    for (const key of keys) expect(after).not.toContain(`archive/${key}`);
  });

  it("keeps nothing in the bucket of a multipart file cut off at the largest file", async () => {
    archiveLimits.maxFileBytes = 6 * 1024 * 1024;
    const user = await createUser();
    const projectId = await newProject(user.token);
    const before = await s3.server.listKeys();
    const body = streamedUpload({ size: 20 * 1024 * 1024, name: "stor.bin" });
    const res = await sendUpload(user.token, files.POST, body, { params: { id: String(projectId) } });
    expect(res.status).toBe(413);
    expect(await s3.server.listKeys()).toEqual(before);
    expect(await s3.server.listMultipartUploads()).toEqual([]);
    expect(await localFiles("files")).toEqual([]);
  });
});
