"use client";
/**
 * /app's plan, asked for as soon as the page's code runs in the browser, before React has hydrated the
 * page and its guard has let the plan tool mount: the plan downloads while the page starts up. The plan
 * tool takes the request once; one that failed is asked again the ordinary way, with the API client's
 * shared handling (the request made here has none: the page is not ready to show anything yet).
 */
import { readToken } from "../session";
import { getPlan } from "./projects-api";
import type { SignplanDto } from "@/lib/schemas/signplan";

let prefetched: { id: number; token: string; answer: Promise<SignplanDto> } | null = null;

/** Starts the request for plan `id`, when there is a session to ask with. */
export function prefetchPlan(id: number): void {
  const token = readToken();
  if (!token) return; // the guard sends the visitor to the login page
  const answer = getPlan(id, { sharedHandling: false, toast: false });
  answer.catch(() => {}); // handled where it is taken, or never needed
  prefetched = { id, token, answer };
}

/** The prefetched answer for plan `id`, once; null when there is none for it or the session changed since. */
export function takePrefetchedPlan(id: number): Promise<SignplanDto> | null {
  const current = prefetched;
  prefetched = null;
  return current && current.id === id && current.token === readToken() ? current.answer : null;
}
