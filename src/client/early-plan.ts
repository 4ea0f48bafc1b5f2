// The plan's request on /app, started by an inline script in the page's HTML, before any of the app's
// JavaScript has loaded, so that the plan (up to 20 MB) downloads while React, MUI and the editor's
// chunk are still loading and hydrating instead of after them. The script also reads and parses the
// answer as soon as it arrives, so neither the map engine nor the page waits for the body once it
// runs. No "use client": the /app page (a server component) renders the script, the page's client
// code takes the answer.
//
// The script sends exactly what the API client would send for getPlan (the site header, the stored
// token) and reads the answer as the client reads its own (status, JSON body or null); the client hands
// it to the same code that handles its own responses, so errors, a 401 and the schema checks behave
// the same. The page takes the answer at most once, and only for the same plan and the same token;
// otherwise it is left alone and the client asks again.
import { CONTENT_SCHEMA_HEADER, currentContentSchema } from "@/lib/content-schema";
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";
import { LAST_PLAN_STORAGE_KEY, TOKEN_STORAGE_KEY } from "./storage-keys";

const GLOBAL = "__earlyPlanRequest";

/**
 * The early answer: its status and its JSON body (null when none, or not JSON), as the API client reads
 * one; `validated` when the answer's header says its content conforms to this build's schema
 * (src/lib/content-schema.ts), so that neither the engine nor the page validates it again.
 */
export interface EarlyPlanAnswer {
  status: number;
  body: unknown;
  validated: boolean;
}

export interface EarlyPlanRequest {
  planId: number;
  token: string;
  /** The site the request was made for (the editor engine needs it for the site's base maps). */
  site: string;
  /**
   * The answer, read and parsed by the inline script as soon as it arrives (the body downloads and is
   * parsed while the app's scripts are still loading); rejected when the request failed. The editor
   * engine (src/editor/engine/boot.ts) draws from it, and the page's API client takes it.
   */
  answer: Promise<EarlyPlanAnswer>;
}

declare global {
  interface Window {
    [GLOBAL]?: EarlyPlanRequest;
    __earlyPlanParsed?: { body: unknown; content: unknown };
  }
}

/**
 * The inline script of /app's HTML for `site`, when a token is stored: GET /api/signplan/{id} for the
 * plan the page will open, ?plan={id} or else the plan opened last (as src/app/[site]/app/page-client.tsx
 * decides). It reads the answer as readJsonBody does, and notes whether its content is vouched for.
 */
export function earlyPlanScript(site: SiteId): string {
  const settings = JSON.stringify({
    global: GLOBAL,
    tokenKey: TOKEN_STORAGE_KEY,
    lastPlanKey: LAST_PLAN_STORAGE_KEY,
    siteHeader: SITE_HEADER,
    site,
    schemaHeader: CONTENT_SCHEMA_HEADER,
    schema: currentContentSchema(),
  });
  // Plain ES5 without helpers: it runs before anything else of the app, in every browser.
  return (
    `(function(s){try{var m=/^\\?(?:.*&)?plan=([1-9][0-9]{0,15})(?:&|$)/.exec(location.search);var id=m?m[1]:localStorage.getItem(s.lastPlanKey);var t=localStorage.getItem(s.tokenKey);` +
    `if(!id||!/^[1-9][0-9]{0,15}$/.test(id)||!t||location.pathname!=="/app"||!window.fetch)return;var h={Accept:"application/json",Authorization:"Bearer "+t};h[s.siteHeader]=s.site;` +
    `var a=fetch("/api/signplan/"+id,{headers:h,credentials:"same-origin"}).then(function(r){function d(x){var b=null;if(x){try{b=JSON.parse(x)}catch(e){}}return{status:r.status,body:b,validated:!!s.schema&&r.headers.get(s.schemaHeader)===s.schema}}return r.text().then(d,function(){return d("")})});` +
    `a.catch(function(){});window[s.global]={planId:Number(id),token:t,site:s.site,answer:a}}catch(e){}})(${settings.replace(/</g, "\\u003c")})`
  );
}

/** The early answer for `planId` with `token`, once; null when there is none (then the caller fetches). */
export function takeEarlyPlanAnswer(planId: number, token: string | null): { answer: Promise<EarlyPlanAnswer> } | null {
  if (typeof window === "undefined") return null;
  const early = window[GLOBAL];
  if (!early || early.planId !== planId || early.token !== token) return null;
  delete window[GLOBAL];
  return { answer: early.answer };
}

/** A response's JSON body; null when it has none or it is not JSON (an HTML error page from a proxy, for instance). */
export async function readJsonBody(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** For the engine: the early request, while the page has not taken it. */
export function readEarlyPlanRequest(): EarlyPlanRequest | null {
  if (typeof window === "undefined") return null;
  return window[GLOBAL] ?? null;
}

/** The content the engine parsed from exactly this body object (the page's answer), or undefined. */
export function earlyParsedContent(body: unknown): unknown {
  if (typeof window === "undefined") return undefined;
  const parsed = window.__earlyPlanParsed;
  return parsed && parsed.body === body ? parsed.content : undefined;
}

/** The engine records what it parsed; kept apart from the request, which the page deletes when it takes it. */
export function recordEarlyParsedContent(body: unknown, content: unknown): void {
  window.__earlyPlanParsed = { body, content };
}

/** Forgets the parsed content (the page has used it, or the plan closed). */
export function forgetEarlyParsedContent(): void {
  if (typeof window !== "undefined") delete window.__earlyPlanParsed;
}
