import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium-args.mjs";
import { GEOCODER_ORIGIN } from "./tests/e2e/geocoder-server";
import { TILE_URL_TEMPLATE } from "./tests/e2e/tile-server";
import { WMS_ORIGIN } from "./tests/e2e/wms-server";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

// A fresh data folder per run: an empty SQLite database, outbox and file storage.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "plan-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Each worker drives a Chromium (browser, renderer and GPU processes) against the one app server; on
  // a two-core machine two workers starved each other and the server (tests timing out at 20–35 s that
  // take 7–10 s alone). One core is left for the server and the browser's other processes.
  workers: Number(process.env.E2E_WORKERS) || Math.max(1, Math.min(4, availableParallelism() - 1)),
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The base map's tile server (tests/e2e/tile-server.ts), started once for all workers.
  globalSetup: "./tests/e2e/global-setup.ts",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://skilteplanen.localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The built app served by server.ts, as `npm start` serves it (the test runner builds first).
    command: "node scripts/start.mjs --no-build",
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // Mail goes to DATA_DIR/outbox, where the tests read the links; a lower bcrypt cost keeps the suite fast.
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      NODE_ENV: "production",
      BCRYPT_COST: "8",
      // Every test browser shares 127.0.0.1; the limits themselves are tested in tests/api.
      RATE_LIMIT_MULTIPLIER: "50",
      // Links in e-mails come from the configuration only; the tests follow them to this server.
      SITE_URLS: ["skilteplanen", "kloakplanen", "ta-planen"].map((site) => `${site}=http://${site}.localhost:${E2E_PORT}`).join(","),
      // The base map from the local tile server, read by the server at run time (src/lib/map-config.ts).
      // No Dataforsyningen or Lantmäteriet key: the Danish maps are listed as unavailable, so a plan
      // asking for one (the default) shows OpenStreetMap, that is these tiles.
      OSM_URL: TILE_URL_TEMPLATE,
      // The WMS stand-in (tests/e2e/wms-server.ts), which the base map's dpi test starts and gives a token;
      // without one here, every other test sees the Danish maps unavailable.
      DATAFORSYNINGEN_URL: WMS_ORIGIN,
      DATAFORSYNINGEN_TOKEN: "",
      NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN: "",
      LANTMATERIET_TOKEN: "",
      NEXT_PUBLIC_LANTMATERIET_TOKEN: "",
      // The company look-up never asks the real register from a test; a test that needs it starts a stand-in.
      // The address search asks the geocoder stand-in (tests/e2e/geocoder-server.ts), which the address
      // search test starts; for every other test nothing answers there and no test searches.
      DAWA_URL: `${GEOCODER_ORIGIN}/dawa`,
      SE_GEOCODER_URL: `${GEOCODER_ORIGIN}/se`,
      GEOCODER_TIMEOUT_MS: "2000",
      CVR_LOOKUP_URL: "",
      ORG_NUMBER_LOOKUP_URL: "",
    },
  },
});
