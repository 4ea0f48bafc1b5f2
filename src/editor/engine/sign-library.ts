/**
 * The sign library: the Danish catalogue and its renderer (src/lib/signs), which the map needs only to
 * draw signs. The engine's build makes it a module of its own (scripts/build-engine.mjs), which the
 * engine imports by URL and keeps in window.__planSigns, and gives the engine a stand-in for these
 * modules that forwards to it; so the engine starts without evaluating the catalogue, and fetches it beside the plan
 * (./sign-library-loader.ts). Tests and the React side import the modules directly.
 */
export { findSign } from "@/lib/signs/catalogue";
export { renderDkSignSvg } from "@/lib/signs/dk";
