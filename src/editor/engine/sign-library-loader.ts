/**
 * Loads the sign library (./sign-library.ts) into the engine. When the engine starts, the library only
 * downloads, beside the plan's request (preloadSignLibrary); it runs when something needs it: the boot,
 * at once for a plan with signs and otherwise after the map's first frame, and the React editor before
 * it shows its sign tools. So a plan without signs is not drawn later for a catalogue it does not use.
 * Until it is there, a sign resolves to no picture (sign-image.ts); when it arrives the resolved
 * pictures are forgotten and every open map redraws (onSignLibraryLoaded). The boot waits for it
 * before drawing a plan that has signs, so a first frame never shows a sign without its picture.
 */
import { signPicturesChanged } from "../elements/sign/sign-image";
import { loadScriptGlobal } from "@/client/script-global";

declare global {
  interface Window {
    /** The sign library's exports, defined by its script (scripts/build-engine.mjs). */
    __planSigns?: unknown;
  }
}

let pending: Promise<void> | null = null;
let preloaded = false;
const listeners = new Set<() => void>();

export function signLibraryLoaded(): boolean {
  return typeof window !== "undefined" && window.__planSigns !== undefined;
}

/** Resolves once the library is there; a failed load is tried again on the next call. */
export function loadSignLibrary(): Promise<void> {
  if (signLibraryLoaded()) return Promise.resolve();
  const url = process.env.SIGN_LIBRARY_URL;
  if (!url) return Promise.reject(new Error("This build has no sign library"));
  pending ??= loadScriptGlobal(url, "__planSigns").then(
    () => {
      signPicturesChanged();
      const waiting = [...listeners];
      listeners.clear(); // the library loads once
      for (const listener of waiting) listener();
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * Starts the library's download without running it (a preload; the script that loadSignLibrary adds
 * later takes the downloaded file). Does nothing where it is loaded or loading already.
 */
export function preloadSignLibrary(): void {
  const url = process.env.SIGN_LIBRARY_URL;
  if (!url || preloaded || signLibraryLoaded() || pending) return;
  preloaded = true;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "script";
  link.href = url;
  document.head.appendChild(link);
}

/** Calls `listener` once the library has loaded (not if it already has); answers the unsubscribe. */
export function onSignLibraryLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
