// Keys of what the browser keeps in localStorage. No "use client": the server's inline scripts (the
// early plan request on /app) read the same keys.

/** The access token (core §4: "login stores the access token in local browser storage"). */
export const TOKEN_STORAGE_KEY = "token";

/** The plan opened last in this browser: /app without ?plan opens it again (core §2). */
export const LAST_PLAN_STORAGE_KEY = "last-plan-id";

/** Where the editor's map box was last laid out (window width and top), so the engine draws a plan there before the page has hydrated. */
export const MAP_BOX_STORAGE_KEY = "editor-map-box";
