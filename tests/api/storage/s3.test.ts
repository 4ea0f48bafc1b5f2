/**
 * The upload routes that exist before the archive, run with the files in a local S3 server
 * (tests/support/s3-server.ts): each stores in the bucket, serves the file back from it, and writes
 * nothing under DATA_DIR/files (DATA_DIR/uploads holds a form's file only while its request runs).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as exportFile from "@/app/api/exports/[exportId]/file/route";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import * as personalSigns from "@/app/api/personal-signs/route";
import * as signImages from "@/app/api/sign-images/[key]/[file]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import type { ExportSettings } from "@/lib/schemas/export";
import { getConfig } from "@/server/config";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { withS3Storage } from "../../support/s3-server";
import { createUser } from "../../support/users";
import { fetchSignImage, png, text, uploadAs } from "../signs/support";

vi.mock("@/lib/signs/dk", async (real) => (await import("../signs/test-catalogue")).withTestSigns(await real()));

const s3 = withS3Storage({ prefix: "plans" });

/** What is on the local disk under DATA_DIR besides the database: files and uploads' temporary folders. */
async function localFiles(): Promise<string[]> {
  const { dataDir } = getConfig();
  const found: string[] = [];
  for (const folder of ["files", "uploads"]) {
    const entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    found.push(...entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)));
  }
  return found;
}

async function newPlan(token: string): Promise<number> {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const { json: plan } = await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  return plan.id as number;
}

const SETTINGS: ExportSettings = {
  type: "largeArea",
  format: "pdf",
  paperSize: "A3",
  landscape: true,
  scale: 500,
  dpi: 300,
  signSizeMm: 10,
  center: [10.38551, 55.40178],
  rotation: 0,
  coordinates: true,
  northArrow: true,
  showScale: true,
  pipeSpecifications: false,
  companyLogo: false,
  phases: "both",
  signInventory: true,
  pdfA: true,
  projectName: "Vejarbejde Vestergade",
  projectAddress: "Vestergade 12, 5000 Odense C",
  description: "",
};

const onePagePdf = () =>
  text(
    `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

describe("uploads with S3 storage", () => {
  it("POST /signplan/{id}/background stores the image in the bucket and GET serves it from there", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const image = await png(120, 80);
    const res = await uploadAs(user.token, background.POST, { params: { id: String(planId) }, file: { bytes: image, name: "plan.png" } });
    expect(res.status).toBe(200);

    const { background_key } = await (
      await getDb()
    )
      .selectFrom("signplans")
      .select("background_key")
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    expect(await s3.server.listKeys()).toContain(`plans/${background_key}`);

    const served = await background.GET(new Request("http://x/api", { headers: { authorization: `Bearer ${user.token}` } }), {
      params: Promise.resolve({ id: String(planId) }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 120, 80]);
    expect(await localFiles()).toEqual([]);
  });

  it("POST /personal-signs stores the sign's image in the bucket and the image route serves it", async () => {
    const user = await createUser();
    const res = await uploadAs(user.token, personalSigns.POST, {
      file: { bytes: await png(64, 32), name: "skilt.png", type: "image/png" },
      fields: { name: "Mit skilt" },
    });
    expect(res.status).toBe(201);
    const image = await fetchSignImage(signImages.GET, res.json.gallery_image_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 64, height: 32 });
    expect(await localFiles()).toEqual([]);
  });

  it("POST /exports/signplan/{id} streams the form's file to the bucket (putFile) and the download reads it back", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const bytes = onePagePdf();
    const keysBefore = await s3.server.listKeys();
    const res = await uploadAs(user.token, planExports.POST, {
      params: { id: String(planId) },
      file: { bytes, name: "Skilteplan.pdf", type: "application/pdf" },
      fields: { settings: JSON.stringify(SETTINGS) },
    });
    expect(res.status).toBe(201);
    expect((await s3.server.listKeys()).length).toBe(keysBefore.length + 1);

    const file = await exportFile.GET(
      new Request(`http://skilteplanen.localhost:3000${res.json.fileUrl}`, { headers: { authorization: `Bearer ${user.token}` } }),
      { params: Promise.resolve({ exportId: String(res.json.id) }) },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(await localFiles()).toEqual([]);
  });
});
