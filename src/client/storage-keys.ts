// Keys of what the browser keeps in localStorage.

/** The access token (core §4: "login stores the access token in local browser storage"). */
export const TOKEN_STORAGE_KEY = "token";

/** The plan opened last in this browser: /app without ?plan opens it again (core §2). */
export const LAST_PLAN_STORAGE_KEY = "last-plan-id";

/** The day (YYYY-MM-DD, local) a user last put the trial or invoice reminder aside; the key ends with the user's id. */
export const BILLING_REMINDER_STORAGE_KEY_PREFIX = "billing-reminder-dismissed:";
