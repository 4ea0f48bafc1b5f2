/**
 * The `test` every browser test uses: Playwright's, with every page of the test watched for Content
 * Security Policy violations. The app runs under a strict CSP (src/proxy.ts); a script, worker, image or
 * request it blocks fails the test that met it, whichever feature that test is about.
 */
import { test as base, expect, type Browser, type BrowserContext } from "@playwright/test";

/** What the browsers of this worker reported, in order; each test checks the part that came during it. */
const violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

function watch(context: BrowserContext): BrowserContext {
  if (watched.has(context)) return context;
  watched.add(context);
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  return context;
}

/** Takes the violations so far that match `pattern` out of the record (a test that provokes one on purpose), and returns them. */
export function takeViolations(pattern: RegExp): string[] {
  const taken = violations.filter((text) => pattern.test(text));
  for (let i = violations.length - 1; i >= 0; i--) if (pattern.test(violations[i]!)) violations.splice(i, 1);
  return taken;
}

export const test = base.extend<{ cspGuard: void }, { browser: Browser }>({
  // Contexts a test makes itself (browser.newContext, browser.newPage) are watched too.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => watch(await newContext(...args));
      await provide(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context }, provide) => {
    await provide(watch(context));
  },
  cspGuard: [
    async ({}, provide) => {
      const before = violations.length;
      await provide();
      expect(violations.slice(before), "Content Security Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
