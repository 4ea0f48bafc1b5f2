/**
 * What an export must be to be kept (issue 28, item 4): a PDF that parses without JavaScript, running
 * actions or attached files and without markup at its start, or a JPEG of a sane size; and the quota of
 * stored exports per project owner. The limits are lowered for this file (1 MB a file, 2.5 MB of exports
 * an owner, 3 exports a plan); the code reads them from the same constants.
 */
import { jsPDF } from "jspdf";
import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import * as projectOne from "@/app/api/project/[id]/share/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as exportFile from "@/app/api/exports/[exportId]/file/route";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import type { ExportSettings } from "@/lib/schemas/export";
import type * as ExportHistory from "@/lib/schemas/export-history";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";
import { storedFileCount, text, uploadAs } from "../signs/support";
import { JPG_SETTINGS, sendUpload, streamedUpload } from "../uploads/support";

vi.mock("@/lib/schemas/export-history", async (importOriginal) => ({
  ...(await importOriginal<typeof ExportHistory>()),
  MAX_EXPORT_BYTES: 1024 * 1024,
  EXPORT_QUOTA_BYTES: 2.5 * 1024 * 1024,
  EXPORT_HISTORY_LIMIT: 3,
}));

const PDF_SETTINGS: ExportSettings = { ...JPG_SETTINGS, type: "largeArea", format: "pdf", phases: "both" };
const MB = 1024 * 1024;

async function newPlan(token: string, projectId?: number): Promise<number> {
  const project = projectId ?? (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project } })).json.id as number;
}

function save(token: string, planId: number, bytes: Uint8Array, settings: ExportSettings = PDF_SETTINGS, site?: string) {
  return uploadAs(token, planExports.POST, {
    params: { id: String(planId) },
    file: { bytes, name: settings.format === "pdf" ? "plan.pdf" : "plan.jpg" },
    fields: { settings: JSON.stringify(settings) },
    site,
  });
}

/** A PDF as the editor makes it (jsPDF, with a JPEG and an OpenAction that only sets the view). */
async function editorPdf(): Promise<Uint8Array> {
  const doc = new jsPDF({ orientation: "landscape", format: "a4" });
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a00" } })
    .jpeg()
    .toBuffer();
  doc.addImage(new Uint8Array(jpeg), "JPEG", 10, 10, 40, 30);
  doc.text("Skilteplan Ærøgade", 10, 60);
  doc.setDisplayMode("fullpage");
  return new Uint8Array(doc.output("arraybuffer"));
}

/** A one-page PDF with what `add` puts into it, saved without object streams or with them. */
async function pdfWith(add: (doc: PDFDocument) => Promise<void> | void, useObjectStreams = true): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  await add(doc);
  return doc.save({ useObjectStreams });
}

/** A PDF of `size` bytes: one page, then zeros (which a PDF reader skips). */
async function pdfOfSize(size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  bytes.set(await pdfWith(() => {}));
  return bytes;
}

describe("POST /exports/signplan/{id}: what a PDF must be", () => {
  it("a PDF as the editor makes it is kept as it came", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const bytes = await editorPdf();
    const res = await save(user.token, planId, bytes);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const file = await exportFile.GET(
      new Request(`http://skilteplanen.localhost:3000${res.json.fileUrl}`, { headers: { authorization: `Bearer ${user.token}` } }),
      { params: Promise.resolve({ exportId: String(res.json.id) }) },
    );
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("a PDF with JavaScript, a launch action or an attached file is refused, in Danish and Swedish, and nothing is stored", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const before = await storedFileCount();
    const js = (doc: PDFDocument, code: string) => doc.context.obj({ S: "JavaScript", JS: PDFString.of(code) });
    const cases: Record<string, Uint8Array> = {
      "OpenAction JavaScript": await pdfWith((doc) =>
        doc.catalog.set(PDFName.of("OpenAction"), doc.context.register(js(doc, "app.alert(1)"))),
      ),
      "JavaScript name tree (in an object stream)": await pdfWith((doc) =>
        doc.catalog.set(
          PDFName.of("Names"),
          doc.context.obj({ JavaScript: { Names: [PDFString.of("init"), doc.context.register(js(doc, "app.alert(2)"))] } }),
        ),
      ),
      "page open action": await pdfWith((doc) =>
        doc.getPage(0).node.set(PDFName.of("AA"), doc.context.obj({ O: js(doc, "app.alert(3)") })),
      ),
      "launch link": await pdfWith((doc) => {
        const link = doc.context.obj({
          Type: "Annot",
          Subtype: "Link",
          Rect: [0, 0, 100, 100],
          A: { S: "Launch", F: PDFString.of("calc.exe") },
        });
        doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(link)]));
      }, false),
      "attached file": await pdfWith((doc) =>
        doc.attach(text("<html><script>alert(4)</script></html>"), "evil.html", { mimeType: "text/html" }),
      ),
    };
    for (const [what, bytes] of Object.entries(cases)) {
      const res = await save(user.token, planId, bytes);
      expect(res.status, what).toBe(400);
      expect(res.json.message, what).toBe("PDF-filen indeholder JavaScript, handlinger eller vedhæftede filer og kan ikke gemmes.");
    }
    const sv = await save(user.token, planId, cases["attached file"]!, PDF_SETTINGS, "ta-planen");
    expect(sv.json.message).toBe("PDF-filen innehåller JavaScript, åtgärder eller bifogade filer och kan inte sparas.");
    expect(await storedFileCount()).toBe(before);
  });

  it("HTML after %PDF-, markup at the start of a real PDF, or a PDF without pages is no PDF", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const real = Buffer.from(await pdfWith(() => {}, false)).toString("latin1");
    const cases = {
      "HTML after the header": text("%PDF-1.7\n<html><body><script>fetch('/api/users/me')</script></body></html>\n%%EOF"),
      "HTML in a comment of a real PDF": new Uint8Array(
        Buffer.from(real.replace("%PDF-1.7\n", "%PDF-1.7\n%<html><script>alert(1)</script>\n"), "latin1"),
      ),
      "no pages": text("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
    };
    for (const [what, bytes] of Object.entries(cases)) {
      const res = await save(user.token, planId, bytes);
      expect(res.status, what).toBe(400);
      expect(res.json.message, what).toBe("Filen er ikke en PDF-fil, selvom formatet er PDF.");
    }
  });
});

describe("POST /exports/signplan/{id}: what a JPG must be", () => {
  it("a JPEG whose header claims more than 200 megapixels is refused; one whose header does not read is no JPG", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const jpeg = Buffer.from(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
        .jpeg()
        .toBuffer(),
    );
    // The frame header (SOF0, FF C0): length (2), precision (1), height (2), width (2).
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(30_000, sof + 5);
    jpeg.writeUInt16BE(30_000, sof + 7);
    const huge = await save(user.token, planId, new Uint8Array(jpeg), JPG_SETTINGS);
    expect(huge.status).toBe(413);
    expect(huge.json.message).toBe("JPG-filen er for stor til at blive gemt. Den må højst have 200 megapixel.");
    const broken = await save(
      user.token,
      planId,
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...text("<html><script>alert(1)</script>")]),
      JPG_SETTINGS,
    );
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe("Filen er ikke en JPG-fil, selvom formatet er JPG.");
  });
});

describe("the quota of stored exports per project owner", () => {
  it("an export past the owner's quota is refused in Danish and Swedish, a colleague's export counting for the owner", async () => {
    const owner = await createUser();
    const colleague = await createUser();
    await createOrganisation(owner.id, [colleague.id]);
    const project = (await as(owner.token, projects.POST, { method: "POST", body: { name: "Delt" } })).json.id as number;
    await as(owner.token, projectOne.PUT, { method: "PUT", params: { id: String(project) }, body: { isShared: true } });
    const shared = await newPlan(owner.token, project);
    const own = await newPlan(owner.token);

    expect((await save(owner.token, own, await pdfOfSize(MB))).status).toBe(201);
    expect((await save(colleague.token, shared, await pdfOfSize(MB))).status).toBe(201);
    const before = await storedFileCount();
    const refused = await save(owner.token, own, await pdfOfSize(MB));
    expect(refused.status).toBe(413);
    expect(refused.json.message).toMatch(
      /^Eksporten kan ikke gemmes i historikken: eksporterne af projektejerens planer må højst fylde [\d.]+ GB i alt\./,
    );
    const byColleague = await save(colleague.token, shared, await pdfOfSize(MB), PDF_SETTINGS, "ta-planen");
    expect(byColleague.status).toBe(413);
    expect(byColleague.json.message).toMatch(/^Exporten kan inte sparas i historiken/);
    // What fits is still kept.
    expect((await save(owner.token, own, await pdfOfSize(MB / 4))).status).toBe(201);
    expect(await storedFileCount()).toBe(before + 1);
    // The colleague's own projects are theirs: not counted against the owner.
    expect((await save(colleague.token, await newPlan(colleague.token), await pdfOfSize(MB))).status).toBe(201);
  });

  it("once the quota is used up, a body that declares its length is refused before it is read", async () => {
    const owner = await createUser();
    const planId = await newPlan(owner.token);
    for (let i = 0; i < 2; i++) expect((await save(owner.token, await newPlan(owner.token), await pdfOfSize(MB))).status).toBe(201);
    const body = streamedUpload({ size: MB, fields: { settings: JSON.stringify(PDF_SETTINGS) } });
    const res = await sendUpload(owner.token, planExports.POST, body, { params: { id: String(planId) }, contentLength: true });
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/^Eksporten kan ikke gemmes i historikken/);
    expect(body.pulled()).toBeLessThan(256 * 1024);
  });

  it("a plan at its history limit takes the next export within the quota: the export it removes is not counted", async () => {
    const owner = await createUser();
    const planId = await newPlan(owner.token);
    for (let i = 0; i < 3; i++) expect((await save(owner.token, planId, await pdfOfSize(0.8 * MB))).status).toBe(201);
    // 2.4 MB stored; the fourth replaces the oldest, so 2.4 MB again.
    const fourth = await save(owner.token, planId, await pdfOfSize(0.8 * MB));
    expect(fourth.status, JSON.stringify(fourth.json)).toBe(201);
    expect((await as(owner.token, planExports.GET, { params: { id: String(planId) } })).json).toHaveLength(3);
  });
});
