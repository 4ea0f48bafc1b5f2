/**
 * Writes a JPEG's print resolution into its headers. A canvas's JPEG says "1:1, no units" in its JFIF
 * header, so a printer or an image viewer falls back to 72 or 96 dpi and a 300 dpi page prints 3 to 4
 * times too large, its scale bar and "1:500" then false. The resolution goes in twice, because readers
 * differ in which they trust: the JFIF header (units = dots per inch) and an EXIF block (XResolution,
 * YResolution, ResolutionUnit = inches), which photo software and Windows' print dialog read first.
 */

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;

const JFIF_ID = [0x4a, 0x46, 0x49, 0x46, 0x00]; // "JFIF\0"
const EXIF_ID = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"

interface Segment {
  marker: number;
  /** Offset of the segment's 0xFF marker byte. */
  start: number;
  /** Offset just past the segment. */
  end: number;
}

const startsWith = (bytes: Uint8Array, at: number, id: readonly number[]) => id.every((byte, i) => bytes[at + i] === byte);

/** The segments between SOI and the start of the scan (the entropy-coded data is not walked). */
function headerSegments(bytes: Uint8Array): Segment[] {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) throw new Error("not a JPEG");
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error("broken JPEG header");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === SOS || marker === EOI) break;
    const end = at + 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
    if (end > bytes.length) throw new Error("broken JPEG header");
    segments.push({ marker, start: at, end });
    at = end;
  }
  return segments;
}

/** A JFIF 1.02 APP0 segment stating `dpi` in both directions, without a thumbnail. */
function jfifSegment(dpi: number): Uint8Array {
  return Uint8Array.from([0xff, APP0, 0x00, 0x10, ...JFIF_ID, 0x01, 0x02, 0x01, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0x00, 0x00]);
}

/** An EXIF APP1 segment whose first IFD holds XResolution and YResolution (dpi/1) and ResolutionUnit 2 (inches). */
function exifSegment(dpi: number): Uint8Array {
  const tiff = new DataView(new ArrayBuffer(66));
  tiff.setUint16(0, 0x4d4d); // "MM": big-endian
  tiff.setUint16(2, 42);
  tiff.setUint32(4, 8); // IFD0 follows the header
  tiff.setUint16(8, 3); // three entries, in tag order
  const entry = (index: number, tag: number, type: number, value: number) => {
    const at = 10 + index * 12;
    tiff.setUint16(at, tag);
    tiff.setUint16(at + 2, type);
    tiff.setUint32(at + 4, 1);
    if (type === 3) tiff.setUint16(at + 8, value);
    else tiff.setUint32(at + 8, value);
  };
  const rationals = 10 + 3 * 12 + 4; // after the entries and the (zero) offset of a next IFD
  entry(0, 0x011a, 5, rationals); // XResolution, RATIONAL at an offset
  entry(1, 0x011b, 5, rationals + 8); // YResolution
  entry(2, 0x0128, 3, 2); // ResolutionUnit, SHORT: inches
  for (const at of [rationals, rationals + 8]) {
    tiff.setUint32(at, dpi);
    tiff.setUint32(at + 4, 1);
  }
  const length = 2 + EXIF_ID.length + tiff.byteLength;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...EXIF_ID, ...new Uint8Array(tiff.buffer)]);
}

/**
 * `jpeg` stating `dpi` dots per inch: its JFIF APP0 header set (or added first when missing) and an
 * EXIF block after it (replacing any EXIF block it had). The image data is not touched.
 */
export function withResolution(jpeg: Uint8Array, dpi: number): Uint8Array {
  if (!Number.isInteger(dpi) || dpi < 1 || dpi > 0xffff) throw new RangeError(`dpi ${dpi} does not fit a JFIF header`);
  const segments = headerSegments(jpeg);
  const jfif = segments[0]?.marker === APP0 && startsWith(jpeg, segments[0].start + 4, JFIF_ID) ? segments[0] : null;
  const dropped = segments.filter((s) => s.marker === APP1 && startsWith(jpeg, s.start + 4, EXIF_ID));

  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  if (jfif) {
    const header = jpeg.slice(jfif.start, jfif.end);
    // Units at offset 11 of the segment, then X and Y density, big-endian (JFIF 1.02).
    header.set([0x01, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff], 11);
    parts.push(header);
  } else parts.push(jfifSegment(dpi));
  parts.push(exifSegment(dpi));
  let at = jfif ? jfif.end : 2;
  for (const segment of dropped) {
    parts.push(jpeg.subarray(at, segment.start));
    at = segment.end;
  }
  parts.push(jpeg.subarray(at));

  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
