/**
 * The React side's way to the map engine (src/editor/engine): a classic script that the page's <head>
 * starts (src/components/editor-engine-preload.tsx) and that defines `window.__planEngine`, its
 * exports; where the page did not start it (a client-side navigation), loadEngine() adds it, and a
 * second copy does nothing (src/client/script-global.ts). Every editor component then uses it
 * synchronously through engine(): the editor renders only once loadEngine() has resolved. Only types
 * are imported from the engine's modules (lint keeps it that way), so OpenLayers and the editor's map
 * state exist once in the page, in the engine.
 */
import type * as EngineModule from "./engine";
import { loadScriptGlobal } from "@/client/script-global";

export type Engine = typeof EngineModule;

/** The engine's entry, fingerprinted by the build (next.config.ts reads the engine's manifest). */
export const ENGINE_URL = process.env.EDITOR_ENGINE_URL ?? "";

let loaded: Engine | null = null;
let pending: Promise<Engine> | null = null;

/** Loads the engine once; a failed load can be tried again. */
export function loadEngine(): Promise<Engine> {
  if (loaded) return Promise.resolve(loaded);
  pending ??= loadScriptGlobal<Engine>(ENGINE_URL, "__planEngine").then(
    (engine) => (loaded = engine),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The loaded engine; only called by components that render after loadEngine() resolved. */
export function engine(): Engine {
  if (!loaded) throw new Error("The editor engine is not loaded yet");
  return loaded;
}
