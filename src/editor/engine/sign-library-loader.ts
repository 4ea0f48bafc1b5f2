/**
 * Loads the sign library (./sign-library.ts) into the engine: at once when the engine starts, beside
 * the plan's request. Until it is there, a sign resolves to no picture (sign-image.ts); when it
 * arrives the resolved pictures are forgotten and the maps that asked are redrawn. The boot waits for
 * it before drawing a plan that has signs, so a first frame never shows a sign without its picture.
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

export function signLibraryLoaded(): boolean {
  return typeof window !== "undefined" && window.__planSigns !== undefined;
}

/** Resolves once the library is there; a failed load is tried again on the next call. */
export function loadSignLibrary(): Promise<void> {
  if (signLibraryLoaded()) return Promise.resolve();
  const url = process.env.SIGN_LIBRARY_URL;
  if (!url) return Promise.reject(new Error("This build has no sign library"));
  pending ??= loadScriptGlobal(url, "__planSigns").then(
    () => signPicturesChanged(),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
