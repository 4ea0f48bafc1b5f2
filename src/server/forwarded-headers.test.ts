import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { applyProxyTrust, securityHeadersOf } from "./forwarded-headers";

// What server.ts does to each request before Next sees it, on a real HTTP exchange: the handler answers
// the request headers as they reach Next.

const HSTS = "max-age=31536000; includeSubDomains";
const claims = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "ta-planen.example",
  "x-forwarded-port": "443",
  "x-forwarded-for": "203.0.113.9",
  "x-real-ip": "203.0.113.9",
  forwarded: "for=203.0.113.9;proto=https",
};

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function ask(trustProxy: boolean, headers: Record<string, string>) {
  server = createServer((req, res) => {
    applyProxyTrust(req, res, trustProxy);
    res.end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`, { headers });
  return { hsts: res.headers.get("strict-transport-security"), seen: (await res.json()) as Record<string, string> };
}

describe("applyProxyTrust", () => {
  it("without a trusted proxy, drops what a client claims about itself and sends no HSTS", async () => {
    const { hsts, seen } = await ask(false, claims);
    expect(hsts).toBeNull();
    expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
    for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port", "x-real-ip", "forwarded"])
      expect(seen[name], name).toBeUndefined();
    expect(seen.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it("behind a trusted proxy, keeps what it says, and sends HSTS when it says HTTPS (the first of a chain)", async () => {
    const https = await ask(true, claims);
    expect(https.hsts).toBe(HSTS);
    expect(https.seen).toMatchObject(claims);
    expect((await ask(true, { "x-forwarded-proto": "HTTPS, http" })).hsts).toBe(HSTS);
    expect((await ask(true, { "x-forwarded-proto": "http" })).hsts).toBeNull();
    expect((await ask(true, {})).hsts).toBeNull();
  });
});

describe("securityHeadersOf", () => {
  it("gives socket.io's answers Next's headers, and HSTS only on a trusted proxy's word", () => {
    const plain = securityHeadersOf({}, true);
    expect(plain).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeadersOf({ "x-forwarded-proto": "https" }, false)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeadersOf({ "x-forwarded-proto": "https" }, true)["Strict-Transport-Security"]).toBe(HSTS);
  });
});
