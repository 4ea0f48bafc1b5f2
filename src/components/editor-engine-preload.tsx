import { preinit } from "react-dom";

/**
 * Starts the editor's map engine (src/editor/engine) from the page's <head>, for the pages that show a
 * plan (/app, /view): an async classic script that downloads beside the application's chunks and runs
 * when it is there, without waiting for them. Classic, not an ES module: Chromium keeps and uses a V8
 * code cache for a returning visitor's classic scripts, so the engine is not compiled again on every
 * open (src/client/script-global.ts). On a client-side navigation React adds the same script, once.
 * A server component that renders nothing itself.
 */
export function EditorEnginePreload() {
  const url = process.env.EDITOR_ENGINE_URL;
  if (url) preinit(url, { as: "script" });
  return null;
}
