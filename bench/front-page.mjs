// `npm run bench:front-page` (and part of `npm run bench`): the JavaScript each site's front page loads,
// in a real browser against the built app. Issue 34: "the front page loads at most 150 KB of JavaScript"
// (compressed) on each site. A benchmark, not a test: it prints the figures and "PASS/FAIL" against the
// target and exits 0 either way; it exits non-zero only when the benchmark itself breaks.
//
// What it does:
//  1. Needs a production build (.next/): builds one when there is none or when BENCH_BUILD is set
//     (scripts/build-state.mjs); an out-of-date build is measured as it is, with a note.
//  2. Starts the app, `node scripts/start.mjs --no-build`, on 127.0.0.1:3300 (BENCH_FRONT_PORT) with a
//     fresh temporary DATA_DIR (SQLite) and waits for /api/health.
//  3. Launches Debian's Chromium headless with the e2e flags (scripts/chromium-args.mjs) and, for each
//     page, a fresh browser context (empty HTTP cache, as a first visit), a logged-out visitor:
//     `/` on skilteplanen.localhost, kloakplanen.localhost and ta-planen.localhost (target ≤ 150 KB),
//     and /login and /app on skilteplanen (for information; no target).
//  4. Waits for the load event, then for the network to stay quiet for 1.5 s (chunks loaded after
//     hydration, such as a lazily loaded island or a link's prefetch, count too), and sums every script
//     the page fetched: Chromium's Network events (CDP) give each response's type, the Content-Encoding
//     the server chose and the bytes on the wire; Resource Timing gives the body's size compressed
//     (encodedBodySize) and uncompressed (decodedBodySize). The server compresses every answer of 1 KB
//     or more (src/server/compression.ts: Brotli when the browser offers it, else gzip; a smaller chunk
//     goes as it is, "identity"); the encodings seen are printed. Scripts inline in the HTML (the RSC
//     payload, the theme's colour-scheme script) are part of the document and are printed with it, not
//     counted as scripts.
//  5. Prints per page: scripts, KB compressed, the part of it that is Next's root main files (React,
//     React DOM and Next's client runtime, .next/build-manifest.json's rootMainFiles: the floor of any
//     page), KB uncompressed, the HTML's compressed size and its inline scripts' size.
//
// BENCH_FRONT_VERBOSE=1 lists every script with its sizes, largest first (to find what a page pulls in).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { buildIsCurrent, ensureBuild } from "../scripts/build-state.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium-args.mjs";
import { assertPortFree, appCaller, isRunning, killQuietly, remember, stopApp, withTimeout } from "./harness.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const PORT = Number(process.env.BENCH_FRONT_PORT ?? 3300);
const TARGET_KB = 150;
const QUIET_MS = 1_500;
const VERBOSE = process.env.BENCH_FRONT_VERBOSE === "1";
const PAGES = [
  { site: "skilteplanen", path: "/", target: true },
  { site: "kloakplanen", path: "/", target: true },
  { site: "ta-planen", path: "/", target: true },
  { site: "skilteplanen", path: "/login", target: false },
  { site: "skilteplanen", path: "/app", target: false },
];

const state = { app: null, appLog: [], browser: null, dataDir: null, cleanup: null };

function cleanup() {
  state.cleanup ??= (async () => {
    if (state.browser) await withTimeout(state.browser.close(), 10_000, "closing the browser").catch(() => {});
    state.browser = null;
    await stopApp(state.app, "bench:front-page");
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 3 });
    state.dataDir = null;
  })();
  return state.cleanup;
}

process.on("exit", () => {
  if (isRunning(state.app)) killQuietly(-state.app.pid, "SIGKILL");
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    console.error(`\n[bench:front-page] ${signal}: stopping`);
    const timer = setTimeout(() => process.exit(130), 20_000);
    cleanup().finally(() => {
      clearTimeout(timer);
      process.exit(130);
    });
  });
}

async function startApp(dataDir) {
  await assertPortFree(PORT, HOST, "set BENCH_FRONT_PORT");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(PORT),
    HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
  };
  delete env.SITE_HOSTS; // the embedded defaults know *.localhost
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  state.app = child;
  child.stdout.on("data", (chunk) => remember(state.appLog, chunk));
  child.stderr.on("data", (chunk) => remember(state.appLog, chunk));
  const call = appCaller({ host: HOST, port: PORT, siteHost: `skilteplanen.localhost:${PORT}` });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`the app exited during start-up (code ${child.exitCode})`);
    try {
      if ((await call("GET", "/api/health", { timeoutMs: 2_000 })).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the app did not answer /api/health within 90 s");
}

/** Opens `url` in a fresh context and answers what it loaded once the network has been quiet for QUIET_MS. */
async function measure(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const requests = new Map();
    let inFlight = 0;
    let lastActivity = Date.now();
    cdp.on("Network.requestWillBeSent", ({ requestId, request }) => {
      if (!requests.has(requestId)) inFlight++;
      requests.set(requestId, { url: request.url, type: null, encoding: null, wire: 0, done: false });
      lastActivity = Date.now();
    });
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      const entry = requests.get(requestId);
      if (!entry) return;
      entry.type = type;
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      entry.encoding = headers["content-encoding"] ?? "identity";
      lastActivity = Date.now();
    });
    const finish = ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (!entry || entry.done) return;
      entry.done = true;
      entry.wire = encodedDataLength ?? 0;
      inFlight--;
      lastActivity = Date.now();
    };
    cdp.on("Network.loadingFinished", finish);
    cdp.on("Network.loadingFailed", finish);

    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response || response.status() >= 400) throw new Error(`${url}: HTTP ${response?.status()}`);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) await sleep(100);

    const timing = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .concat(performance.getEntriesByType("navigation"))
        .map((e) => ({ url: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize, initiator: e.initiatorType })),
    );
    const sizes = new Map(timing.map((t) => [t.url, t]));
    const scripts = [];
    let documentEntry = null;
    for (const entry of requests.values()) {
      const size = sizes.get(entry.url);
      const row = {
        url: entry.url,
        encoding: entry.encoding,
        wire: entry.wire,
        encoded: size?.encoded ?? entry.wire,
        decoded: size?.decoded ?? 0,
      };
      if (entry.type === "Script") scripts.push(row);
      if (entry.type === "Document" && !documentEntry) documentEntry = row;
    }
    const inlineScripts = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].reduce((sum, s) => sum + new TextEncoder().encode(s.textContent ?? "").length, 0),
    );
    return { finalUrl: page.url(), scripts, document: documentEntry, inlineScripts };
  } finally {
    await context.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function main() {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")) || process.env.BENCH_BUILD) {
    if (ensureBuild()) console.log("[bench:front-page] build done");
  } else if (!buildIsCurrent()) {
    console.log(
      "[bench:front-page] note: the production build in .next/ is older than the sources; measuring it as it is (npm run build, or BENCH_BUILD=1)",
    );
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  state.dataDir = mkdtempSync(path.join(tmpdir(), "plan-bench-front-"));
  await startApp(state.dataDir);
  state.browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1"],
  });

  // The chunks Next loads on every page whatever the app does: React, React DOM and Next's runtime.
  const { rootMainFiles = [] } = JSON.parse(readFileSync(path.join(ROOT, ".next", "build-manifest.json"), "utf8"));
  const isRuntime = (url) => rootMainFiles.some((file) => new URL(url).pathname === `/_next/${file}`);

  const rows = [];
  const encodings = new Set();
  for (const target of PAGES) {
    const url = `http://${target.site}.localhost:${PORT}${target.path}`;
    // One throw-away visit first: the server compiles nothing at run time, but its first render of a
    // route warms its module cache; the browser's cache is fresh for the measured visit either way.
    await measure(state.browser, url);
    const result = await measure(state.browser, url);
    const encoded = result.scripts.reduce((sum, s) => sum + s.encoded, 0);
    const decoded = result.scripts.reduce((sum, s) => sum + s.decoded, 0);
    const runtime = result.scripts.filter((s) => isRuntime(s.url)).reduce((sum, s) => sum + s.encoded, 0);
    for (const s of result.scripts) encodings.add(s.encoding);
    rows.push({ ...target, url, result, encoded, decoded, runtime });
    if (VERBOSE) {
      console.log(`\n${url} → ${result.finalUrl}`);
      for (const s of [...result.scripts].sort((a, b) => b.encoded - a.encoded))
        console.log(
          `  ${kb(s.encoded).padStart(7)} KB  ${kb(s.decoded).padStart(7)} KB  ${s.encoding.padEnd(8)} ${new URL(s.url).pathname}`,
        );
    }
  }

  console.log(
    `\n[bench:front-page] JavaScript a logged-out first visit loads (fresh cache; script encodings: ${[...encodings].join(", ")})\n`,
  );
  console.log(
    `${"page".padEnd(34)} ${"scripts".padStart(7)} ${"KB compr.".padStart(10)} ${"of it Next".padStart(10)} ${"KB uncompr.".padStart(11)} ${"HTML KB compr.".padStart(14)} ${"inline KB".padStart(9)}  target`,
  );
  for (const row of rows) {
    const verdict = row.target ? `≤ ${TARGET_KB} KB: ${row.encoded <= TARGET_KB * 1024 ? "PASS" : "FAIL"}` : "(information)";
    const name = `${row.site}${row.path}${row.result.finalUrl.endsWith(row.path) ? "" : ` → ${new URL(row.result.finalUrl).pathname}`}`;
    console.log(
      `${name.padEnd(34)} ${String(row.result.scripts.length).padStart(7)} ${kb(row.encoded).padStart(10)} ${kb(row.runtime).padStart(10)} ${kb(row.decoded).padStart(11)} ${kb(row.result.document?.encoded ?? 0).padStart(14)} ${kb(row.result.inlineScripts).padStart(9)}  ${verdict}`,
    );
  }
}

main()
  .then(() => cleanup())
  .then(() => process.exit(0))
  .catch(async (error) => {
    console.error(`[bench:front-page] failed: ${error.stack ?? error.message}`);
    if (state.appLog.length) console.error(state.appLog.slice(-30).join("\n"));
    await cleanup();
    process.exit(1);
  });
