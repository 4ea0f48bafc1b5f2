/**
 * Which texts travel to the browser with every page (issue 34). The [site] layout's
 * NextIntlClientProvider gets only what the shell's client components and the marketing pages' few
 * client islands use, instead of the whole catalogue (about 140 KB of JSON in every page's HTML); the
 * client UIs (the plan tool, the view page, the account and admin pages, the auth forms) get the whole
 * catalogue from their own layout (src/components/all-messages-layout.tsx), next-intl's documented
 * pattern of a nested provider.
 */
import type { Messages } from "./messages";

/** Paths into the catalogue: a namespace, or a dotted path for part of one. */
export const SHELL_MESSAGE_KEYS = [
  // header-bar, mobile-menu, user-menu, pending-invite, theme-mode-*, providers (the API client), toasts
  "nav",
  "header",
  "invites",
  "theme",
  "apiClient",
  "common",
  // the trial bar, blocked-account dialog and invoice reminder of the shell (billing-status)
  "billingStatus",
  // the user menu's feedback dialog and its form's field errors
  "feedbackDialog",
  "validation",
  // error.tsx, not-found.tsx, loading-screen
  "error",
  "notFound",
  "loading",
  // the prices page's calculator
  "pricesPage.calculator",
] as const;

type Tree = { [key: string]: unknown };

/** The parts of `messages` named by `keys`, nested as in the catalogue. */
export function pickMessages(messages: Messages, keys: readonly string[]): Partial<Messages> {
  const out: Tree = {};
  for (const key of keys) {
    const parts = key.split(".");
    let source: unknown = messages;
    for (const part of parts) source = (source as Tree | undefined)?.[part];
    if (source === undefined) throw new Error(`no messages under "${key}"`);
    let target = out;
    for (const part of parts.slice(0, -1)) target = (target[part] ??= {}) as Tree;
    target[parts.at(-1)!] = source;
  }
  return out as Partial<Messages>;
}
