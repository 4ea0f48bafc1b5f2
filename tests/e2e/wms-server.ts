/**
 * A stand-in for Dataforsyningen's WMS (the Danish screen map, topo_skaermkort_DAF), for the test of the
 * export's base map at the chosen dpi. It answers GetMap at `/<service>?…` with a PNG of exactly the
 * requested WIDTH × HEIGHT (the tile server's pale ground, with a grid every 64 pixels so a stretched or
 * misplaced image shows) and records each request's size and box.
 *
 * playwright.config.ts gives the app its origin as DATAFORSYNINGEN_URL, without a token, so the Danish
 * maps stay unavailable for every other test; the test that uses it starts it and gives its page a token.
 * Its port follows the tile server's (TILE_PORT + 10); E2E_WMS_PORT sets it outright.
 */
import { createServer, type Server } from "node:http";
import { GRID, GROUND, TILE_PORT, encodePng } from "./tile-server";

export const WMS_PORT = Number(process.env.E2E_WMS_PORT) || TILE_PORT + 10;
export const WMS_ORIGIN = `http://127.0.0.1:${WMS_PORT}`;

export interface GetMapRequest {
  service: string;
  width: number;
  height: number;
  /** BBOX as asked for, in the CRS's units (EPSG:3857 metres). */
  bbox: number[];
  crs: string;
}

export interface WmsServer {
  requests: GetMapRequest[];
  close(): Promise<void>;
}

/** Requests larger than this are refused, as real servers refuse them (and a runaway export shows). */
const MAX_SIDE = 8192;

export async function startWmsServer(port = WMS_PORT): Promise<WmsServer> {
  const requests: GetMapRequest[] = [];
  const server: Server = createServer((req, res) => {
    // The export reads the images back from its canvas: they are asked for with CORS.
    res.setHeader("Access-Control-Allow-Origin", "*");
    const url = new URL(req.url ?? "/", "http://wms");
    // WMS parameter names are case-insensitive.
    const param = (name: string) => [...url.searchParams].find(([key]) => key.toUpperCase() === name)?.[1] ?? "";
    const width = Number(param("WIDTH"));
    const height = Number(param("HEIGHT"));
    if (param("REQUEST") !== "GetMap" || !Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      res.statusCode = 400;
      return void res.end();
    }
    if (width > MAX_SIDE || height > MAX_SIDE) {
      res.statusCode = 413;
      return void res.end();
    }
    requests.push({
      service: url.pathname.slice(1),
      width,
      height,
      bbox: param("BBOX").split(",").map(Number),
      crs: param("CRS") || param("SRS"),
    });
    const pixels = new Uint8Array(width * height * 3);
    for (let row = 0; row < height; row++)
      for (let col = 0; col < width; col++) pixels.set(col % 64 === 32 || row % 64 === 32 ? GRID : GROUND, (row * width + col) * 3);
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Cache-Control", "no-store");
    res.end(encodePng(width, height, pixels));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
