/**
 * Loading a classic script that defines one global (the map engine, `__planEngine`; the sign library,
 * `__planSigns`; both built by scripts/build-engine.mjs). Classic rather than ES modules because
 * Chromium keeps a V8 code cache for a returning visitor's classic scripts and uses it, so the engine
 * is ready without being compiled again; it compiles an ES module afresh on every page load.
 *
 * The build guards each script (`if (!globalThis.<name>) { … }`), so a second copy of it in the page
 * does nothing: a page may ask for the script while the copy its HTML started is still on its way.
 */

/** Global names of the scripts the build makes. */
export type ScriptGlobal = "__planEngine" | "__planSigns";

function defined(name: ScriptGlobal): unknown {
  return (globalThis as Record<string, unknown>)[name];
}

/**
 * Resolves with the global `name` once the script at `url` has run; at once if it already has. Rejects
 * when the script cannot be fetched, or ran without defining `name` (it threw); a later call tries
 * again with a new script element.
 */
export function loadScriptGlobal<T>(url: string, name: ScriptGlobal): Promise<T> {
  const present = defined(name);
  if (present !== undefined) return Promise.resolve(present as T);
  return new Promise<T>((resolve, reject) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = url;
    script.addEventListener("load", () => {
      const value = defined(name);
      if (value !== undefined) resolve(value as T);
      else reject(new Error(`${url} ran without defining ${name}`));
    });
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`${url} could not be loaded`));
    });
    document.head.appendChild(script);
  });
}
