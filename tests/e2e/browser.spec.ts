// The test browser itself (scripts/chromium-args.mjs): what runs beside the tabs takes CPU from the app
// under test and from the benchmark's pages on this two-core machine.
import { chromium, expect, test, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium-args.mjs";

/** The URLs of every target of the browser once a tab is open: pages, workers and the browser's own UI pages. */
async function targetUrls(browser: Browser): Promise<string[]> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("data:text/html,<p>page</p>");
  const session = await browser.newBrowserCDPSession();
  // The drop-down is built as the window opens; give it the time it takes where the feature is on.
  for (let i = 0; i < 20; i++) {
    const { targetInfos } = await session.send("Target.getTargets");
    if (targetInfos.some((target) => target.url.startsWith("chrome://omnibox"))) break;
    await page.waitForTimeout(100);
  }
  return (await session.send("Target.getTargets")).targetInfos.map((target) => target.url);
}

test("no address-bar drop-down page runs beside the tabs", async () => {
  const launch = (args: string[]) => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
  // Without our --disable-features, this Chromium builds the drop-down (so the check can fail)…
  const plain = await launch(CHROMIUM_ARGS.filter((arg) => !arg.startsWith("--disable-features=")));
  try {
    expect((await targetUrls(plain)).filter((url) => url.startsWith("chrome://omnibox-popup"))).not.toEqual([]);
  } finally {
    await plain.close();
  }
  // …and with the flags every test and benchmark uses, the tab is the only page.
  const flagged = await launch(CHROMIUM_ARGS);
  try {
    expect(await targetUrls(flagged)).toEqual(["data:text/html,<p>page</p>"]);
  } finally {
    await flagged.close();
  }
});
