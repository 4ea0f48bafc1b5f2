// The command-line flags of every Chromium that the tests and benchmarks launch (playwright.config.ts,
// bench/editor.mjs): Debian's Chromium, headless, offline.
//
// Since Chromium's headless mode became the full browser, each browser window builds the address bar's
// drop-down, a WebUI page (chrome://omnibox-popup.top-chrome), in a renderer process of its own as soon
// as a tab opens: about 150 module scripts, and on this two-core machine close to half a core for the
// first seconds of every new tab (seen in Chromium 156 traces, beside the page being measured). Nothing
// here ever shows that drop-down, so its features are turned off.
//
// Chromium keeps only the last `--disable-features` on a command line, and Playwright passes its own
// list before the caller's flags: the list below therefore repeats Playwright's (playwright-core's
// chromiumSwitches.ts) and adds ours. tests/unit/chromium-args.test.ts checks that it still contains every
// feature the installed Playwright disables.

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Features Playwright itself disables (playwright-core 1.65, chromiumSwitches.ts). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** The address bar's WebUI drop-downs, built in the background for every window. */
export const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

/** Flags for chromium.launch({ args }) in tests and benchmarks. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(",")}`,
];
