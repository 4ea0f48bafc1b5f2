import { crc32 } from "node:zlib";
import { PDFDocument, PDFName, PDFString, rgb } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as share from "@/app/api/signplan/[id]/share/route";
import * as publicBackground from "@/app/api/signplan/public/[id]/background/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { MAX_BACKGROUND_AREA_PX } from "@/lib/schemas/signplan";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { uploadAs, type UploadFile } from "../signs/support";

const HTML = "<html><body><script>fetch('/api/users/me').then(r => r.text()).then(alert)</script></body></html>";

async function newPlan() {
  const user = await createUser();
  const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const { json: plan } = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  return { token: user.token, planId: plan.id as number };
}

/** Uploads `file` as the background of a new plan; on success, also what GET /signplan/{id}/background then serves. */
async function uploadBackground(file: UploadFile, site?: string) {
  const { token, planId } = await newPlan();
  const res = await uploadAs(token, background.POST, { params: { id: String(planId) }, file, site });
  if (res.status !== 200) return { ...res, served: null, bytes: null, token, planId };
  const served = await background.GET(new Request("http://x/api", { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ id: String(planId) }),
  });
  return { ...res, served, bytes: new Uint8Array(await served.clone().arrayBuffer()), token, planId };
}

const storedBackgrounds = async (planId: number) =>
  (await (await getDb()).selectFrom("signplans").select("background_key").where("id", "=", planId).executeTakeFirstOrThrow())
    .background_key;

/** An image of noise (so compression cannot hide a lossy re-encoding) in the given format. */
async function noise(format: "png" | "jpeg" | "webp", width = 120, height = 80): Promise<Uint8Array> {
  const pixels = Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251));
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .toFormat(format)
      .toBuffer(),
  );
}

/** The header of a PNG that claims `width` × `height` pixels: the size a decoder would allocate, in a few bytes. */
async function pngClaiming(width: number, height: number): Promise<Uint8Array> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  // IHDR is the first chunk: length (4) at 8, type at 12, width at 16, height at 20, CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

async function pdf(options: { pages?: number; size?: [number, number]; active?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < (options.pages ?? 1); i++) {
    const page = doc.addPage(options.size ?? [842, 595]);
    page.drawRectangle({ x: 100, y: 100, width: 300, height: 200, color: rgb(0.2, 0.4, 0.8) });
  }
  if (options.active) {
    const { context, catalog } = doc;
    const js = (code: string) => context.obj({ S: "JavaScript", JS: PDFString.of(code) });
    catalog.set(PDFName.of("OpenAction"), context.register(js("app.alert('OpenAction')")));
    catalog.set(
      PDFName.of("Names"),
      context.obj({ JavaScript: { Names: [PDFString.of("init"), context.register(js("app.alert('NameTree')"))] } }),
    );
    catalog.set(PDFName.of("AcroForm"), context.obj({ Fields: [], XFA: context.register(context.stream("<xdp:xdp/>")) }));
    await doc.attach(new TextEncoder().encode(HTML), "evil.html", { mimeType: "text/html" });
    const first = doc.getPage(0).node;
    first.set(PDFName.of("AA"), context.obj({ O: js("app.alert('PageOpen')") }));
    const link = context.obj({ Type: "Annot", Subtype: "Link", Rect: [0, 0, 100, 100], A: { S: "Launch", F: PDFString.of("calc.exe") } });
    const file = context.obj({
      Type: "Annot",
      Subtype: "FileAttachment",
      Rect: [100, 0, 120, 20],
      FS: {
        Type: "Filespec",
        F: PDFString.of("payload.html"),
        EF: { F: context.register(context.stream(HTML, { Type: "EmbeddedFile" })) },
      },
    });
    const note = context.obj({ Type: "Annot", Subtype: "Square", Rect: [200, 200, 300, 300], F: 4, AA: { E: js("app.alert('Enter')") } });
    first.set(PDFName.of("Annots"), context.obj([context.register(link), context.register(file), context.register(note)]));
  }
  // Without object streams, so every dictionary of the fixture is plain text in the file.
  return doc.save({ useObjectStreams: false });
}

/** Every object of a PDF as text (pdf-lib unpacks object streams), to look for what must not be there. */
async function pdfObjectsText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .map(([ref, object]) => `${ref.toString()} ${object.toString()}`)
    .join("\n");
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("POST /signplan/{id}/background: images", () => {
  it("PNG, JPEG and WEBP are re-encoded in their own format; PNG stays lossless", async () => {
    for (const [format, type] of [
      ["png", "image/png"],
      ["jpeg", "image/jpeg"],
      ["webp", "image/webp"],
    ] as const) {
      const original = await noise(format);
      const res = await uploadBackground({ bytes: original, name: `plan.${format}`, type: "application/octet-stream" });
      expect(res.status, format).toBe(200);
      expect(res.json.backgroundKind).toBe("image");
      expect(res.served!.headers.get("content-type")).toBe(type);
      const meta = await sharp(res.bytes!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 120, 80]);
      if (format === "png") {
        const pixels = (b: Uint8Array) => sharp(b).removeAlpha().raw().toBuffer();
        expect((await pixels(res.bytes!)).equals(await pixels(original))).toBe(true);
      }
    }
  });

  it("metadata is dropped and EXIF rotation applied", async () => {
    const rotated = new Uint8Array(
      await sharp(await noise("jpeg", 60, 40))
        .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: "<script>alert(1)</script>" } } })
        .jpeg()
        .toBuffer(),
    );
    const res = await uploadBackground({ bytes: rotated, name: "foto.jpg", type: "image/jpeg" });
    expect(res.status).toBe(200);
    const meta = await sharp(res.bytes!).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([40, 60, undefined, undefined]);
    expect(latin1(res.bytes!)).not.toContain("<script");
  });

  it("an image of more than 100 megapixels is refused before it is decoded", async () => {
    const res = await uploadBackground({ bytes: await pngClaiming(20_000, 20_000), name: "kort.png", type: "image/png" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Billedet er for stort. Det må højst have 100 megapixel.");
    const sv = await uploadBackground({ bytes: await pngClaiming(20_000, 20_000), name: "karta.png", type: "image/png" }, "ta-planen");
    expect(sv.json.message).toBe("Bilden är för stor. Den får ha högst 100 megapixel.");
  });

  it("an image larger than any viewer draws is stored scaled down to that, in its proportions", async () => {
    const big = new Uint8Array(
      await sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    const res = await uploadBackground({ bytes: big, name: "scan.png", type: "image/png" });
    expect(res.status).toBe(200);
    const { width = 0, height = 0 } = await sharp(res.bytes!).metadata();
    expect(width * height).toBeLessThanOrEqual(MAX_BACKGROUND_AREA_PX);
    expect(width * height).toBeGreaterThan(MAX_BACKGROUND_AREA_PX * 0.99);
    expect(width / height).toBeCloseTo(1.5, 2);
  });

  it("a PNG/HTML polyglot is stored without its HTML, or refused when the HTML comes first", async () => {
    const image = await noise("png");
    const after = await uploadBackground({ bytes: Buffer.concat([image, Buffer.from(HTML)]), name: "plan.png", type: "image/png" });
    expect(after.status).toBe(200);
    expect(latin1(after.bytes!)).not.toContain("<html");
    expect((await sharp(after.bytes!).metadata()).format).toBe("png");

    const before = await uploadBackground({ bytes: Buffer.concat([Buffer.from(HTML), image]), name: "plan.png", type: "image/png" });
    expect(before.status).toBe(400);
    expect(before.json.message).toBe("Baggrunden skal være et billede (PNG, JPG eller WEBP) eller en PDF.");
  });

  it("a text file named .png, a GIF and a cut-off PNG are refused with a message", async () => {
    const text = await uploadBackground({ bytes: new TextEncoder().encode("just text"), name: "plan.png", type: "image/png" });
    expect(text.status).toBe(400);
    expect(text.json.message).toBe("Baggrunden skal være et billede (PNG, JPG eller WEBP) eller en PDF.");
    const gif = await sharp({ create: { width: 5, height: 5, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await uploadBackground({ bytes: gif, name: "plan.png", type: "image/png" }, "ta-planen")).json.message).toBe(
      "Bakgrunden ska vara en bild (PNG, JPG eller WEBP) eller en PDF.",
    );
    const png = await noise("png", 200, 150);
    const cut = await uploadBackground({ bytes: png.subarray(0, Math.floor(png.length / 2)), name: "plan.png", type: "image/png" });
    expect(cut.status).toBe(400);
    expect(cut.json.message).toBe("Filen kunne ikke læses. Den er måske beskadiget eller ufuldstændig.");
  });
});

describe("POST /signplan/{id}/background: PDF", () => {
  it("a PDF is stored as its first page, of the same size, without actions, scripts or attached files", async () => {
    const original = await pdf({ pages: 3, active: true });
    // The fixture does carry all of it.
    for (const needle of ["OpenAction", "NameTree", "PageOpen", "calc.exe", "payload.html", "evil.html", "XFA", "<script"])
      expect(latin1(original), needle).toContain(needle);

    const res = await uploadBackground({ bytes: original, name: "tegning.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
    expect(res.json.backgroundKind).toBe("pdf");
    expect(res.served!.headers.get("content-type")).toBe("application/pdf");
    const stored = await PDFDocument.load(res.bytes!);
    expect(stored.getPageCount()).toBe(1);
    expect(stored.getPage(0).getSize()).toEqual({ width: 842, height: 595 });
    expect(stored.catalog.keys().map(String).sort()).toEqual(["/Pages", "/Type"]);
    const text = await pdfObjectsText(res.bytes!);
    for (const needle of ["JavaScript", "app.alert", "Launch", "calc.exe", "EmbeddedFile", "FileAttachment", "html", "XFA", "/AA"])
      expect(text, needle).not.toContain(needle);
    // The drawing and the harmless annotation are still there.
    expect(text).toContain("/Subtype /Square");
    expect(text).toMatch(/\/Contents \[ \d+ 0 R \]/);
  });

  it("a PDF/HTML polyglot is stored without the HTML, or refused when the HTML comes first", async () => {
    const file = await pdf();
    const after = await uploadBackground({ bytes: Buffer.concat([file, Buffer.from(HTML)]), name: "plan.pdf", type: "application/pdf" });
    expect(after.status).toBe(200);
    expect(latin1(after.bytes!)).not.toMatch(/<html|<script/);
    expect((await PDFDocument.load(after.bytes!)).getPageCount()).toBe(1);

    const before = await uploadBackground({ bytes: Buffer.concat([Buffer.from(HTML), file]), name: "plan.pdf", type: "application/pdf" });
    expect(before.status).toBe(400);
    expect(before.json.message).toBe("Baggrunden skal være et billede (PNG, JPG eller WEBP) eller en PDF.");
  });

  it("an encrypted, an unreadable, a too long PDF and one with a page larger than 200 inches are refused with a message", async () => {
    const plain = latin1(await pdf());
    const root = /\/Root (\d+ \d+ R)/.exec(plain)![1];
    // An update that adds the standard security handler, as a password-protected file has.
    const encrypted = `${plain}\n99 0 obj\n<< /Filter /Standard /V 1 /R 2 /P -4 /O <00> /U <00> >>\nendobj\ntrailer\n<< /Size 100 /Root ${root} /Encrypt 99 0 R >>\n%%EOF\n`;
    const locked = await uploadBackground({ bytes: Buffer.from(encrypted, "latin1"), name: "låst.pdf", type: "application/pdf" });
    expect(locked.status).toBe(400);
    expect(locked.json.message).toBe("PDF'en er krypteret eller beskyttet med adgangskode. Gem den uden beskyttelse, og prøv igen.");

    const broken = await uploadBackground({
      bytes: new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n"),
      name: "plan.pdf",
      type: "application/pdf",
    });
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe("Filen kunne ikke læses. Den er måske beskadiget eller ufuldstændig.");

    const long = await uploadBackground({ bytes: await pdf({ pages: 101 }), name: "rapport.pdf" }, "ta-planen");
    expect(long.status).toBe(413);
    expect(long.json.message).toBe("PDF:en har för många sidor. Den får ha högst 100 sidor, och bara den första används som bakgrund.");

    const huge = await uploadBackground({ bytes: await pdf({ size: [14_401, 500] }), name: "plan.pdf" });
    expect(huge.status).toBe(400);
    expect(huge.json.message).toBe("Den første side i PDF'en har en ugyldig størrelse. En side må højst være 5,08 m på den længste led.");
    expect((await uploadBackground({ bytes: await pdf({ size: [14_400, 500] }), name: "plan.pdf" })).status).toBe(200);
  });

  it("a refused file leaves the plan without a background, so a good one can follow", async () => {
    const { token, planId } = await newPlan();
    const refused = await uploadAs(token, background.POST, {
      params: { id: String(planId) },
      file: { bytes: await pngClaiming(20_000, 20_000), name: "a.png" },
    });
    expect(refused.status).toBe(413);
    expect(await storedBackgrounds(planId)).toBeNull();
    const ok = await uploadAs(token, background.POST, { params: { id: String(planId) }, file: { bytes: await pdf(), name: "a.pdf" } });
    expect(ok.status).toBe(200);
  });
});

describe("GET /signplan/{id}/background and /signplan/public/{id}/background", () => {
  it("serve the file with its type, nosniff, a sandboxing CSP and an inline file name", async () => {
    const res = await uploadBackground({ bytes: await noise("png"), name: "<x>.html", type: "text/html" });
    const expected = {
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "content-disposition": `inline; filename="background_${res.planId}.png"`,
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, res.served!.headers.get(name)]))).toEqual(expected);

    const { json: link } = await as(res.token!, share.POST, { method: "POST", params: { id: String(res.planId) } });
    const shared = await publicBackground.GET(new Request("http://x/api", { headers: { authorization: `Bearer ${link.token}` } }), {
      params: Promise.resolve({ id: String(res.planId) }),
    });
    expect(shared.status).toBe(200);
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, shared.headers.get(name)]))).toEqual(expected);
  });
});
