import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { createBrotliDecompress, createGunzip } from "node:zlib";
import { E2E_PORT } from "../../playwright.config";
import type { SiteId } from "@/sites/site-ids";

/**
 * A JSON call to the test server from the test process. Node does not resolve *.localhost as browsers
 * do, so it connects to the loopback address and names the site in the Host header.
 */
export function apiCall(
  site: SiteId,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; json: unknown; headers: IncomingHttpHeaders }> {
  // A Buffer is sent as it is (its type among extraHeaders); anything else as JSON.
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path,
        method,
        headers: {
          host: `${site}.localhost:${E2E_PORT}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...extraHeaders,
        },
      },
      (res) => {
        // An answer the server compressed (src/server/compression.ts) is decoded as a browser would.
        const encoding = res.headers["content-encoding"];
        const stream = encoding === "br" ? res.pipe(createBrotliDecompress()) : encoding === "gzip" ? res.pipe(createGunzip()) : res;
        let text = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => (text += chunk));
        stream.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null, headers: res.headers }));
        stream.on("error", reject);
      },
    );
    req.setTimeout(payload && payload.length > 1024 * 1024 ? 60_000 : 15_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

/** Registers a user through the API and logs in; answers the access token (unconfirmed e-mail). */
export async function registerAndLogin(site: SiteId, email: string, password = "hemmelig1"): Promise<string> {
  const reg = await apiCall(site, "POST", "/api/auth/register", { name: "E2E Bruger", email, password });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json)}`);
  const login = await apiCall(site, "POST", "/api/auth/login", { email, password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.json)}`);
  return (login.json as { access_token: string }).access_token;
}
