import { request as httpRequest } from "node:http";
import { E2E_PORT } from "../../playwright.config";
import type { SiteId } from "@/sites/site-ids";

/** The address of one of the three sites on the test server, as the browser uses it. */
export function siteUrl(site: SiteId, path = "/"): string {
  return `http://${site}.localhost:${E2E_PORT}${path}`;
}

/**
 * A request from the test process itself. Node does not resolve *.localhost as browsers do, so it
 * connects to the loopback address and names the site in the Host header, as a reverse proxy would.
 */
export function siteRequest(site: SiteId, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: E2E_PORT, path, headers: { host: `${site}.localhost:${E2E_PORT}` } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${path}`)));
    req.on("error", reject);
    req.end();
  });
}
