// The plan's request on /app, started by an inline script in the page's HTML, before any of the app's
// JavaScript has loaded, so that the plan (up to 20 MB) downloads while React, MUI and the editor's
// chunk are still loading and hydrating instead of after them. No "use client": the /app page (a server
// component) renders the script, the page's client code takes the answer.
//
// The script sends exactly what the API client would send for getPlan (the site header, the stored
// token); the client hands the answer to the same code that handles its own responses, so errors, a
// 401 and the schema checks behave the same. The answer is taken at most once, and only for the same
// plan and the same token; otherwise it is left alone and the client asks again.
import { SITE_HEADER } from "@/lib/site-header";
import type { SiteId } from "@/sites/site-ids";
import { LAST_PLAN_STORAGE_KEY, TOKEN_STORAGE_KEY } from "./storage-keys";

const GLOBAL = "__earlyPlanRequest";

interface EarlyPlanRequest {
  planId: number;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    [GLOBAL]?: EarlyPlanRequest;
  }
}

/**
 * The inline script of /app's HTML for `site`, when a token is stored: GET /api/signplan/{id} for the
 * plan the page will open, ?plan={id} or else the plan opened last (as src/app/[site]/app/page-client.tsx
 * decides).
 */
export function earlyPlanScript(site: SiteId): string {
  const settings = JSON.stringify({ global: GLOBAL, tokenKey: TOKEN_STORAGE_KEY, lastPlanKey: LAST_PLAN_STORAGE_KEY, siteHeader: SITE_HEADER, site });
  // Plain ES5 without helpers: it runs before anything else of the app, in every browser.
  return `(function(s){try{var m=/^\\?(?:.*&)?plan=([1-9][0-9]{0,15})(?:&|$)/.exec(location.search);var id=m?m[1]:localStorage.getItem(s.lastPlanKey);var t=localStorage.getItem(s.tokenKey);if(!id||!/^[1-9][0-9]{0,15}$/.test(id)||!t||location.pathname!=="/app"||!window.fetch)return;var h={Accept:"application/json",Authorization:"Bearer "+t};h[s.siteHeader]=s.site;var r=fetch("/api/signplan/"+id,{headers:h,credentials:"same-origin"});r.catch(function(){});window[s.global]={planId:Number(id),token:t,response:r}}catch(e){}})(${settings.replace(/</g, "\\u003c")})`;
}

/** The early answer for `planId` with `token`, once; null when there is none (then the caller fetches). */
export function takeEarlyPlanResponse(planId: number, token: string | null): Promise<Response> | null {
  if (typeof window === "undefined") return null;
  const early = window[GLOBAL];
  if (!early || early.planId !== planId || early.token !== token) return null;
  delete window[GLOBAL];
  return early.response;
}
