/**
 * Next's answers compressed by server.ts (src/server/compression.ts): negotiated, only where it pays,
 * and undone by the client to exactly what the handler wrote.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCompression } from "@/server/compression";

/** A plan-sized JSON answer, written in pieces as Next writes a route handler's stream. */
const big = JSON.stringify({
  id: 1,
  content: {
    lines: Array.from({ length: 3000 }, (_, i) => ({
      id: `line-${i}`,
      colour: "#d32f2f",
      width: 0.5,
      coordinates: [
        [10.38 + i / 1e5, 55.4],
        [10.39, 55.41 + i / 1e5],
      ],
    })),
  },
});

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) =>
    withCompression(req, res, () => {
      const url = req.url ?? "";
      const type = url.includes("png") ? "image/png" : url.startsWith("/app") ? "text/html; charset=utf-8" : "application/json";
      const body = big;
      // As Next sets it on a route handler's answer: a one-element array.
      res.setHeader("content-type", [type]);
      if (url.includes("no-transform")) res.setHeader("cache-control", "no-transform");
      for (let i = 0; i < body.length; i += 16_384) res.write(body.slice(i, i + 16_384));
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string, acceptEncoding: string | null): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("Next's answers", () => {
  it("are sent with Brotli to a browser that takes it, a quarter of the size or less, and decode to what the handler wrote", async () => {
    const answer = await get("/api/signplan/1", "gzip, deflate, br, zstd");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.length).toBeLessThan(big.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(big);
  });

  it("are sent with gzip to a client that takes only gzip, and as they are to one that asks for none", async () => {
    const gzip = await get("/api/signplan/1", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(big);
    for (const accept of ["identity", null]) {
      const plain = await get("/api/signplan/1", accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(big);
    }
  });

  it("are left as they are when of a type that does not compress, or marked no-transform", async () => {
    for (const path of ["/api/sign-images/x.png", "/api/signplan/1?no-transform"]) {
      const answer = await get(path, "br, gzip");
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(big);
    }
  });

  it("are compressed for pages too, which Next no longer compresses itself", async () => {
    const page = await get("/app?plan=1", "br, gzip");
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.body).toString()).toBe(big);
  });
});
