/**
 * The sign catalogue and its renderer (src/lib/signs, about 480 KB of source), loaded when first
 * needed rather than with the editor: a plan without signs is drawn without waiting for it, and the
 * editor's chunk stays small. A plan with signs loads it before its map is shown (ui/editor-loader.tsx),
 * so a first frame never shows a sign without its picture; the sign tools load it when they open.
 *
 * Until it is there a sign resolves to the placeholder (./sign-image.ts); when it arrives the resolved
 * pictures are forgotten and every open map redraws (onSignLibraryLoaded).
 */
import type * as SignLibraryModules from "./sign-library-modules";

export type SignLibrary = typeof SignLibraryModules;

let library: SignLibrary | null = null;
let pending: Promise<SignLibrary> | null = null;
const listeners = new Set<() => void>();

/** The library when it has loaded, else null. */
export function signLibrary(): SignLibrary | null {
  return library;
}

/** Resolves once the library is there; a failed load is tried again on the next call. */
export function loadSignLibrary(): Promise<SignLibrary> {
  if (library) return Promise.resolve(library);
  pending ??= import("./sign-library-modules").then(
    (loaded) => {
      library = loaded;
      for (const listener of [...listeners]) listener();
      return loaded;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Calls `listener` every time the library arrives (once per page); answers the unsubscribe. */
export function onSignLibraryLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
