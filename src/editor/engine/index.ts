/**
 * The editor's map engine: OpenLayers, the plan store, the element kinds' geometry and styles, the
 * interactions, backgrounds and base maps, with no React. It is built by esbuild as a script of its own
 * (scripts/build-engine.mjs) whose exports are `window.__planEngine`, and loaded by /app and /view
 * beside the Next application, so the map does not wait for the application's shell: on /app it draws
 * the plan as soon as both the plan and this script are there (./boot.ts), and the React editor adopts
 * what it drew.
 *
 * The React side never imports these modules at run time (lint enforces it): it loads this script once
 * (src/editor/engine-client.ts) and uses what it exports, so OpenLayers and every piece of the editor's
 * state exist exactly once in the page. Everything the React editor needs at run time is exported here.
 */
import { boot } from "./boot";
import { preloadSignLibrary } from "./sign-library-loader";

export { EditorSession, type SessionOptions } from "./session";
export { bootedSessionFor, claimBootedSession, discardBootedSession, rememberMapBox } from "./boot";
export { loadSignLibrary } from "./sign-library-loader";
export { PlanStore } from "../store/plan-store";
export { editorElement, DRAWABLE_KINDS } from "../elements/registry";
export { EditorInteractions, newElementId } from "../interactions/editor-interactions";
export { applyMapView, mapViewOf, setMapRotation, toDegrees } from "../map/create-map";
export { elementOfFeature, metresPerPixelAt } from "../map/element-layer";
export { toPosition } from "../elements/geometry";
export { signStyle } from "../elements/sign";
export { setArtworkOverrides, artworkOverrideOf, isLoadableUpload } from "../elements/sign/sign-image";
export { BACKGROUND_ANCHOR, backgroundGeometry, createBackgroundLayer, disposeBackgroundImage, loadBackgroundImage } from "../map/background/plan-background";
export { default as Draw } from "ol/interaction/Draw";

if (typeof window !== "undefined") {
  // The sign library downloads beside the plan; it runs when the plan has signs or once the map is drawn.
  preloadSignLibrary();
  boot();
}
