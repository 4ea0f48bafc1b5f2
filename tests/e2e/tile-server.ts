/**
 * A stand-in for an OpenStreetMap tile server, so the browser tests show a raster base map offline
 * (issue 18: exported pages with a real background). It answers `/{z}/{x}/{y}.png` on 127.0.0.1 with a
 * generated 256-pixel tile that looks like a light map: a pale ground, a grid every 64 pixels, a thin
 * border and a coloured block whose colour and place follow z, x and y, so a tile drawn in the wrong
 * place, at the wrong zoom or stretched shows. Tiles are deterministic and kept in memory once made.
 *
 * The test run starts it (tests/e2e/global-setup.ts) and playwright.config.ts gives the app its URL as
 * `OSM_URL`. Its port follows the app's (E2E_PORT + 90, 3190 by default) so two runs on one machine
 * do not meet; E2E_TILE_PORT sets it outright. No import of playwright.config.ts: the config imports this.
 */
import { createServer, type Server } from "node:http";
import { deflateSync } from "node:zlib";

export const TILE_PORT = Number(process.env.E2E_TILE_PORT) || Number(process.env.E2E_PORT ?? 3100) + 90;
export const TILE_ORIGIN = `http://127.0.0.1:${TILE_PORT}`;
/** The XYZ template the app is configured with (OSM_URL). */
export const TILE_URL_TEMPLATE = `${TILE_ORIGIN}/{z}/{x}/{y}.png`;

export const TILE_SIZE = 256;
type Rgb = readonly [number, number, number];

/** The ground, a warm off-white as on OpenStreetMap's map; never pure white, which tests look for in labels. */
export const GROUND: Rgb = [242, 239, 233];
export const GRID: Rgb = [222, 219, 212];
export const BORDER: Rgb = [190, 186, 178];
/**
 * Pale block colours, none red or magenta enough to pass for a sign or a hatch in the tests that count
 * such pixels (kinds-areas, signs, personal-signs).
 */
export const BLOCK_COLOURS: readonly Rgb[] = [
  [200, 222, 242], // water blue
  [205, 235, 197], // park green
  [246, 232, 180], // sand
  [226, 214, 236], // lavender
  [214, 230, 226], // grey-green
  [240, 221, 206], // peach
];

/** Where a tile's block is and its colour: all from z, x and y, so neighbours and zoom levels differ. */
export function tileBlock(z: number, x: number, y: number): { colour: Rgb; left: number; top: number; width: number; height: number } {
  const hash = (Math.imul(x, 73_856_093) ^ Math.imul(y, 19_349_663) ^ Math.imul(z, 83_492_791)) >>> 0;
  return {
    colour: BLOCK_COLOURS[hash % BLOCK_COLOURS.length]!,
    left: 16 + (x % 4) * 40,
    top: 16 + (y % 4) * 40,
    width: 64 + (z % 3) * 16,
    height: 48 + ((x + y) % 3) * 16,
  };
}

/** The tile's pixels, RGB, row by row. */
export function tilePixels(z: number, x: number, y: number): Uint8Array {
  const pixels = new Uint8Array(TILE_SIZE * TILE_SIZE * 3);
  const block = tileBlock(z, x, y);
  for (let row = 0; row < TILE_SIZE; row++) {
    for (let col = 0; col < TILE_SIZE; col++) {
      let colour = GROUND;
      if (col >= block.left && col < block.left + block.width && row >= block.top && row < block.top + block.height) colour = block.colour;
      if (col % 64 === 32 || row % 64 === 32) colour = GRID;
      if (col === 0 || row === 0 || col === TILE_SIZE - 1 || row === TILE_SIZE - 1) colour = BORDER;
      pixels.set(colour, (row * TILE_SIZE + col) * 3);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** An 8-bit RGB PNG (the smallest encoder that does: one IDAT, filter 0 on every row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let row = 0; row < height; row++) rows.set(rgb.subarray(row * width * 3, (row + 1) * width * 3), row * (width * 3 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

export interface TileServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the server. Besides the tiles: `GET /requests` answers how many tiles were asked for, by zoom
 * level, as JSON (tests check the map really drew from here); `GET /health` answers "ok".
 */
export async function startTileServer(port = TILE_PORT): Promise<TileServer> {
  const cache = new Map<string, Buffer>();
  const requests: Record<string, number> = {};
  const server: Server = createServer((req, res) => {
    // The map asks with crossOrigin "anonymous", and the plan export reads the tiles back from its canvas.
    res.setHeader("Access-Control-Allow-Origin", "*");
    const path = new URL(req.url ?? "/", "http://tiles").pathname;
    if (path === "/health") return void res.end("ok");
    if (path === "/requests") {
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Cache-Control", "no-store");
      return void res.end(JSON.stringify(requests));
    }
    const match = /^\/(\d{1,2})\/(\d+)\/(\d+)\.png$/.exec(path);
    const [z, x, y] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [-1, -1, -1];
    if (!match || z > 24 || x >= 2 ** z || y >= 2 ** z) {
      res.statusCode = 404;
      return void res.end();
    }
    requests[z] = (requests[z] ?? 0) + 1;
    const key = `${z}/${x}/${y}`;
    let png = cache.get(key);
    if (!png) cache.set(key, (png = encodePng(TILE_SIZE, TILE_SIZE, tilePixels(z, x, y))));
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.end(png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  return {
    // Port 0 (a unit test) lets the system choose.
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Tiles asked for so far, by zoom level. */
export async function tileRequests(origin = TILE_ORIGIN): Promise<Record<string, number>> {
  return (await (await fetch(`${origin}/requests`)).json()) as Record<string, number>;
}

/** A request for the tile server (and no other): what tests that need a blank map abort. */
export const isTileRequest = (url: URL): boolean => url.origin === TILE_ORIGIN;
