import { preinitModule } from "react-dom";

/**
 * Starts the editor's map engine (src/editor/engine) from the page's <head>, for the pages that show a
 * plan (/app, /view): a module script that downloads beside the application's chunks and runs when it
 * is there, without waiting for them (an ES module: Chromium evaluates it several times faster than
 * the same code as a classic script). On a client-side navigation React adds the same script, once.
 * A server component that renders nothing itself.
 */
export function EditorEnginePreload() {
  const url = process.env.EDITOR_ENGINE_URL;
  if (url) preinitModule(url, { as: "script" });
  return null;
}
