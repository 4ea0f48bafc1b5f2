/** The browser tests' stand-in tile server (tests/e2e/tile-server.ts): real PNGs, in the OSM URL scheme. */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BORDER, GROUND, encodePng, startTileServer, tileBlock, tilePixels, type TileServer } from "../e2e/tile-server";

async function decode(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return {
    info,
    at: (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)],
  };
}

describe("encodePng", () => {
  it("writes a PNG that a decoder reads back pixel for pixel", async () => {
    const pixels = tilePixels(18, 138_000, 80_500);
    const { info, at } = await decode(encodePng(256, 256, pixels));
    expect([info.width, info.height, info.channels]).toEqual([256, 256, 3]);
    expect(at(0, 0)).toEqual([...BORDER]);
    expect(at(10, 10)).toEqual([...GROUND]);
    const block = tileBlock(18, 138_000, 80_500);
    expect(at(block.left + 2, block.top + 2)).toEqual([...block.colour]);
  });
});

describe("tiles", () => {
  it("differ between neighbours and zoom levels, and are the same every time", () => {
    const key = (z: number, x: number, y: number) => JSON.stringify(tileBlock(z, x, y));
    expect(key(18, 10, 10)).not.toBe(key(18, 11, 10));
    expect(key(18, 10, 10)).not.toBe(key(18, 10, 11));
    expect(key(18, 10, 10)).not.toBe(key(17, 10, 10));
    expect(Buffer.from(tilePixels(5, 3, 2)).equals(Buffer.from(tilePixels(5, 3, 2)))).toBe(true);
  });
});

describe("startTileServer", () => {
  let server: TileServer;
  beforeAll(async () => {
    server = await startTileServer(0);
  });
  afterAll(() => server.close());

  it("answers /{z}/{x}/{y}.png with a tile any origin may read, and counts what was asked", async () => {
    const res = await fetch(`${server.origin}/3/4/2.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const { info } = await decode(Buffer.from(await res.arrayBuffer()));
    expect(info.width).toBe(256);
    await fetch(`${server.origin}/3/4/2.png`);
    expect(await (await fetch(`${server.origin}/requests`)).json()).toEqual({ 3: 2 });
  });

  it("answers 404 outside the scheme and the world", async () => {
    for (const path of ["/3/8/0.png", "/3/4/2.jpg", "/x/1/1.png", "/"]) expect((await fetch(server.origin + path)).status).toBe(404);
  });
});
