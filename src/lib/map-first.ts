// The map before the application, on /app. The engine (src/editor/engine) draws the plan without
// React; but while it loads and draws, Next's own scripts (about 1.5 MB: React, MUI, the editor's
// panels) were fetched, decoded, evaluated and hydrated beside it, on the same cores. Measured on the
// two-core benchmark machine, that work pushed the map's first frame from about 1.3× a bare OpenLayers
// page to 1.9×. So on /app the server hands the page Next's scripts as inert placeholders
// (src/server/map-first.ts), and this page script starts them as soon as the map has drawn its first
// frame, or the engine has found it has nothing to draw, or the time given below has passed; never
// before the document has been read to its end, so that no placeholder is missed.
//
// Two halves of one hand-shake, through one global: the server puts the loader in the page's <head>,
// before any placeholder and before the engine's script; the engine calls releaseApplicationScripts()
// when the map is drawn (or will not be). Whichever comes second starts the scripts.

/** The attribute that holds a deferred script's URL on its inert placeholder. */
export const DEFERRED_SRC_ATTRIBUTE = "data-after-map";

/** The page's global: the loader's release function, or `true` when the engine was there first. */
const GLOBAL = "__planAfterMap";

/** At the latest this long after the loader ran, the application's scripts start (an engine that failed to load, say). */
export const MAP_FIRST_TIMEOUT_MS = 4000;

declare global {
  interface Window {
    [GLOBAL]?: (() => void) | true;
  }
}

/**
 * The inline loader for /app's <head>. Plain ES5: it runs before anything else of the app. Each
 * placeholder is replaced by the script it stands for, async as Next wrote it, in document order.
 */
export function mapFirstLoaderScript(): string {
  const settings = JSON.stringify({ global: GLOBAL, attribute: DEFERRED_SRC_ATTRIBUTE, timeout: MAP_FIRST_TIMEOUT_MS });
  return (
    `(function(s){var w=window,drawn=w[s.global]===true,read=document.readyState!=="loading",done=false;` +
    `function go(){if(done||!drawn||!read)return;done=true;var l=document.querySelectorAll("script["+s.attribute+"]");` +
    `for(var i=0;i<l.length;i++){var p=l[i],e=document.createElement("script");e.src=p.getAttribute(s.attribute);e.async=true;p.parentNode.replaceChild(e,p)}}` +
    `function release(){drawn=true;go()}w[s.global]=release;` +
    `if(!read)document.addEventListener("DOMContentLoaded",function(){read=true;go()});setTimeout(release,s.timeout);go()})(${settings})`
  );
}

/** The engine's half: the map is drawn (or has nothing to draw); the application may start. Idempotent. */
export function releaseApplicationScripts(): void {
  if (typeof window === "undefined") return;
  const release = window[GLOBAL];
  if (typeof release === "function") release();
  else window[GLOBAL] = true;
}
