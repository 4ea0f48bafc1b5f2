"use client";
import { useSyncExternalStore } from "react";

/** localStorage key of the access token (core §4: "login stores the access token in local browser storage"). */
export const TOKEN_STORAGE_KEY = "token";
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

export function storeToken(token: string | null): void {
  if (token) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Decodes the claims without verifying them: the server verifies; a token that cannot be decoded means no user. */
export function decodeToken(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    if (typeof claims?.id !== "number" || typeof claims?.email !== "string") return null;
    return {
      id: claims.id,
      email: claims.email,
      isVerified: claims.isVerified === true,
      name: typeof claims.name === "string" ? claims.name : "",
      organizationId: typeof claims.organizationId === "number" ? claims.organizationId : null,
    };
  } catch {
    return null;
  }
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
