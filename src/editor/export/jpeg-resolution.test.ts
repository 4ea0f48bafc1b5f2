import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { withResolution } from "./jpeg-resolution";

/** A small JPEG as libvips writes it: no JFIF header. */
async function bareJpeg(): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buffer);
}

/** A small JPEG as Chromium's canvas writes it: a JFIF header saying 1:1 without units. */
async function jpeg(): Promise<Uint8Array> {
  const bare = await bareJpeg();
  expect([bare[2], bare[3]]).not.toEqual([0xff, 0xe0]);
  const jfif = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  return Uint8Array.from([...bare.subarray(0, 2), ...jfif, ...bare.subarray(2)]);
}

/** The header segments' markers, in order, up to the start of the scan. */
function markers(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (let at = 2; bytes[at + 1] !== 0xda; at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)) out.push(bytes[at + 1]!);
  return out;
}

/** The EXIF block's IFD0 entries (tag → value; a rational read as numerator/denominator). */
function exifResolution(exif: Buffer): Map<number, number> {
  expect(exif.subarray(0, 6).toString("latin1")).toBe("Exif\0\0");
  const tiff = exif.subarray(6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const entries = new Map<number, number>();
  for (let i = 0; i < u16(ifd); i++) {
    const at = ifd + 2 + i * 12;
    const type = u16(at + 2);
    entries.set(u16(at), type === 5 ? u32(u32(at + 8)) / u32(u32(at + 8) + 4) : type === 3 ? u16(at + 8) : u32(at + 8));
  }
  return entries;
}

describe("JPEG resolution", () => {
  it("states the dpi in the JFIF header and in EXIF, as sharp reads them", async () => {
    const before = await jpeg();
    expect((await sharp(before).metadata()).density).toBe(72);
    const after = withResolution(before, 300);
    const metadata = await sharp(after).metadata();
    expect(metadata.density).toBe(300);
    expect([metadata.width, metadata.height]).toEqual([40, 30]);
    expect(metadata.exif).toBeDefined();
    const exif = exifResolution(metadata.exif!);
    expect(exif.get(0x011a)).toBe(300); // XResolution
    expect(exif.get(0x011b)).toBe(300); // YResolution
    expect(exif.get(0x0128)).toBe(2); // ResolutionUnit: inches
    // JFIF first, EXIF after it; the JFIF header itself says dots per inch, 300 × 300.
    expect(markers(after).slice(0, 2)).toEqual([0xe0, 0xe1]);
    expect([...after.subarray(6, 11)]).toEqual([...Buffer.from("JFIF\0")]);
    expect([...after.subarray(13, 18)]).toEqual([1, 0x01, 0x2c, 0x01, 0x2c]);
  });

  it("keeps the image itself byte for byte", async () => {
    const before = await jpeg();
    const after = withResolution(before, 150);
    const scan = (bytes: Uint8Array) => bytes.subarray(bytes.findIndex((b, i) => b === 0xff && bytes[i + 1] === 0xda));
    expect(Buffer.from(scan(after)).equals(Buffer.from(scan(before)))).toBe(true);
    const [a, b] = await Promise.all([sharp(before).raw().toBuffer(), sharp(after).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it("adds a JFIF header to a JPEG that has none", async () => {
    const bare = await bareJpeg();
    expect(markers(bare)).not.toContain(0xe0);
    const after = withResolution(bare, 254);
    expect(markers(after).slice(0, 2)).toEqual([0xe0, 0xe1]);
    expect((await sharp(after).metadata()).density).toBe(254);
  });

  it("replaces an EXIF block the JPEG had rather than adding a second", async () => {
    const tagged = new Uint8Array(
      await sharp(await jpeg())
        .withExif({ IFD0: { Software: "x" } })
        .jpeg()
        .toBuffer(),
    );
    expect(markers(tagged).filter((m) => m === 0xe1)).toHaveLength(1);
    const after = withResolution(tagged, 300);
    expect(markers(after).filter((m) => m === 0xe1)).toHaveLength(1);
    expect(exifResolution((await sharp(after).metadata()).exif!).get(0x011a)).toBe(300);
  });

  it("is the same when applied twice", async () => {
    const once = withResolution(await jpeg(), 300);
    expect(Buffer.from(withResolution(once, 300)).equals(Buffer.from(once))).toBe(true);
  });

  it("refuses what is not a JPEG and a dpi the header cannot hold", async () => {
    expect(() => withResolution(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]), 300)).toThrow();
    expect(() => withResolution(new Uint8Array(0), 300)).toThrow();
    const image = await jpeg();
    expect(() => withResolution(image, 0)).toThrow(RangeError);
    expect(() => withResolution(image, 70000)).toThrow(RangeError);
    expect(() => withResolution(image, 149.5)).toThrow(RangeError);
  });
});
