import { existsSync, readFileSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import { IntlMessageFormat } from "intl-messageformat";
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
export function siteRequest(
  site: SiteId,
  path: string,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { host: `${site}.localhost:${E2E_PORT}`, ...extraHeaders };
    const req = httpRequest({ host: "127.0.0.1", port: E2E_PORT, path, headers }, (res) => {
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

// ---------------------------------------------------------------------------------------------------
// Accounts: texts, e-mails from the outbox, and users made through the API.

type Catalogue = { [key: string]: string | Catalogue };

const MESSAGES_DIR = fileURLToPath(new URL("../../messages/", import.meta.url));

function readCatalogue(name: string): Catalogue {
  return JSON.parse(readFileSync(path.join(MESSAGES_DIR, `${name}.json`), "utf8")) as Catalogue;
}

function overlay(base: Catalogue, over: Catalogue): Catalogue {
  const out: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = typeof value === "object" && typeof current === "object" ? overlay(current, value) : value;
  }
  return out;
}

const SITE_LANGUAGE: Record<SiteId, "da" | "sv"> = { skilteplanen: "da", kloakplanen: "da", "ta-planen": "sv" };

/**
 * The texts a site shows (its language's catalogue with the site's own overrides), so tests follow
 * copy changes; placeholders and plurals are filled from `values` as next-intl fills them.
 */
export function siteTexts(site: SiteId): (key: string, values?: Record<string, string | number>) => string {
  let catalogue = readCatalogue(SITE_LANGUAGE[site]);
  if (existsSync(path.join(MESSAGES_DIR, `site-${site}.json`))) catalogue = overlay(catalogue, readCatalogue(`site-${site}`));
  return (key, values = {}) => {
    let node: string | Catalogue | undefined = catalogue;
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node !== "string") throw new Error(`no text ${key} for ${site}`);
    // Formatted as next-intl formats it (ICU: placeholders, plurals); a missing value keeps its placeholder.
    const filled = { ...Object.fromEntries([...node.matchAll(/\{(\w+)\}/g)].map(([whole, name]) => [name, whole])), ...values };
    return String(new IntlMessageFormat(node, SITE_LANGUAGE[site]).format(filled));
  };
}

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(tag = "user"): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.dk`;
}

/** The test server's outbox: the mailer writes every e-mail there as JSON when no SMTP server is set. */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "outbox");
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function outboxFiles(): string[] {
  try {
    return readdirSync(outboxDir())
      .filter((name) => name.endsWith(".json"))
      .sort(); // the names start with the sending time
  } catch {
    return []; // no e-mail sent yet
  }
}

/** The outbox files that exist now; pass them to waitForMailLink to ignore older e-mails. */
export function outboxSnapshot(): Set<string> {
  return new Set(outboxFiles());
}

/**
 * The path and query of the link to `pathname` in the newest e-mail to `to` (ignoring the files in
 * `ignore`), waiting up to `timeoutMs` for it to arrive.
 */
export async function waitForMailLink(
  to: string,
  pathname: string,
  { ignore = new Set<string>(), timeoutMs = 15_000 } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of outboxFiles().reverse()) {
      if (ignore.has(name)) continue;
      const mail = JSON.parse(readFileSync(path.join(outboxDir(), name), "utf8")) as OutboxMail;
      if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
      const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === pathname);
      if (link) return link.pathname + link.search;
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a link to ${pathname} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A call to the site's API from inside the page, so the browser's own host (and site) is used. */
async function apiFromPage(
  page: Page,
  site: SiteId,
  apiPath: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  if (!page.url().startsWith(siteUrl(site))) await page.goto(siteUrl(site, "/"));
  return page.evaluate(
    async ({ apiPath, body, site }) => {
      const res = await fetch(apiPath, {
        method: "POST",
        headers: { "content-type": "application/json", "x-site": site },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    },
    { apiPath, body, site },
  );
}

/** Registers an account through the API (its e-mail not yet confirmed). */
export async function registerUser(page: Page, site: SiteId, user: Partial<TestUser> = {}): Promise<TestUser> {
  const full: TestUser = { name: "Test Bruger", email: uniqueEmail(site), password: "secret-1", ...user };
  const res = await apiFromPage(page, site, "/api/auth/register", full);
  if (res.status !== 201) throw new Error(`register ${full.email}: ${res.status} ${JSON.stringify(res.json)}`);
  return full;
}

/** Registers an account and confirms its e-mail with the link from the outbox; returns its access token. */
export async function createVerifiedUser(page: Page, site: SiteId, fields: Partial<TestUser> = {}): Promise<TestUser & { token: string }> {
  const before = outboxSnapshot();
  const user = await registerUser(page, site, fields);
  const link = await waitForMailLink(user.email, "/encourage-verify-email", { ignore: before });
  const token = new URL(link, siteUrl(site)).searchParams.get("token");
  const res = await apiFromPage(page, site, "/api/auth/verify", { token });
  if (res.status !== 200 || typeof res.json.access_token !== "string") throw new Error(`verify ${user.email}: ${res.status}`);
  return { ...user, token: res.json.access_token };
}

/** Stores an access token as the login page does (the page must be on the site). */
export async function storeTokenInPage(page: Page, site: SiteId, token: string): Promise<void> {
  if (!page.url().startsWith(siteUrl(site))) await page.goto(siteUrl(site, "/"));
  await page.evaluate((t) => localStorage.setItem("token", t), token);
}

/** An unsigned token with the claims the client reads: the server refuses it, the browser cannot tell. */
export function forgedToken(claims: Record<string, unknown>): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.${Buffer.from("not-a-signature").toString("base64url")}`;
}

/**
 * Waits until React has hydrated `target` (it then carries React's props on the element). A click on a
 * Next.js link that lands while the page is still hydrating can be lost (seen on this machine in about
 * one run in three); tests of what a click does, not of hydration, wait for it first.
 */
export async function waitForHydration(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))), {
      message: "the element is hydrated",
    })
    .toBe(true);
}
