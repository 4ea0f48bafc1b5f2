// The flags every test and benchmark browser is launched with (scripts/chromium-args.mjs); that they
// keep the address bar's drop-down away is checked in a real browser (tests/e2e/browser.spec.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, OMNIBOX_POPUP_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from "../../scripts/chromium-args.mjs";

/** The features the installed Playwright disables, read from its bundle (chromiumSwitches.ts). */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(path.join(path.dirname(require.resolve("playwright-core/package.json")), "lib", "coreBundle.js"), "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
  if (!list?.[1]) throw new Error("playwright-core's list of disabled features was not found in its bundle");
  return [...list[1].matchAll(/^\s*"([^"]+)"/gm)].map((match) => match[1] ?? "");
}

describe("Chromium's flags", () => {
  it("keep every feature Playwright disables, since only the last --disable-features counts", () => {
    const fromPlaywright = playwrightDisabledFeatures();
    expect(fromPlaywright).toContain("PaintHolding");
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(fromPlaywright));
    const flags = CHROMIUM_ARGS.filter((arg) => arg.startsWith("--disable-features="));
    expect(flags.map((flag) => flag.slice("--disable-features=".length).split(","))).toEqual([
      [...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES],
    ]);
  });
});
