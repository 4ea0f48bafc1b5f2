"use client";
/**
 * The plan opened last in this browser, so /app without ?plan opens it again (core §2: the plan tool
 * opens "the last one"). Per site, because each site has its own origin and so its own storage.
 */
import { LAST_PLAN_STORAGE_KEY as KEY } from "@/client/storage-keys";

export function readLastPlan(): number | null {
  try {
    const id = Number(localStorage.getItem(KEY));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null; // storage blocked (private mode, policies): simply no last plan
  }
}

export function rememberLastPlan(id: number): void {
  try {
    localStorage.setItem(KEY, String(id));
  } catch {
    // Not remembering is harmless.
  }
}

export function forgetLastPlan(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
