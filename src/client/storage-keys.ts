// Keys of what the browser keeps in localStorage.

/** The access token (core §4: "login stores the access token in local browser storage"). */
export const TOKEN_STORAGE_KEY = "token";

/** The plan opened last in this browser: /app without ?plan opens it again (core §2). */
export const LAST_PLAN_STORAGE_KEY = "last-plan-id";
