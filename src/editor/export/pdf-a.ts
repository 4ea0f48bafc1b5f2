/**
 * Turns jsPDF's output into PDF/A-2b (ISO 19005-2, level B: the pages look the same in years, on any
 * reader), which archives and some authorities ask for. jsPDF already writes what the level needs of the
 * content — every font embedded (pdf-fonts.ts), no encryption, no JavaScript, a file ID in the trailer —
 * and this adds the rest with pdf-lib: the output intent (GTS_PDFA1, with an sRGB ICC profile, so the
 * DeviceRGB colours mean sRGB), the XMP metadata that names the part and level, and a document
 * information dictionary that says the same as the XMP.
 *
 * The sRGB profile is public/color/sRGB.icc (icc-profiles-free, zlib licence; its licence beside it).
 */
import { PDFDocument, PDFHeader, PDFName, PDFString } from "pdf-lib";

export const SRGB_PROFILE_URL = "/color/sRGB.icc";

export interface PdfAMeta {
  title: string;
  subject: string;
  creator: string;
  /** The program that wrote the file, as the information dictionary and the XMP both say. */
  producer: string;
  date: Date;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** A date as XMP writes it (ISO 8601, UTC), the same instant as pdf-lib's "D:…Z" in the information dictionary. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The XMP packet: part 2, conformance B, and the information dictionary's entries under their XMP names. */
export function pdfAMetadata(meta: PdfAMeta): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  const date = xmpDate(meta.date);
  return [
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/">`,
    `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">`,
    `<pdfaid:part>2</pdfaid:part>`,
    `<pdfaid:conformance>B</pdfaid:conformance>`,
    `<dc:format>application/pdf</dc:format>`,
    `<dc:title>${alt(meta.title)}</dc:title>`,
    `<dc:description>${alt(meta.subject)}</dc:description>`,
    `<xmp:CreatorTool>${escapeXml(meta.creator)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${date}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${date}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${date}</xmp:MetadataDate>`,
    `<pdf:Producer>${escapeXml(meta.producer)}</pdf:Producer>`,
    `</rdf:Description>`,
    `</rdf:RDF>`,
    `</x:xmpmeta>`,
    // Room for a later in-place edit of the packet, as XMP writers leave it.
    " ".repeat(2000),
    `<?xpacket end="w"?>`,
  ].join("\n");
}

/** `pdf` (jsPDF's bytes) as PDF/A-2b: metadata, output intent and information dictionary added, the rest as it was. */
export async function toPdfA(pdf: Uint8Array, srgbProfile: Uint8Array, meta: PdfAMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context, catalog } = doc;
  if (context.trailerInfo.Encrypt) throw new Error("an encrypted PDF cannot be PDF/A");
  if (!context.trailerInfo.ID) throw new Error("PDF/A needs a file ID in the trailer");
  // jsPDF writes 1.3; transparency (opacity in the drawings) and the object types used are PDF 1.7's.
  context.header = PDFHeader.forVersion(1, 7);

  // The information dictionary, entry for entry what the XMP says (ISO 19005-2 §6.6.3).
  doc.setTitle(meta.title);
  doc.setSubject(meta.subject);
  doc.setCreator(meta.creator);
  doc.setProducer(meta.producer);
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);

  const xmp = new TextEncoder().encode(pdfAMetadata(meta));
  // Not compressed: the standard wants the metadata readable by tools that do not know PDF.
  const metadata = context.stream(xmp, { Type: "Metadata", Subtype: "XML", Length: xmp.length });
  catalog.set(PDFName.of("Metadata"), context.register(metadata));

  const profile = context.flateStream(srgbProfile, { N: 3 });
  const intent = context.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of("sRGB IEC61966-2.1"),
    Info: PDFString.of("sRGB IEC61966-2.1"),
    RegistryName: PDFString.of("http://www.color.org"),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of("OutputIntents"), context.obj([intent]));

  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}
