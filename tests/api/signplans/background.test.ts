import { crc32, deflateSync } from "node:zlib";
import {
  PDFDocument,
  PDFName,
  PDFString,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFRef,
} from "pdf-lib";
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

/** A grey image XObject whose dictionary claims `width` × `height` pixels, in a few bytes of Flate data. */
function imageClaiming(doc: PDFDocument, width: number, height: number): PDFRef {
  return doc.context.register(
    doc.context.flateStream(new Uint8Array(64), {
      Type: "XObject",
      Subtype: "Image",
      Width: width,
      Height: height,
      BitsPerComponent: 8,
      ColorSpace: "DeviceGray",
    }),
  );
}

/** Operators that paint XObject `name` over the page. */
const paint = (name: string) => [
  pushGraphicsState(),
  concatTransformationMatrix(500, 0, 0, 500, 50, 50),
  drawObject(name),
  popGraphicsState(),
];

/** An A4 page that draws what `build` adds to it; returns the file's bytes. */
async function pdfDrawing(build: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  build(doc);
  return doc.save();
}

/** The pixel bomb of the security probe: 40,000 × 40,000 pixels (1.6 billion) painted on the page. */
const pixelBomb = () =>
  pdfDrawing((doc) => {
    const page = doc.getPage(0);
    page.node.setXObject(PDFName.of("Bomb"), imageClaiming(doc, 40_000, 40_000));
    page.pushOperators(...paint("Bomb"));
  });

/** A small JPEG whose frame header is rewritten to claim `width` × `height` (at most 65,535 a side). */
async function jpegClaiming(width: number, height: number): Promise<Uint8Array> {
  const jpeg = Buffer.from(await noise("jpeg", 16, 16));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return new Uint8Array(jpeg);
}

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

describe("POST /signplan/{id}/background: images a PDF draws", () => {
  const TOO_MANY_PIXELS = "Billedet er for stort. Det må højst have 100 megapixel.";

  it("the probe's pixel bomb (a 40,000 × 40,000 image on the page) is refused like a raster image, and nothing is stored", async () => {
    const bomb = await pixelBomb();
    expect(bomb.byteLength).toBeLessThan(2_000);
    const res = await uploadBackground({ bytes: bomb, name: "bombe.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(TOO_MANY_PIXELS);
    expect(await storedBackgrounds(res.planId)).toBeNull();
    const sv = await uploadBackground({ bytes: bomb, name: "bomb.pdf", type: "application/pdf" }, "ta-planen");
    expect(sv.status).toBe(413);
    expect(sv.json.message).toBe("Bilden är för stor. Den får ha högst 100 megapixel.");
  });

  it("an image over the limit is found inside a form, a tiling pattern, an annotation's appearance, a soft mask and inline", async () => {
    const cases: [string, (doc: PDFDocument) => void][] = [
      [
        "form",
        (doc) => {
          const form = doc.context.formXObject(paint("Im"), {
            BBox: [0, 0, 1, 1],
            Resources: { XObject: { Im: imageClaiming(doc, 20_000, 20_000) } },
          });
          doc.getPage(0).node.setXObject(PDFName.of("Fm"), doc.context.register(form));
          doc.getPage(0).pushOperators(...paint("Fm"));
        },
      ],
      [
        "pattern",
        (doc) => {
          const pattern = doc.context.contentStream(paint("Im"), {
            Type: "Pattern",
            PatternType: 1,
            PaintType: 1,
            TilingType: 1,
            BBox: [0, 0, 10, 10],
            XStep: 10,
            YStep: 10,
            Resources: { XObject: { Im: imageClaiming(doc, 20_000, 20_000) } },
          });
          doc.getPage(0).node.set(PDFName.of("Resources"), doc.context.obj({ Pattern: { P0: doc.context.register(pattern) } }));
        },
      ],
      [
        "annotation",
        (doc) => {
          const appearance = doc.context.formXObject(paint("Im"), {
            BBox: [0, 0, 1, 1],
            Resources: { XObject: { Im: imageClaiming(doc, 20_000, 20_000) } },
          });
          const annot = doc.context.obj({
            Type: "Annot",
            Subtype: "Square",
            Rect: [0, 0, 100, 100],
            AP: { N: doc.context.register(appearance) },
          });
          doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(annot)]));
        },
      ],
      [
        "soft mask",
        (doc) => {
          const image = doc.context.flateStream(new Uint8Array(64), {
            Type: "XObject",
            Subtype: "Image",
            Width: 8,
            Height: 8,
            BitsPerComponent: 8,
            ColorSpace: "DeviceGray",
            SMask: imageClaiming(doc, 20_000, 20_000),
          });
          doc.getPage(0).node.setXObject(PDFName.of("Im"), doc.context.register(image));
          doc.getPage(0).pushOperators(...paint("Im"));
        },
      ],
      [
        "inline",
        (doc) => {
          const content = Buffer.concat([
            Buffer.from("q 500 0 0 500 50 50 cm BI /W 20000 /H 20000 /BPC 8 /CS /G /F /Fl ID "),
            deflateSync(Buffer.alloc(64)),
            Buffer.from(" EI Q"),
          ]);
          doc.getPage(0).node.addContentStream(doc.context.register(doc.context.flateStream(content)));
        },
      ],
    ];
    for (const [name, build] of cases) {
      const res = await uploadBackground({ bytes: await pdfDrawing(build), name: `${name}.pdf`, type: "application/pdf" });
      expect(res.status, name).toBe(413);
      expect(res.json.message, name).toBe(TOO_MANY_PIXELS);
    }
  });

  it("a JPEG whose own header is larger than its dictionary claims is refused by the header", async () => {
    const jpeg = await jpegClaiming(40_000, 40_000);
    expect((await sharp(jpeg, { limitInputPixels: false }).metadata()).width).toBe(40_000);
    const file = await pdfDrawing((doc) => {
      const image = doc.context.stream(jpeg, {
        Type: "XObject",
        Subtype: "Image",
        Width: 16,
        Height: 16,
        BitsPerComponent: 8,
        ColorSpace: "DeviceRGB",
        Filter: "DCTDecode",
      });
      doc.getPage(0).node.setXObject(PDFName.of("Im"), doc.context.register(image));
      doc.getPage(0).pushOperators(...paint("Im"));
    });
    const res = await uploadBackground({ bytes: file, name: "foto.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(TOO_MANY_PIXELS);
  });

  it("images that each fit but together exceed the limit are refused with their own message", async () => {
    const file = await pdfDrawing((doc) => {
      for (const name of ["A", "B"]) {
        doc.getPage(0).node.setXObject(PDFName.of(name), imageClaiming(doc, 8_000, 7_000));
        doc.getPage(0).pushOperators(...paint(name));
      }
    });
    const res = await uploadBackground({ bytes: file, name: "to.pdf", type: "application/pdf" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Billederne i PDF'en er for store. De må tilsammen højst have 100 megapixel.");
    const sv = await uploadBackground({ bytes: file, name: "två.pdf", type: "application/pdf" }, "ta-planen");
    expect(sv.json.message).toBe("Bilderna i PDF:en är för stora. De får tillsammans ha högst 100 megapixel.");
  });

  it("images listed in resources the pages share count only when the first page draws them", async () => {
    /** Two pages sharing one resource dictionary of two 56-megapixel scans; the first page draws `first`. */
    async function sharedScans(first: string[]): Promise<Uint8Array> {
      const doc = await PDFDocument.create();
      const shared = doc.context.register(
        doc.context.obj({ XObject: { A: imageClaiming(doc, 8_000, 7_000), B: imageClaiming(doc, 8_000, 7_000) } }),
      );
      for (const draws of [first, ["B"]]) {
        const page = doc.addPage([595, 842]);
        page.node.set(PDFName.of("Resources"), shared);
        for (const name of draws) page.pushOperators(...paint(name));
      }
      return doc.save();
    }
    expect((await uploadBackground({ bytes: await sharedScans(["A"]), name: "skannet.pdf", type: "application/pdf" })).status).toBe(200);
    const both = await uploadBackground({ bytes: await sharedScans(["A", "B"]), name: "skannet.pdf", type: "application/pdf" });
    expect(both.status).toBe(413);
    expect(both.json.message).toBe("Billederne i PDF'en er for store. De må tilsammen højst have 100 megapixel.");
    // A comment between the name and the operator still draws the image (pdf.js skips it).
    const commented = await sharedScans(["A"]);
    const doc = await PDFDocument.load(commented);
    doc.getPage(0).node.addContentStream(doc.context.register(doc.context.flateStream("q 10 0 0 10 0 0 cm /B %hidden\nDo Q")));
    expect((await uploadBackground({ bytes: await doc.save(), name: "skannet.pdf", type: "application/pdf" })).status).toBe(413);
  });

  it("a PDF of more than 100,000 objects is refused before it is parsed, counting those packed in object streams", async () => {
    const objects = (count: number) => Array.from({ length: count }, (_, i) => `${i + 1} 0 obj\nnull\nendobj\n`).join("");
    const DA = "PDF'ens første side består af for mange dele til at kunne bruges som baggrund.";
    const many = await uploadBackground({
      bytes: Buffer.from(`%PDF-1.7\n${objects(100_001)}`),
      name: "mange.pdf",
      type: "application/pdf",
    });
    expect(many.status).toBe(413);
    expect(many.json.message).toBe(DA);
    const packed = `%PDF-1.7\n1 0 obj\n<< /Length 0 /N 100000 /Type /ObjStm /First 0 >>\nstream\n\nendstream\nendobj\n${objects(1)}`;
    const sv = await uploadBackground({ bytes: Buffer.from(packed), name: "många.pdf", type: "application/pdf" }, "ta-planen");
    expect(sv.status).toBe(413);
    expect(sv.json.message).toBe("Den första sidan i PDF:en består av för många delar för att kunna användas som bakgrund.");
    // Under the limit the file is parsed, and this one, without pages, is unreadable.
    const few = await uploadBackground({ bytes: Buffer.from(`%PDF-1.7\n${objects(1_000)}`), name: "få.pdf", type: "application/pdf" });
    expect(few.status).toBe(400);
  });

  it("a scan and a photo of 100 megapixels together and forms that refer to each other are still accepted", async () => {
    const png = await noise("png", 40, 30);
    const file = await pdfDrawing((doc) => {
      const page = doc.getPage(0);
      page.node.setXObject(PDFName.of("Scan"), imageClaiming(doc, 10_000, 9_990));
      page.pushOperators(...paint("Scan"));
      // Two forms that draw each other: a cycle pdf.js breaks, which the check must not follow forever.
      const a = doc.context.nextRef();
      const b = doc.context.nextRef();
      doc.context.assign(a, doc.context.formXObject(paint("B"), { BBox: [0, 0, 1, 1], Resources: { XObject: { B: b } } }));
      doc.context.assign(b, doc.context.formXObject(paint("A"), { BBox: [0, 0, 1, 1], Resources: { XObject: { A: a } } }));
      page.node.setXObject(PDFName.of("A"), a);
      page.pushOperators(...paint("A"));
    });
    const withPhoto = await PDFDocument.load(file);
    withPhoto.getPage(0).drawImage(await withPhoto.embedPng(png), { x: 10, y: 10, width: 40, height: 30 });
    const res = await uploadBackground({ bytes: await withPhoto.save(), name: "scan.pdf", type: "application/pdf" });
    expect(res.status).toBe(200);
    expect(res.json.backgroundKind).toBe("pdf");
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
