// Before hydration the prerendered header can only show the logged-out navigation ("Log ind", "Prøv
// gratis i 14 dage"): the server does not know the token, which lives in the browser. On /app the plan
// is drawn before the page hydrates, so a signed-in user would watch those links for the length of
// the hydration. An inline script in <head> marks the document while a token that decodes to a user
// is stored; while the mark is there the header keeps its logged-out parts out of sight (the
// navigation invisible in place, the login buttons out of the row, so the theme button sits where it
// stays), and it removes the mark once it has hydrated and shows the right variant.
// No "use client": the layout (a server component) renders the script.
import { TOKEN_STORAGE_KEY } from "./storage-keys";

/** On <html> from the first byte until the header has hydrated, when a user's token is stored. */
export const SESSION_PENDING_ATTRIBUTE = "data-session-pending";

/** The inline script: a stored token whose claims name a user (as decodeToken reads them) marks the document. */
export function sessionHintScript(): string {
  const settings = JSON.stringify({ key: TOKEN_STORAGE_KEY, attribute: SESSION_PENDING_ATTRIBUTE });
  // Plain ES5 without helpers, like the early plan request.
  return `(function(s){try{var t=localStorage.getItem(s.key);var p=t&&t.split(".")[1];if(!p)return;var c=JSON.parse(decodeURIComponent(escape(atob(p.replace(/-/g,"+").replace(/_/g,"/")))));if(c&&typeof c.id==="number"&&typeof c.email==="string")document.documentElement.setAttribute(s.attribute,"")}catch(e){}})(${settings.replace(/</g, "\\u003c")})`;
}

/** A style for the header's logged-out parts that applies only while a user's session is pending. */
export function whileSessionPending<Style extends object>(style: Style): Record<string, Style> {
  return { [`html[${SESSION_PENDING_ATTRIBUTE}] &`]: style };
}
