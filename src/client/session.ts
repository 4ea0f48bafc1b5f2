"use client";
import { useSyncExternalStore } from "react";

import { TOKEN_STORAGE_KEY } from "./storage-keys";

export { TOKEN_STORAGE_KEY };
const CHANGE_EVENT = "session-token-change";

export interface TokenClaims {
  id: number;
  email: string;
  isVerified: boolean;
  name: string;
  organizationId: number | null;
}

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, policies): behave as logged out
  }
}

/** Ends this browser's session cookie of page renders (POST /auth/logout, page-session.ts on the server). */
function endPageSession(): void {
  // keepalive: a logout that navigates away at once still reaches the server.
  void fetch("/api/auth/logout", { method: "POST", keepalive: true }).catch(() => {});
}

export function storeToken(token: string | null): void {
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else {
    // Every logout in this browser, whatever its reason, also ends the page renders' session cookie.
    if (readToken() !== null) endPageSession();
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

let endedHereAt = 0;

/**
 * Removes the token for a logout that this tab performs and navigates away from itself (the user
 * menu, the shared 401 handling). A guard that sees the token vanish then leaves the navigation to
 * that code (see takeSessionEndedHere); a token removed in another tab carries no such mark, and the
 * guards send the user on themselves.
 */
export function endSessionHere(): void {
  endedHereAt = Date.now();
  storeToken(null);
}

/** Whether this tab has just ended the session itself (within 2 s); true only once per logout. */
export function takeSessionEndedHere(): boolean {
  const recent = Date.now() - endedHereAt < 2000;
  endedHereAt = 0;
  return recent;
}

/** The JSON payload of a JWT, unverified; null when it is not one. */
function decodePayload(token: string): Record<string, unknown> | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return typeof claims === "object" && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Decodes the claims without verifying them: the server verifies; a token that cannot be decoded means no user. */
export function decodeToken(token: string | null): TokenClaims | null {
  if (!token) return null;
  const claims = decodePayload(token);
  if (typeof claims?.id !== "number" || typeof claims?.email !== "string") return null;
  return {
    id: claims.id,
    email: claims.email,
    isVerified: claims.isVerified === true,
    name: typeof claims.name === "string" ? claims.name : "",
    organizationId: typeof claims.organizationId === "number" ? claims.organizationId : null,
  };
}

/**
 * Whether the token's `exp` claim lies in the past. The guards use it to end a stale session before
 * showing a protected page, instead of waiting for the first 401; a token without `exp` never expires here.
 */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = decodePayload(token)?.exp;
  return typeof exp === "number" && exp * 1000 <= now;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange); // other tabs
  window.addEventListener(CHANGE_EVENT, onChange); // this tab
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/**
 * The stored token, or null. On the server and during hydration it is null, so statically rendered
 * pages show the logged-out variant first and switch after hydration without a mismatch.
 */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, () => null);
}

export function useCurrentUser(): TokenClaims | null {
  return decodeToken(useToken());
}
