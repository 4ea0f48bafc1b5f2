import { readFileSync } from "node:fs";
import path from "node:path";
import { jsPDF } from "jspdf";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject, type PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { toPdfA } from "./pdf-a";
import { PDF_FONT, embedPaperFonts } from "./pdf-fonts";

const publicFile = (file: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../../public", file)));
const fonts = { regular: publicFile("fonts/LiberationSans-Regular.ttf"), bold: publicFile("fonts/LiberationSans-Bold.ttf") };
const srgb = publicFile("color/sRGB.icc");

/** A two-page PDF as write-pdf.ts makes one: the paper font, texts asked for in several families and styles. */
function jsPdfBytes(): Uint8Array {
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true, putOnlyUsedFonts: true });
  embedPaperFonts(doc, fonts);
  doc.setProperties({ title: "Skilteplan Åbenrå", subject: "Gravning på Östra gatan", creator: "Skilteplanen" });
  doc.setFont("helvetica", "bold").setFontSize(14);
  doc.text("Æblevej – Øster Åby, Malmö: Ärlig, café, Müller", 10, 20);
  doc.setFont("times", "italic").setFontSize(10);
  doc.text("1:500 · 2 m² · 45° · 3 ‰ …", 10, 30);
  doc.addPage();
  doc.setFont("courier", "bolditalic");
  doc.text("Side 2", 10, 20);
  return new Uint8Array(doc.output("arraybuffer"));
}

/** Every font the pages' resources name, resolved, each once. */
function fontsOf(doc: PDFDocument): PDFDict[] {
  const out = new Map<string, PDFDict>();
  for (const page of doc.getPages()) {
    const resources = page.node.Resources();
    const fontDict = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [, ref] of fontDict?.entries() ?? []) out.set(ref.toString(), doc.context.lookup(ref, PDFDict));
  }
  return [...out.values()];
}

const name = (dict: PDFDict, key: string) => dict.lookupMaybe(PDFName.of(key), PDFName)?.decodeText();

/** Whether the font's glyphs are in the file (FontFile2 for TrueType; FontFile, FontFile3 for the others). */
function embedded(doc: PDFDocument, font: PDFDict): boolean {
  const descendants = font.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray);
  const actual = descendants ? doc.context.lookup(descendants.get(0), PDFDict) : font;
  const descriptor = actual.lookupMaybe(PDFName.of("FontDescriptor"), PDFDict);
  return !!descriptor && ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor.has(PDFName.of(key)));
}

const text = (stream: PDFObject | undefined) => Buffer.from((stream as PDFRawStream).getContents()).toString("utf8");

describe("paper font", () => {
  it("sets every text in the embedded subset, whatever family and style is asked for", async () => {
    const doc = await PDFDocument.load(jsPdfBytes());
    const used = fontsOf(doc);
    expect(used.length).toBeGreaterThan(0);
    for (const font of used) {
      expect(name(font, "Subtype")).toBe("Type0");
      expect(embedded(doc, font)).toBe(true);
    }
    const names = new Set(used.map((font) => name(font, "BaseFont")));
    expect(names).toEqual(new Set([PDF_FONT.regular, PDF_FONT.bold]));
    // A six-letter tag marks a subset (what pdffonts reports as "sub").
    for (const baseFont of names) expect(baseFont).toMatch(/^[A-Z]{6}\+LiberationSans/);
    // The subset is the glyphs used, not the whole 400 KB file.
    const bold = used.find((font) => name(font, "BaseFont") === PDF_FONT.bold)!;
    const cid = doc.context.lookup(bold.lookup(PDFName.of("DescendantFonts"), PDFArray).get(0), PDFDict);
    const program = cid.lookup(PDFName.of("FontDescriptor"), PDFDict).lookup(PDFName.of("FontFile2"), PDFStream);
    expect((program as PDFRawStream).getContents().length).toBeLessThan(fonts.bold.length / 4);
  });
});

describe("PDF/A-2b", () => {
  const date = new Date("2026-03-04T05:06:07Z");
  const meta = { title: "Skilteplan Åbenrå <1>", subject: "Gravning", creator: "Skilteplanen", producer: "jsPDF 4, pdf-lib", date };

  it("adds the XMP metadata naming part 2, level B, and saying what the information dictionary says", async () => {
    const doc = await PDFDocument.load(await toPdfA(jsPdfBytes(), srgb, meta), { updateMetadata: false });
    const metadata = doc.catalog.lookup(PDFName.of("Metadata"), PDFStream) as PDFRawStream;
    expect(name(metadata.dict, "Type")).toBe("Metadata");
    expect(name(metadata.dict, "Subtype")).toBe("XML");
    expect(metadata.dict.has(PDFName.of("Filter"))).toBe(false);
    const xmp = text(metadata);
    expect(xmp).toMatch(/^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
    expect(xmp).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(xmp).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">Skilteplan Åbenrå &lt;1&gt;</rdf:li>`);
    expect(xmp).toContain("<xmp:CreateDate>2026-03-04T05:06:07Z</xmp:CreateDate>");
    expect(xmp).toContain("<xmp:ModifyDate>2026-03-04T05:06:07Z</xmp:ModifyDate>");
    expect(xmp).toContain("<xmp:CreatorTool>Skilteplanen</xmp:CreatorTool>");
    expect(xmp).toContain("<pdf:Producer>jsPDF 4, pdf-lib</pdf:Producer>");
    expect(xmp).toMatch(/<\?xpacket end="w"\?>$/);

    expect(doc.getTitle()).toBe("Skilteplan Åbenrå <1>");
    expect(doc.getSubject()).toBe("Gravning");
    expect(doc.getCreator()).toBe("Skilteplanen");
    expect(doc.getProducer()).toBe("jsPDF 4, pdf-lib");
    expect(doc.getCreationDate()?.toISOString()).toBe(date.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(date.toISOString());
  });

  it("has an sRGB output intent, a file ID, no encryption, no JavaScript, and every font embedded", async () => {
    const bytes = await toPdfA(jsPdfBytes(), srgb, meta);
    expect(Buffer.from(bytes.subarray(0, 8)).toString("latin1")).toBe("%PDF-1.7");
    // The header's comment line of four bytes over 127 marks the file as binary.
    expect([...bytes.subarray(10, 14)].every((byte) => byte > 127)).toBe(true);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const intents = doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray);
    expect(intents.size()).toBe(1);
    const intent = intents.lookup(0, PDFDict);
    expect(name(intent, "Type")).toBe("OutputIntent");
    expect(name(intent, "S")).toBe("GTS_PDFA1");
    const profile = intent.lookup(PDFName.of("DestOutputProfile"), PDFStream);
    expect(profile.dict.get(PDFName.of("N"))?.toString()).toBe("3");
    expect(intent.get(PDFName.of("OutputConditionIdentifier"))?.toString()).toBe("(sRGB IEC61966-2.1)");

    const id = doc.context.trailerInfo.ID;
    expect(id).toBeInstanceOf(PDFArray);
    expect((id as PDFArray).size()).toBe(2);
    expect(doc.context.trailerInfo.Encrypt).toBeUndefined();

    expect(doc.catalog.has(PDFName.of("Names"))).toBe(false); // no document JavaScript
    expect(doc.catalog.has(PDFName.of("AA"))).toBe(false);
    for (const [, object] of doc.context.enumerateIndirectObjects())
      if (object instanceof PDFDict) expect(name(object, "S")).not.toBe("JavaScript");

    const used = fontsOf(doc);
    expect(used.length).toBe(2);
    for (const font of used) expect(embedded(doc, font)).toBe(true);
    expect(doc.getPageCount()).toBe(2);
  });

  it("refuses a PDF without a file ID", async () => {
    const doc = await PDFDocument.load(jsPdfBytes());
    doc.context.trailerInfo.ID = undefined;
    const withoutId = await doc.save();
    await expect(toPdfA(withoutId, srgb, meta)).rejects.toThrow(/file ID/);
  });
});
