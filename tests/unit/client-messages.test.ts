import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHELL_MESSAGE_KEYS, pickMessages } from "@/i18n/client-messages";
import { getSiteMessages } from "@/i18n/messages";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The client components that render under the [site] layout's provider alone: the shell on every page,
 * the error and not-found pages, and the marketing pages' islands. The routes with their own
 * all-messages layout are not here.
 */
const SHELL_CLIENT_FILES = [
  "src/components/providers.tsx",
  "src/components/toasts.tsx",
  "src/components/header-bar.tsx",
  "src/components/mobile-menu.tsx",
  "src/components/user-menu.tsx",
  "src/components/pending-invite.tsx",
  "src/components/feedback-dialog.tsx",
  "src/components/dialog-frame.tsx",
  "src/components/theme-mode-menu.tsx",
  "src/components/theme-mode-list.tsx",
  "src/components/billing/billing-status.tsx",
  "src/components/billing/trial-bar.tsx",
  "src/components/billing/blocked-account-dialog.tsx",
  "src/components/billing/invoice-reminder.tsx",
  "src/components/loading-screen.tsx",
  "src/components/prices/price-calculator.tsx",
  "src/client/form-errors.ts",
  "src/app/[site]/error.tsx",
  "src/app/[site]/not-found.tsx",
];

/** Every message path a file reads: `useTranslations("ns")` with its `t("key")` calls, or `t("ns.key")` under `useTranslations()`. */
function messagePaths(source: string): string[] {
  const namespaces = [...source.matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)].map((m) => m[1] ?? "");
  const keys = [...source.matchAll(/\bt\(\s*[`"]([a-zA-Z0-9_.]+)/g)].map((m) => m[1]!);
  const paths = namespaces.filter((ns) => ns !== "");
  // A file with a namespace-less translator reads whole paths from the root.
  if (namespaces.includes("")) paths.push(...keys);
  return paths;
}

const covered = (messagePath: string) =>
  SHELL_MESSAGE_KEYS.some((key) => messagePath === key || messagePath.startsWith(`${key}.`) || key.startsWith(`${messagePath}.`));

describe("the texts the [site] layout hands to the browser", () => {
  it("cover every namespace the shell's client components read", () => {
    const missing: string[] = [];
    for (const file of SHELL_CLIENT_FILES) {
      const paths = messagePaths(readFileSync(path.join(ROOT, file), "utf8"));
      for (const messagePath of paths) if (!covered(messagePath)) missing.push(`${file}: ${messagePath}`);
    }
    expect(missing).toEqual([]);
  });

  it("are a small part of the catalogue, nested as in it", () => {
    for (const site of ["skilteplanen", "kloakplanen", "ta-planen"] as const) {
      const all = getSiteMessages(site);
      const picked = pickMessages(all, SHELL_MESSAGE_KEYS);
      expect(picked.nav).toEqual(all.nav);
      expect(picked.pricesPage).toEqual({ calculator: all.pricesPage.calculator });
      expect(picked.editor).toBeUndefined();
      expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(all).length / 5);
    }
  });

  it("refuse a path the catalogue does not have", () => {
    expect(() => pickMessages(getSiteMessages("skilteplanen"), ["nav.nowhere"])).toThrow(/nav\.nowhere/);
  });
});
