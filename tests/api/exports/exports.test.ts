/**
 * The export history: POST and GET /exports/signplan/{id}, GET /exports/{exportId}/file. The limits are
 * lowered for this file (1 MB a file, 3 exports a plan) so that the rules are tested without uploading
 * 150 MB or 50 files; the code reads them from the same constants.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as projectOne from "@/app/api/project/[id]/share/route";
import * as projects from "@/app/api/project/route";
import * as planOne from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import * as exportFile from "@/app/api/exports/[exportId]/file/route";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import { purgeTrash } from "@/server/signplans/service";
import { DEFAULT_SIGN_SIZE_MM, type ExportDto, type ExportSettings } from "@/lib/schemas/export";
import type * as ExportHistory from "@/lib/schemas/export-history";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { jpeg, storedFileCount, text, uploadAs, type UploadFile } from "../signs/support";

vi.mock("@/lib/schemas/export-history", async (importOriginal) => ({
  ...(await importOriginal<typeof ExportHistory>()),
  MAX_EXPORT_BYTES: 1024 * 1024,
  EXPORT_HISTORY_LIMIT: 3,
}));

const SETTINGS: ExportSettings = {
  type: "largeArea",
  format: "pdf",
  paperSize: "A3",
  landscape: true,
  scale: 500,
  dpi: 300,
  signSizeMm: 10,
  center: [10.38551, 55.40178],
  rotation: 30,
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
  description: "Spærring af højre spor i dagtimerne.",
};

/** A small PDF of one empty page (the server parses it); `tag` makes each one's bytes its own. */
const pdfBytes = (tag = "x") =>
  text(
    `%PDF-1.7\n% ${tag}\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n` +
      `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

const p = (id: number) => ({ params: { id: String(id) } });

async function newPlan(token: string, projectId?: number): Promise<number> {
  const project = projectId ?? (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan Ærøgade", project_id: project } })).json.id as number;
}

/** Saves an export; `settings` null sends none. */
function save(token: string | null, planId: number, file: UploadFile | undefined, settings: unknown = SETTINGS, site?: string) {
  return uploadAs(token, planExports.POST, {
    ...p(planId),
    file,
    fields: settings === null ? {} : { settings: typeof settings === "string" ? settings : JSON.stringify(settings) },
    site,
  });
}

function download(token: string | null, url: string): Promise<Response> {
  const match = /^\/api\/exports\/(\d+)\/file$/.exec(url);
  if (!match) throw new Error(`not an export file URL: ${url}`);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return exportFile.GET(new Request(`http://skilteplanen.localhost:3000${url}`, { headers }), {
    params: Promise.resolve({ exportId: match[1]! }),
  });
}

describe("POST /exports/signplan/{id}", () => {
  it("stores a PDF with its settings: 201, listed, and downloaded as the same bytes under its name", async () => {
    const user = await createUser({ name: "Karen Entreprenør" });
    const planId = await newPlan(user.token);
    const bytes = pdfBytes("first");
    const res = await save(user.token, planId, { bytes, name: "Skilteplan Ærøgade.pdf", type: "application/pdf" });
    expect(res.status).toBe(201);
    const dto = res.json as ExportDto;
    expect(dto).toMatchObject({
      signplanId: planId,
      createdBy: "Karen Entreprenør",
      settings: SETTINGS,
      fileName: "Skilteplan Ærøgade.pdf",
      fileSize: bytes.byteLength,
      fileUrl: `/api/exports/${dto.id}/file`,
    });
    expect(Date.parse(dto.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const list = await as(user.token, planExports.GET, p(planId));
    expect(list.status).toBe(200);
    expect(list.json).toEqual([dto]);

    const file = await download(user.token, dto.fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Skilteplan__r_gade\.pdf"; filename\*=UTF-8''Skilteplan%20%C3%86r%C3%B8gade\.pdf$/,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("stores a JPG; the name gets the format's extension, and the plan's name when it has no stem", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const bytes = await jpeg(64, 48);
    const settings = { ...SETTINGS, format: "jpg", type: "screenshot", phases: "inactive" };
    const named = await save(user.token, planId, { bytes, name: "../../etc/plan.png" }, settings);
    expect(named.status).toBe(201);
    expect(named.json.fileName).toBe("plan.jpg");
    const unnamed = await save(user.token, planId, { bytes, name: ".jpg" }, settings);
    expect(unnamed.status).toBe(201);
    expect(unnamed.json.fileName).toBe("Plan Ærøgade.jpg");
    const file = await download(user.token, unnamed.json.fileUrl);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    // Newest first.
    expect((await as(user.token, planExports.GET, p(planId))).json.map((e: ExportDto) => e.id)).toEqual([unnamed.json.id, named.json.id]);
  });

  it("refuses settings that are missing, not JSON or invalid, naming the problem in the user's language", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const file = { bytes: pdfBytes(), name: "plan.pdf" };
    const before = await storedFileCount();
    for (const settings of [
      null,
      "{not json",
      JSON.stringify({ ...SETTINGS, paperSize: "A5" }),
      JSON.stringify({ ...SETTINGS, dpi: 72 }),
      JSON.stringify({ ...SETTINGS, signSizeMm: 7 }),
      JSON.stringify({ ...SETTINGS, phases: "night" }),
      // A JPG is one picture: it cannot hold a page per phase.
      JSON.stringify({ ...SETTINGS, format: "jpg", phases: "both" }),
    ]) {
      const res = await save(user.token, planId, file, settings);
      expect(res.status, String(settings)).toBe(400);
      expect(res.json.message).toBe("Eksportens indstillinger er ugyldige.");
    }
    const long = await save(user.token, planId, file, { ...SETTINGS, description: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ message: "Beskrivelsen er for lang (højst 500 tegn).", field: "settings.description" });
    const name = await save(user.token, planId, file, { ...SETTINGS, projectName: "x".repeat(201) }, "ta-planen");
    expect(name.json).toMatchObject({ message: "Texten är för lång (högst 200 tecken).", field: "settings.projectName" });
    expect(await storedFileCount()).toBe(before);
    expect((await as(user.token, planExports.GET, p(planId))).json).toEqual([]);
  });

  it("reads the settings of an export made before phases, sign sizes and PDF/A existed as the whole plan, default signs, not PDF/A", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const { phases: _phases, signSizeMm: _signSizeMm, pdfA: _pdfA, ...before } = SETTINGS;
    const res = await save(user.token, planId, { bytes: pdfBytes(), name: "plan.pdf" }, before);
    expect(res.status).toBe(201);
    expect(res.json.settings).toEqual({ ...SETTINGS, phases: "all", signSizeMm: DEFAULT_SIGN_SIZE_MM, pdfA: false });
  });

  it("refuses a file that is not what the format says, and a missing or empty one", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const before = await storedFileCount();
    const jpg = await jpeg();
    const cases: [UploadFile | undefined, unknown, string][] = [
      [{ bytes: jpg, name: "plan.pdf", type: "application/pdf" }, SETTINGS, "Filen er ikke en PDF-fil, selvom formatet er PDF."],
      [
        { bytes: pdfBytes(), name: "plan.jpg", type: "image/jpeg" },
        { ...SETTINGS, format: "jpg", phases: "active" },
        "Filen er ikke en JPG-fil, selvom formatet er JPG.",
      ],
      [
        { bytes: text("<html><script>alert(1)</script>%PDF-"), name: "plan.pdf" },
        SETTINGS,
        "Filen er ikke en PDF-fil, selvom formatet er PDF.",
      ],
      [undefined, SETTINGS, "Eksportens fil mangler."],
      [{ bytes: new Uint8Array(), name: "plan.pdf" }, SETTINGS, "Eksportens fil mangler."],
    ];
    for (const [file, settings, message] of cases) {
      const res = await save(user.token, planId, file, settings);
      expect(res.status, message).toBe(400);
      expect(res.json.message).toBe(message);
    }
    const swedish = await save(user.token, planId, { bytes: jpg, name: "plan.pdf" }, SETTINGS, "ta-planen");
    expect(swedish.json.message).toBe("Filen är inte en PDF-fil, trots att formatet är PDF.");
    expect(await storedFileCount()).toBe(before);
  });

  it("refuses a file over the limit with 413, storing nothing", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const before = await storedFileCount();
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(pdfBytes());
    const res = await save(user.token, planId, { bytes: big, name: "plan.pdf" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Eksporten er for stor til at blive gemt. Den må højst fylde 1 MB.");
    // A body far past the limit is cut off while it is read.
    const huge = await save(user.token, planId, { bytes: new Uint8Array(3 * 1024 * 1024), name: "plan.pdf" });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe("Eksporten er for stor til at blive gemt. Den må højst fylde 1 MB.");
    // Just under the limit is fine.
    const fits = await save(user.token, planId, { bytes: big.subarray(0, 1024 * 1024), name: "plan.pdf" });
    expect(fits.status).toBe(201);
    expect(await storedFileCount()).toBe(before + 1);
  });

  it("keeps the newest exports of a plan and removes older ones with their files", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const otherPlan = await newPlan(user.token);
    const other = await save(user.token, otherPlan, { bytes: pdfBytes("other"), name: "other.pdf" });
    const before = await storedFileCount();
    const saved: ExportDto[] = [];
    for (let i = 0; i < 5; i++) saved.push((await save(user.token, planId, { bytes: pdfBytes(`n${i}`), name: `plan ${i}.pdf` })).json);
    const list = (await as(user.token, planExports.GET, p(planId))).json as ExportDto[];
    expect(list.map((e) => e.fileName)).toEqual(["plan 4.pdf", "plan 3.pdf", "plan 2.pdf"]);
    expect(await storedFileCount()).toBe(before + 3);
    expect((await download(user.token, saved[0]!.fileUrl)).status).toBe(404);
    expect((await download(user.token, saved[4]!.fileUrl)).status).toBe(200);
    // Another plan's history is its own.
    expect((await download(user.token, other.json.fileUrl)).status).toBe(200);
  });

  it("removes the files when the plan is purged from the trash", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const saved = (await save(user.token, planId, { bytes: pdfBytes(), name: "plan.pdf" })).json as ExportDto;
    const before = await storedFileCount();
    await as(user.token, planOne.DELETE, { method: "DELETE", ...p(planId) });
    // In the trash the history is still there (the plan can be restored).
    expect((await download(user.token, saved.fileUrl)).status).toBe(200);
    await purgeTrash(new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await storedFileCount()).toBe(before - 1);
    expect((await download(user.token, saved.fileUrl)).status).toBe(404);
  });
});

describe("who may save, list and download a plan's exports", () => {
  let owner = { token: "", id: 0 };
  let colleague = "";
  let stranger = "";
  let otherOrganisation = "";
  let privatePlan = 0;
  let sharedPlan = 0;
  let privateExport: ExportDto;
  let sharedExport: ExportDto;

  beforeAll(async () => {
    const o = await createUser();
    const c = await createUser({ name: "Kollega" });
    const s = await createUser();
    const rival = await createUser();
    const rivalMember = await createUser();
    await createOrganisation(o.id, [c.id]);
    await createOrganisation(rival.id, [rivalMember.id]);
    owner = { token: o.token, id: o.id };
    colleague = c.token;
    stranger = s.token;
    otherOrganisation = rivalMember.token;
    privatePlan = await newPlan(o.token);
    const project = (await as(o.token, projects.POST, { method: "POST", body: { name: "Delt" } })).json.id as number;
    await as(o.token, projectOne.PUT, { method: "PUT", params: { id: String(project) }, body: { isShared: true } });
    sharedPlan = await newPlan(o.token, project);
    privateExport = (await save(o.token, privatePlan, { bytes: pdfBytes(), name: "p.pdf" })).json;
    sharedExport = (await save(o.token, sharedPlan, { bytes: pdfBytes(), name: "s.pdf" })).json;
  });

  it("anonymous callers get 401", async () => {
    expect((await save(null, privatePlan, { bytes: pdfBytes(), name: "x.pdf" })).status).toBe(401);
    expect((await as(null, planExports.GET, p(privatePlan))).status).toBe(401);
    expect((await download(null, privateExport.fileUrl)).status).toBe(401);
  });

  it("anyone who cannot open the plan gets 404, as for the plan itself, and stores nothing", async () => {
    for (const token of [stranger, otherOrganisation, colleague]) {
      const res = await save(token, privatePlan, { bytes: pdfBytes(), name: "x.pdf" });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe("Planen findes ikke.");
      expect((await as(token, planExports.GET, p(privatePlan))).status).toBe(404);
      const file = await download(token, privateExport.fileUrl);
      expect(file.status).toBe(404);
      expect(((await file.json()) as { message: string }).message).toBe("Eksporten findes ikke.");
    }
    for (const token of [stranger, otherOrganisation]) {
      expect((await save(token, sharedPlan, { bytes: pdfBytes(), name: "x.pdf" })).status).toBe(404);
      expect((await download(token, sharedExport.fileUrl)).status).toBe(404);
    }
    expect((await as(owner.token, planExports.GET, p(privatePlan))).json).toHaveLength(1);
    expect((await as(owner.token, planExports.GET, p(sharedPlan))).json).toHaveLength(1);
  });

  it("members of the organisation a project is shared with save, list and download its plans' exports", async () => {
    const res = await save(colleague, sharedPlan, { bytes: pdfBytes("colleague"), name: "kollega.pdf" });
    expect(res.status).toBe(201);
    expect(res.json.createdBy).toBe("Kollega");
    const list = (await as(colleague, planExports.GET, p(sharedPlan))).json as ExportDto[];
    expect(list.map((e) => e.fileName)).toEqual(["kollega.pdf", "s.pdf"]);
    expect((await download(colleague, sharedExport.fileUrl)).status).toBe(200);
    expect((await download(owner.token, res.json.fileUrl)).status).toBe(200);
  });

  it("an unknown plan or export is 404; an id that is no id is 400", async () => {
    expect((await as(owner.token, planExports.GET, p(2_000_000_000))).status).toBe(404);
    expect((await download(owner.token, "/api/exports/2000000000/file")).status).toBe(404);
    expect((await as(owner.token, planExports.GET, { params: { id: "1e3" } })).status).toBe(400);
  });
});
