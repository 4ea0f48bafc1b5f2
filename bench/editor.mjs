// `npm run bench:editor` (and part of `npm run bench`): the plan editor in a real browser against a bare
// OpenLayers page drawing the same features, in the same run, the same browser and the same flags.
// Issue: "open a plan of 5,000 elements to the first rendered frame, and the frame time while panning,
// beside a bare OpenLayers page that renders the same features as GeoJSON in the same run; target
// ≤ 1.25× the bare page". A benchmark, not a test: it prints numbers and ratios and exits 0 whether or
// not the target is met; it exits non-zero only when the benchmark itself breaks.
//
// What it does, in one run:
//  1. Needs a production build (.next/): builds one when there is none (scripts/build-state.mjs); when
//     the build is older than the sources it says so and measures it anyway (`npm run build` first, or
//     BENCH_BUILD=1 to build when needed; `npm run bench` runs the API benchmark first, which does).
//  2. Starts the app, `node scripts/start.mjs --no-build`, on 127.0.0.1:3200 (BENCH_EDITOR_PORT) with a
//     fresh temporary DATA_DIR (SQLite), SMTP_URL="" (mail to the outbox), BCRYPT_COST=4 and
//     RATE_LIMIT_MULTIPLIER=1000; waits for /api/health.
//  3. Registers a user, confirms the e-mail with the outbox link (POST /api/auth/verify gives the token),
//     creates a plan in the default project and PUTs content with 5,000 lines (BENCH_ELEMENTS):
//     deterministic pseudo-random lines of 2–6 vertices over a 2 × 2 km square around Odense, 12 colours,
//     widths 0.1–3 m, checked locally with parsePlanContent; the plan's map view is the square's centre
//     at zoom 15 (all lines in view).
//  4. Bundles bench/bare-ol/main.js with esbuild (OpenLayers + ol/ol.css, minified, a classic script as
//     the engine is) and serves it from node:http on 127.0.0.1 with the same lines as a GeoJSON
//     FeatureCollection (/features.geojson, no-store, as the plan API answers; the bundle cached like
//     Next's static chunks). Under the lines it shows the editor's default base map, an OpenStreetMap
//     tile layer with the app's URL template (src/lib/map-config.ts), so both pages draw
//     the same map.
//  5. Launches Debian's Chromium headless (/usr/bin/chromium, CHROMIUM_PATH) with the e2e flags, a
//     1280×800 window at device scale 1, on a profile on disk (a persistent context: V8's code cache
//     works there, as in a returning user's browser, and not in an incognito context). Both pages open
//     in it; the app's origin holds the access token in localStorage (as after a login). The bare page's
//     map box is given the editor's map size, measured in the app, so both draw the same pixels.
//  6. Open: BENCH_RUNS (5) measured runs after one warm-up (HTTP cache and V8's code cache warm, as for
//     a returning user), app and bare interleaved, each in a new tab: from navigation start
//     (performance.timeOrigin) to the map's first rendered frame (its first `postrender` with a frame)
//     with all 5,000 features in the layer, and on to its first `rendercomplete` (every layer loaded: the base map's tiles settled).
//     The editor records both in window.__planEditor.firstFrame() (src/editor/core/test-api.ts), the bare
//     page the same way. The app's time includes its shell: HTML, JS, React/MUI hydration, the session
//     and the plan's API call; so the table also splits it at the plan's (or the GeoJSON's) request start
//     and response end (Resource Timing) and at the moment the map and layer were mounted.
//  7. Pan: in one tab per page at the plan's view, 120 frames (BENCH_PAN_FRAMES) of 5 px each, driven from
//     a requestAnimationFrame loop inside the page (one step per frame, so both pages get exactly the same
//     motion), in two ways:
//       drag — pointerdown / pointermove / pointerup events on the map's viewport at an empty spot (no
//              line within 12 px, found on the bare page), the path of a mouse drag: OpenLayers' DragPan,
//              the interacting view hint, the vector layer replaying its cached drawing instructions;
//              and in the app the editor's own pointer handling (the select tool) as a user gets it;
//       view — view.setCenter every frame (window.__planEditor.setCenter / window.__bare.setCenter) with
//              no hint: every frame rebuilds the vector layer's instructions, so the style function runs
//              for every line in view on every frame (the editor's per-feature cost, worst case); and
//              as the view changes outside a gesture, every frame also ends a move (moveend).
//     Each pan goes 600 px one way, the next one back, so every run sees the same lines. One warm-up pan
//     per kind and page, then BENCH_RUNS measured runs, app and bare interleaved; before each the pages
//     are idle (no request in flight, and the app's autosave of the changed map view done; the number of
//     those saves is printed).
//     Per pan: frame time = the intervals between requestAnimationFrame timestamps (mean and p95), and the
//     main-thread script time per frame in animation-frame callbacks (OpenLayers renders in one) plus the
//     event dispatch (window.requestAnimationFrame wrapped by an init script, the same in both pages).
//  8. Prints median (and min) over the runs for both pages, the app/bare ratios and "target ≤ 1.25×:
//     PASS/FAIL" per metric; stops the browser and the servers and removes the temporary directory on every
//     exit path (success, failure, Ctrl-C, SIGTERM), with bounded waits.
//
// Headless Chromium with --disable-gpu rasterises on the CPU (software canvas and compositing), and the
// browser, the app's server and this script share the machine's cores: absolute numbers are not what a
// user with a GPU sees. The ratio against the bare page in the same run is the point. Outside hosts
// (the base map's tile server) are made unresolvable for both pages (--host-resolver-rules), so their
// tiles fail at once and alike and no run waits on the network: the benchmark measures the plan's lines.
// (A build with a Dataforsyningen token shows the Danish map instead of OSM; its tiles fail the same way.)
//
// Tuning (defaults in brackets): BENCH_RUNS [5], BENCH_ELEMENTS [5000], BENCH_PAN_FRAMES [120],
// BENCH_EDITOR_PORT [3200], CHROMIUM_PATH [/usr/bin/chromium], BENCH_BUILD [unset],
// BENCH_EDITOR_PROFILE [unset]: "1" profiles each open, "pan" the app's first measured pans;
// BENCH_KINDS [lines]: "all" (or kinds by name, "barrier,text") gives the app every kind the editor
// draws, in turn, on the same geometries
// (a line's vertices as a line, the ring of an area, the first vertex of a point, sign or text) and, for
// kinds with a width in metres, the line's width; the bare page still draws them as plain lines, so the
// ratio shows what the kinds' looks cost.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { build as esbuild } from "esbuild";
import { tsImport } from "tsx/esm/api";
import { buildIsCurrent, ensureBuild } from "../scripts/build-state.mjs";
import {
  STOP_WAIT_MS,
  appCaller,
  expectStatus,
  isRunning,
  killQuietly,
  remember,
  stopApp,
  verificationToken,
  withTimeout,
  assertPortFree,
} from "./harness.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium-args.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const intEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const APP_PORT = intEnv("BENCH_EDITOR_PORT", 3200);
const SITE = "skilteplanen";
const SITE_HOST = `${SITE}.localhost:${APP_PORT}`;
const call = appCaller({ host: HOST, port: APP_PORT, siteHost: SITE_HOST });
const RUNS = intEnv("BENCH_RUNS", 5);
const ELEMENT_COUNT = intEnv("BENCH_ELEMENTS", 5000);
/** BENCH_KINDS: "all", or kinds by name ("barrier,text"): the app's plan then holds those kinds in turn. */
const BENCH_KINDS = process.env.BENCH_KINDS?.trim() || null;
const ALL_KINDS = BENCH_KINDS !== null;
const PAN_FRAMES = intEnv("BENCH_PAN_FRAMES", 120);
const PAN_PX = 5;
/** Targets as ratios to the bare page: the open's (first frame ≤ 1.5×, interactive ≤ 2× the bare page's first frame) and panning's. */
const TARGETS = { firstFrame: 1.5, interactive: 2, pan: 1.25 };
const CENTER = [10.38551, 55.40178];
const ZOOM = 15;
const HALF_SIDE_M = 1000;
const VIEWPORT = { width: 1280, height: 800 };
const OVERALL_TIMEOUT_MS = 6 * 60_000;
/** The app's autosave waits this long after the last change (src/editor/core/store/autosave.ts: 1 s) before it saves. */
const APP_QUIET_MS = 1_500;
const BARE_QUIET_MS = 300;

// ---------------------------------------------------------------------------------------------------
// Processes and clean-up

const state = { app: null, appLog: [], bareServer: null, browser: null, dataDir: null, cleanup: null };

function cleanup() {
  state.cleanup ??= (async () => {
    if (state.browser)
      await withTimeout(state.browser.close(), 10_000, "closing the browser").catch((error) =>
        console.error(`[bench:editor] ${error.message}`),
      );
    state.browser = null;
    if (state.bareServer) {
      state.bareServer.closeAllConnections?.();
      state.bareServer.close();
      state.bareServer = null;
    }
    await stopApp(state.app, "bench:editor");
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 3 });
    state.dataDir = null;
  })();
  return state.cleanup;
}

// Last resort when the process exits without the asynchronous clean-up. (Playwright kills the browser
// it launched when this process exits.)
process.on("exit", () => {
  if (isRunning(state.app)) killQuietly(-state.app.pid, "SIGKILL");
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
});

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench:editor] ${signal}: stopping the browser and the servers`);
    const timer = setTimeout(() => process.exit(130), STOP_WAIT_MS + 15_000);
    cleanup().finally(() => {
      clearTimeout(timer);
      process.exit(130);
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The app: started on its own port with a fresh data folder; called from Node through ./harness.mjs.

async function startApp(dataDir) {
  await assertPortFree(APP_PORT, HOST, "stop whatever listens there or set BENCH_EDITOR_PORT");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(APP_PORT),
    HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    BCRYPT_COST: "4",
    RATE_LIMIT_MULTIPLIER: "1000",
  };
  delete env.SITE_HOSTS; // the embedded defaults know skilteplanen.localhost
  delete env.REDIS_URL;
  // Its own process group, so that a hung server and anything it started can be killed together.
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  state.app = child;
  child.stdout.on("data", (chunk) => remember(state.appLog, chunk));
  child.stderr.on("data", (chunk) => remember(state.appLog, chunk));

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`the app exited during start-up (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      const health = await call("GET", "/api/health", { timeoutMs: 2_000 });
      if (health.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the app did not answer /api/health within 90 s");
}

// ---------------------------------------------------------------------------------------------------
// The plan: the same lines for the app (plan content) and the bare page (GeoJSON)

/** mulberry32: a small deterministic PRNG, so every run draws the same plan. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLOURS = [
  "#d32f2f",
  "#1976d2",
  "#388e3c",
  "#f57c00",
  "#7b1fa2",
  "#000000",
  "#455a64",
  "#c2185b",
  "#0097a7",
  "#fbc02d",
  "#5d4037",
  "#1562ad",
];
const round7 = (value) => Math.round(value * 1e7) / 1e7;

function generateLines(count) {
  const random = prng(20_251_122);
  const metresPerDegLat = 111_320;
  const metresPerDegLon = 111_320 * Math.cos((CENTER[1] * Math.PI) / 180);
  const lines = [];
  for (let i = 0; i < count; i++) {
    let x = (random() * 2 - 1) * HALF_SIDE_M;
    let y = (random() * 2 - 1) * HALF_SIDE_M;
    const vertices = 2 + Math.floor(random() * 5); // 2–6
    const coordinates = [];
    let heading = random() * 2 * Math.PI;
    for (let v = 0; v < vertices; v++) {
      coordinates.push([round7(CENTER[0] + x / metresPerDegLon), round7(CENTER[1] + y / metresPerDegLat)]);
      heading += (random() - 0.5) * 1.5;
      const step = 10 + random() * 70;
      x += Math.cos(heading) * step;
      y += Math.sin(heading) * step;
    }
    lines.push({
      id: `bench-line-${i}`,
      colour: COLOURS[Math.floor(random() * COLOURS.length)],
      width: Math.round((0.1 + random() * 2.9) * 10) / 10,
      coordinates,
    });
  }
  return lines;
}

/**
 * The generated lines as elements of every kind the editor draws, in turn: each kind's example element
 * (src/lib/elements/examples.ts) with the line's id and geometry. An area gets a third vertex where the
 * line has two.
 */
async function asEveryKind(lines) {
  const from = pathToFileURL(path.join(ROOT, "bench", "editor.mjs")).href;
  const { EXAMPLE_ELEMENTS } = await tsImport("../src/lib/elements/examples.ts", from);
  const { ELEMENT_KINDS, getElementDefinition } = await tsImport("../src/lib/elements/registry.ts", from);
  // Every kind, or the ones named.
  const named = BENCH_KINDS === "all" ? null : BENCH_KINDS.split(",").map((kind) => kind.trim());
  const kinds = ELEMENT_KINDS.filter((kind) => !named || named.includes(kind));
  if (kinds.length === 0) throw new Error(`BENCH_KINDS names no kind the editor draws: ${BENCH_KINDS}`);
  const lists = {};
  lines.forEach((line, i) => {
    const kind = kinds[i % kinds.length];
    const definition = getElementDefinition(kind);
    const [first, second] = line.coordinates;
    const geometry =
      definition.geometry === "point"
        ? { position: first }
        : definition.geometry === "area" && line.coordinates.length < 3
          ? { coordinates: [first, second, [second[0], round7(second[1] + 0.0002)]] }
          : { coordinates: line.coordinates };
    const example =
      kind === "sign" ? { ...EXAMPLE_ELEMENTS.sign, imageUrl: "/signs/dk/A/A11.webp", subSign: undefined } : EXAMPLE_ELEMENTS[kind];
    // A kind with a width in metres gets the line's, the width the bare page draws (the examples hold
    // extremes for the tests, such as a 100 m arrow).
    const width = typeof example.width === "number" ? { width: line.width } : {};
    (lists[definition.listKey] ??= []).push({ ...example, id: line.id, ...geometry, ...width });
  });
  return { lists, kinds };
}

async function buildPlan(count) {
  const from = pathToFileURL(path.join(ROOT, "bench", "editor.mjs")).href;
  const { defaultPlanContent, parsePlanContent } = await tsImport("../src/lib/elements/plan-content.ts", from);
  const lines = generateLines(count);
  const mixed = ALL_KINDS ? await asEveryKind(lines) : null;
  if (mixed) console.log(`[bench:editor] the app's plan holds every kind in turn: ${mixed.kinds.join(", ")}`);
  const raw = {
    ...defaultPlanContent(),
    ...(mixed ? mixed.lists : { lines }),
    mapView: { ...defaultPlanContent().mapView, center: [...CENTER], zoom: ZOOM, rotation: 0 },
  };
  const parsed = parsePlanContent(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`generated content is invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const geojson = {
    type: "FeatureCollection",
    features: lines.map((line) => ({
      type: "Feature",
      id: line.id,
      properties: { colour: line.colour, width: line.width },
      geometry: { type: "LineString", coordinates: line.coordinates },
    })),
  };
  return { content: parsed.data, geojson, vertices: lines.reduce((sum, line) => sum + line.coordinates.length, 0) };
}

/**
 * The editor's default base map is OpenStreetMap (a plan's Danish map needs a token; without one the
 * editor falls back to OSM): its URL template as the server reads it from the environment.
 */
async function appOsmUrl() {
  const from = pathToFileURL(path.join(ROOT, "bench", "editor.mjs")).href;
  const { mapConfigFromEnv } = await tsImport("../src/lib/map-config.ts", from);
  return mapConfigFromEnv(process.env).osm.url;
}

async function setUpPlan(dataDir, content) {
  const email = `bench-editor-${Date.now()}@example.com`;
  const password = "bench-password-1";
  await expectStatus(call("POST", "/api/auth/register", { body: { name: "Bench Bruger", email, password } }), 201, "register");
  const emailToken = await verificationToken(dataDir, email);
  const { access_token: token } = await expectStatus(
    call("POST", "/api/auth/verify", { body: { token: emailToken } }),
    200,
    "verify e-mail",
  );
  if (!token) throw new Error("verify e-mail: no access_token in the answer");
  const projects = await expectStatus(call("GET", "/api/project", { token }), 200, "list projects");
  const project = projects.find((p) => p.isDefault || p.is_default) ?? projects[0];
  if (!project) throw new Error("GET /api/project: no default project");
  const created = await expectStatus(
    call("POST", "/api/signplan", { body: { name: "Bench editor", project_id: project.id }, token }),
    201,
    "create plan",
  );
  const saved = await expectStatus(
    call("PUT", `/api/signplan/${created.id}`, { body: { version: created.version, content }, token, timeoutMs: 60_000 }),
    200,
    "save the plan's content",
  );
  const stored = await expectStatus(call("GET", `/api/signplan/${created.id}`, { token }), 200, "read the plan back");
  const storedCount = Object.values(stored.content ?? {}).reduce((sum, list) => sum + (Array.isArray(list) ? list.length : 0), 0);
  if (storedCount !== ELEMENT_COUNT) throw new Error(`the stored plan has ${storedCount} elements, expected ${ELEMENT_COUNT}`);
  return { email, password, planId: saved.id ?? created.id };
}

// ---------------------------------------------------------------------------------------------------
// The bare page: bench/bare-ol/main.js bundled with esbuild, served from node:http

async function bundleBarePage() {
  const result = await esbuild({
    entryPoints: [path.join(ROOT, "bench", "bare-ol", "main.js")],
    bundle: true,
    // A classic script, as the editor's engine: both pages get the browser's code cache alike.
    format: "iife",
    minify: true,
    target: "es2022",
    outdir: "out",
    write: false,
    logLevel: "silent",
  });
  const files = Object.fromEntries(result.outputFiles.map((file) => [path.basename(file.path), file.contents]));
  if (!files["main.js"] || !files["main.css"])
    throw new Error(`esbuild: expected main.js and main.css, got ${Object.keys(files).join(", ")}`);
  return files;
}

const BARE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare OpenLayers (benchmark baseline)</title>
<link rel="stylesheet" href="/main.css">
<style>html, body { margin: 0; } #map { position: relative; background: #eef1f4; }</style>
</head>
<body>
<div id="map"></div>
<script defer src="/main.js"></script>
</body>
</html>
`;

function startBareServer(files, geojsonText) {
  const immutable = "public, max-age=31536000, immutable"; // as Next serves /_next/static
  const routes = {
    "/": { type: "text/html; charset=utf-8", body: BARE_HTML, cache: "no-cache" },
    "/main.js": { type: "text/javascript; charset=utf-8", body: files["main.js"], cache: immutable },
    "/main.css": { type: "text/css; charset=utf-8", body: files["main.css"], cache: immutable },
    "/features.geojson": { type: "application/json", body: geojsonText, cache: "no-store" }, // as the plan API
  };
  const server = http.createServer((req, res) => {
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (!route || req.method !== "GET") {
      res.writeHead(404, { "content-type": "text/plain" });
      return res.end("not found");
    }
    res.writeHead(200, { "content-type": route.type, "content-length": Buffer.byteLength(route.body), "cache-control": route.cache });
    res.end(route.body);
  });
  state.bareServer = server;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve(server.address().port));
  });
}

// ---------------------------------------------------------------------------------------------------
// In the browser

/**
 * Installed before any page script, in both pages: wraps requestAnimationFrame to add up, while a pan is
 * recorded, the time each frame's callbacks take (OpenLayers renders the map in one), keyed by the
 * frame's timestamp. The driver's own loop uses the unwrapped function and adds its event dispatch.
 */
function frameProbe() {
  const raf = window.requestAnimationFrame.bind(window);
  const probe = { recording: false, work: new Map() };
  window.__benchProbe = {
    raf,
    start() {
      probe.work = new Map();
      probe.recording = true;
    },
    add(ts, ms) {
      if (probe.recording) probe.work.set(ts, (probe.work.get(ts) ?? 0) + ms);
    },
    stop() {
      probe.recording = false;
      return [...probe.work.entries()];
    },
  };
  window.requestAnimationFrame = function requestAnimationFrame(callback) {
    return raf((ts) => {
      if (!probe.recording) return callback(ts);
      const t0 = performance.now();
      try {
        return callback(ts);
      } finally {
        window.__benchProbe.add(ts, performance.now() - t0);
      }
    });
  };
}

/**
 * BENCH_EDITOR_TRACE=1: records the page's long animation frames (over 50 ms of main-thread work) with
 * the scripts that ran in them, so the trace shows what kept the main thread from the map.
 */
/**
 * The moment the editor answers clicks: its map box says data-ready="true" once the map, its layer and
 * the tools are mounted (src/editor/ui/plan-editor.tsx), in the same render as the toolbar. Recorded by
 * a MutationObserver, so no polling shifts it; `__interactiveAt` in performance.now() ms.
 */
function interactiveProbe() {
  const seen = () => {
    if (
      window.__interactiveAt === undefined &&
      document.querySelector('[data-testid="map"][data-ready="true"]') &&
      document.querySelector('[data-testid="tool-line"]')
    ) {
      window.__interactiveAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(seen);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"] });
}

function longFrameProbe() {
  window.__longFrames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.__longFrames.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration,
          scripts: entry.scripts.map((script) => ({
            url: script.sourceURL,
            fn: script.sourceFunctionName,
            invoker: script.invoker,
            start: script.startTime,
            duration: script.duration,
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    // not supported: no long frames in the trace
  }
}

/**
 * One pan inside the page (app or bare: both expose the same handle): `frames` steps of `px` CSS pixels
 * in `direction` (+1: the map's content moves left, the view east), one step per animation frame.
 * Answers the frame timestamps and the script time per frame.
 */
async function panInPage({ mode, frames, px, direction, start }) {
  const handle = window.__planEditor ?? window.__bare;
  const probe = window.__benchProbe;
  const viewport = document.querySelector(".ol-viewport");
  const box = viewport.getBoundingClientRect();
  const R = 6378137;
  const toMercator = ([lon, lat]) => [(R * lon * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
  const toLonLat = ([x, y]) => [((x / R) * 180) / Math.PI, ((2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * 180) / Math.PI];
  const resolution = (2 * Math.PI * R) / 256 / 2 ** handle.getZoom();
  const origin = toMercator(handle.getCenter());
  // Drag: the pointer moves against the view (content follows the pointer), so it moves -direction.
  let x = box.left + start[0];
  const y = box.top + start[1];
  const pointer = (type, buttons) =>
    viewport.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        composed: true,
        pointerId: 1,
        pointerType: "mouse",
        isPrimary: true,
        button: type === "pointermove" ? -1 : 0,
        buttons,
        clientX: x,
        clientY: y,
        view: window,
      }),
    );
  const stamps = [];
  probe.start();
  await new Promise((resolve) => {
    let i = 0;
    const step = (ts) => {
      stamps.push(ts);
      if (i > frames) return resolve(); // the frame after the last step is recorded, not stepped
      const t0 = performance.now();
      if (mode === "drag") {
        if (i === 0) pointer("pointerdown", 1);
        else {
          x -= direction * px;
          pointer("pointermove", 1);
        }
      } else {
        handle.setCenter(toLonLat([origin[0] + direction * i * px * resolution, origin[1]]));
      }
      probe.add(ts, performance.now() - t0);
      i += 1;
      probe.raf(step);
    };
    probe.raf(step);
  });
  const work = probe.stop();
  if (mode === "drag") {
    // Held still past DragPan's kinetic window (100 ms), so the release starts no fling animation.
    await new Promise((resolve) => setTimeout(resolve, 150));
    pointer("pointerup", 0);
  }
  await handle.rendered();
  const movedPx = (toMercator(handle.getCenter())[0] - origin[0]) / resolution;
  return { stamps, work, movedPx };
}

const pageErrors = [];

function trackRequests(page, label) {
  const tracker = { inFlight: new Set(), lastActivity: Date.now() };
  const live = (request) => !request.url().includes("/socket.io/");
  page.on("request", (request) => {
    if (!live(request)) return;
    tracker.inFlight.add(request);
    tracker.lastActivity = Date.now();
  });
  const done = (request) => {
    if (!tracker.inFlight.delete(request)) return;
    tracker.lastActivity = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));
  return tracker;
}

/** Until no request is in flight and none started or ended for `quietMs` (bounded). */
async function settle(tracker, quietMs, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (tracker.inFlight.size === 0 && Date.now() - tracker.lastActivity >= quietMs) return;
    await sleep(50);
  }
  throw new Error(`the page did not become idle within ${timeoutMs / 1000} s (${tracker.inFlight.size} requests in flight)`);
}

/** Prints the functions with the most self time in a CDP CPU profile, and the time per script. */
function printProfile(kind, profile) {
  const dt = new Map(profile.nodes.map((n) => [n.id, 0]));
  for (let i = 0; i < profile.samples.length; i++)
    dt.set(profile.samples[i], dt.get(profile.samples[i]) + (profile.timeDeltas[i] ?? 0) / 1000);
  const byFunction = new Map();
  const byScript = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url ? url.replace(/^https?:\/\/[^/]+/, "") : "(native)";
    const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt.get(node.id));
    byScript.set(file, (byScript.get(file) ?? 0) + dt.get(node.id));
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  // Module evaluation: the total time of each function that Turbopack's module loader calls directly
  // (a module's factory), named by the chunk position of the factory.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const total = (node) => dt.get(node.id) + (node.children ?? []).reduce((sum, id) => sum + total(byId.get(id)), 0);
  const factories = new Map();
  for (const node of profile.nodes) {
    if (!node.callFrame.url.includes("/turbopack-")) continue;
    for (const id of node.children ?? []) {
      const child = byId.get(id);
      if (child.callFrame.url.includes("/turbopack-") || !child.callFrame.url) continue;
      const key = `${child.callFrame.url.replace(/^https?:\/\/[^/]+/, "")}:${child.callFrame.lineNumber + 1}:${child.callFrame.columnNumber + 1}`;
      factories.set(key, (factories.get(key) ?? 0) + total(child));
    }
  }
  if (factories.size) {
    console.log(`[profile ${kind}] module factories by total time (ms):`);
    for (const [fn, ms] of top(factories, 15)) console.log(`[profile ${kind}]   ${ms.toFixed(1).padStart(7)}  ${fn}`);
  }
  console.log(`\n[profile ${kind}] self time by script (ms):`);
  for (const [file, ms] of top(byScript, 12)) console.log(`[profile ${kind}]   ${ms.toFixed(1).padStart(7)}  ${file}`);
  console.log(`[profile ${kind}] self time by function (ms):`);
  for (const [fn, ms] of top(byFunction, 25)) console.log(`[profile ${kind}]   ${ms.toFixed(1).padStart(7)}  ${fn}`);
}

let traceCount = 0;
/** What a DevTools performance recording traces (its main categories), plus V8's compile and cache events. */
const TRACE_CATEGORIES = [
  "__metadata",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "devtools.timeline.frame",
  "blink.user_timing",
  "loading",
  "toplevel",
  "v8",
  "v8.execute",
  "disabled-by-default-v8.compile",
];
/** Opens the page in a new tab and answers the open timings (ms since navigation start). */
async function openOnce(context, url, kind, dataPath) {
  const page = await context.newPage();
  const tracker = trackRequests(page, kind);
  // The wait for the first frame runs in the page through the DevTools protocol, not
  // page.waitForFunction: that evaluates Playwright's injected script (about 300 KB) in the page, 25–70 ms
  // of main-thread work in the middle of the open being measured, at a different moment in each page.
  const cdp = await context.newCDPSession(page);
  // BENCH_EDITOR_PROFILE=1: a CPU profile of each open, summarised by self time (where the open spends its time).
  const profiling = process.env.BENCH_EDITOR_PROFILE === "1";
  if (profiling) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  // BENCH_EDITOR_CHROME_TRACE=<folder>: a Chrome performance trace of each open (open it in DevTools).
  const traceDir = process.env.BENCH_EDITOR_CHROME_TRACE;
  const tracePath = traceDir ? path.join(traceDir, `${kind}-${++traceCount}.json`) : null;
  // (Through the page's own DevTools session: a persistent context has no Browser object to trace with.)
  const traceEvents = [];
  const traceComplete = tracePath ? new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve)) : null;
  if (tracePath) {
    cdp.on("Tracing.dataCollected", (event) => traceEvents.push(...event.value));
    await cdp.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: TRACE_CATEGORIES } });
  }
  await page.goto(url, { waitUntil: "commit", timeout: 60_000 });
  const handleName = kind === "app" ? "__planEditor" : "__bare";
  const waited = await cdp.send("Runtime.evaluate", {
    expression: `new Promise((resolve) => { const deadline = Date.now() + 60000; const poll = () => (window[${JSON.stringify(handleName)}]?.firstFrame?.()?.completeAt != null ? resolve(true) : Date.now() > deadline ? resolve(false) : setTimeout(poll, 100)); poll(); })`,
    awaitPromise: true,
    returnByValue: true,
  });
  if (waited.result?.value !== true)
    throw new Error(`${kind}: no first frame within 60 s${waited.exceptionDetails ? ` (${waited.exceptionDetails.text})` : ""}`);
  if (profiling) printProfile(kind, (await cdp.send("Profiler.stop")).profile);
  if (tracePath) {
    await cdp.send("Tracing.end");
    await withTimeout(traceComplete, 60_000, "the trace");
    writeFileSync(tracePath, JSON.stringify({ traceEvents }));
    console.log(`[bench:editor] Chrome trace of this open: ${tracePath}`);
  }
  await cdp.detach();
  const timings = await page.evaluate(
    ({ name, dataPath }) => {
      const handle = window[name];
      const frame = handle.firstFrame();
      const data = performance.getEntriesByType("resource").find((entry) => new URL(entry.name).pathname === dataPath);
      const nav = performance.getEntriesByType("navigation")[0];
      return {
        interactive: window.__interactiveAt ?? null,
        firstFrame: frame.at,
        complete: frame.completeAt,
        features: frame.features,
        mounted: handle.mountedAt,
        // The plan asked for by the page's script (Resource Timing), or, when it came within the document
        // (issue 34), the document's request and the moment the page handed the plan over (a mark).
        dataSource: data ? "api" : performance.getEntriesByName("page-plan-received").length ? "document" : null,
        dataEnd: data ? data.responseEnd : (performance.getEntriesByName("page-plan-received")[0]?.startTime ?? null),
        dataStart: data ? data.startTime : nav && performance.getEntriesByName("page-plan-received").length ? nav.requestStart : null,
        domContentLoaded: nav ? nav.domContentLoadedEventEnd : null,
        documentFirstByte: nav ? nav.responseStart : null,
        documentEnd: nav ? nav.responseEnd : null,
        marks: Object.fromEntries(performance.getEntriesByType("mark").map((mark) => [mark.name, mark.startTime])),
        longFrames: window.__longFrames ?? [],
        resources: performance.getEntriesByType("resource").map((e) => ({
          path: new URL(e.name).pathname,
          start: e.startTime,
          firstByte: e.responseStart,
          end: e.responseEnd,
          bytes: e.decodedBodySize,
          sent: e.encodedBodySize,
        })),
      };
    },
    { name: handleName, dataPath },
  );
  if (process.env.BENCH_EDITOR_TRACE === "1") {
    const { resources, longFrames, ...rest } = timings;
    console.log(`\n[trace ${kind}] ${JSON.stringify(rest, (k, v) => (typeof v === "number" ? Math.round(v) : v))}`);
    const short = (url) => (url || "").replace(/^https?:\/\/[^/]+/, "").slice(0, 60);
    for (const frame of longFrames.filter((f) => f.start < timings.firstFrame + 50)) {
      console.log(`[trace ${kind}]   long frame ${Math.round(frame.start)} +${Math.round(frame.duration)} ms`);
      for (const script of frame.scripts)
        console.log(
          `[trace ${kind}]     ${String(Math.round(script.start)).padStart(5)} +${String(Math.round(script.duration)).padStart(4)}  ${script.invoker} ${short(script.url)} ${script.fn}`,
        );
    }
    const ms = (value) => String(Math.round(value)).padStart(5);
    const kb = (value) => `${String(Math.round(value / 1024)).padStart(5)} KB`;
    for (const r of resources)
      console.log(`[trace ${kind}]   ${ms(r.start)} → ${ms(r.firstByte)} → ${ms(r.end)}  ${kb(r.bytes)} (${kb(r.sent)} sent)  ${r.path}`);
  }
  if (kind === "app") {
    await checkInteractive(page);
    timings.interactive = await page.evaluate(() => window.__interactiveAt);
  }
  return { page, tracker, timings };
}

/**
 * That the editor did answer from the moment recorded as interactive: the line tool takes a click and a
 * map click starts a drawing (the drawing hint shows); Escape then abandons both, so the plan is unchanged.
 */
async function checkInteractive(page) {
  // (The moment itself is recorded in the page; this only waits for it, for a page that draws first.)
  await page
    .waitForFunction(() => window.__interactiveAt !== undefined, null, { polling: 100, timeout: 30_000 })
    .catch(() => {
      throw new Error("app: the editor never became interactive");
    });
  await page.getByTestId("tool-line").click();
  const box = await page.getByTestId("map").boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.getByTestId("draw-hint").waitFor({ state: "visible", timeout: 5_000 });
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await page.getByTestId("draw-hint").waitFor({ state: "hidden", timeout: 5_000 });
}

/** The share of all CPUs busy over `ms` (from /proc/stat), or null where there is no /proc. */
async function cpuBusy(ms = 1_000) {
  const sample = () => {
    try {
      const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
      const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
      return { idle, total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = sample();
  await sleep(ms);
  const b = sample();
  if (!a || !b || b.total === a.total) return null;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

// ---------------------------------------------------------------------------------------------------
// Statistics and output

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const min = (values) => Math.min(...values.filter((v) => Number.isFinite(v)));
const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");

function panStats({ stamps, work }) {
  const intervals = [];
  for (let i = 1; i < stamps.length; i++) intervals.push(stamps[i] - stamps[i - 1]);
  const perFrame = new Map(work);
  const scripts = stamps.slice(0, -1).map((ts) => perFrame.get(ts) ?? 0);
  return {
    frames: intervals.length,
    elapsed: stamps[stamps.length - 1] - stamps[0],
    meanFrame: mean(intervals),
    p95Frame: percentile(intervals, 95),
    longFrames: (100 * intervals.filter((interval) => interval > 20).length) / Math.max(1, intervals.length),
    meanScript: mean(scripts),
    p95Script: percentile(scripts, 95),
  };
}

function printTable(rows) {
  const header = ["metric (ms)", "app median", "app min", "bare median", "bare min", "app/bare", "target"];
  const lines = rows.map((row) => {
    if (row.section) return [row.section];
    const ratio = row.app.median / row.bare.median;
    return [
      row.label,
      fmt(row.app.median),
      fmt(row.app.min),
      fmt(row.bare.median),
      fmt(row.bare.min),
      `${fmt(ratio, 2)}×`,
      row.target ? `≤ ${row.target}×: ${ratio <= row.target ? "PASS" : "FAIL"}` : "(info)",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.filter((line) => line.length > 1).map((line) => line[i].length)));
  const render = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(render(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(line.length === 1 ? line[0] : render(line));
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const busyAtStart = await cpuBusy();
  console.log(
    `[bench:editor] ${ELEMENT_COUNT} lines, ${RUNS} runs per measurement (after a warm-up), pans of ${PAN_FRAMES} frames × ${PAN_PX} px`,
  );
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")) || process.env.BENCH_BUILD) {
    if (ensureBuild()) console.log("[bench:editor] build done");
  } else if (!buildIsCurrent()) {
    console.log(
      "[bench:editor] note: the production build in .next/ is older than the sources; measuring it as it is (npm run build, or BENCH_BUILD=1, for current numbers)",
    );
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);

  const { content, geojson, vertices } = await buildPlan(ELEMENT_COUNT);
  const osmUrl = await appOsmUrl();
  const geojsonText = JSON.stringify(geojson);
  console.log(
    `[bench:editor] plan: ${ELEMENT_COUNT} lines, ${vertices} vertices; plan JSON ${(Buffer.byteLength(JSON.stringify(content)) / 1024).toFixed(0)} KB, GeoJSON ${(Buffer.byteLength(geojsonText) / 1024).toFixed(0)} KB`,
  );

  const files = await bundleBarePage();
  const barePort = await startBareServer(files, geojsonText);
  console.log(`[bench:editor] bare page on http://${HOST}:${barePort}/ (esbuild: ${(files["main.js"].length / 1024).toFixed(0)} KB of JS)`);

  state.dataDir = mkdtempSync(path.join(tmpdir(), "plan-bench-editor-"));
  const appStart = Date.now();
  await startApp(state.dataDir);
  console.log(`[bench:editor] app ready on http://${SITE_HOST} in ${((Date.now() - appStart) / 1000).toFixed(1)} s`);
  const { email, password, planId } = await setUpPlan(state.dataDir, content);
  console.log(`[bench:editor] user confirmed, plan ${planId} saved with ${ELEMENT_COUNT} lines`);

  // One persistent profile on disk, as a returning user's browser has: V8 keeps the code it compiled
  // for a script in the profile's code cache and a later open reuses it. A context from
  // browser.newContext() is off the record (incognito), where Chromium keeps no code cache, so every
  // open compiled all JavaScript afresh: not what a returning user's browser does. Both pages share
  // it; they are different origins, so their caches and storage stay apart.
  const context = await chromium.launchPersistentContext(path.join(state.dataDir, "browser-profile"), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      // The e2e flags (scripts/chromium-args.mjs)…
      ...CHROMIUM_ARGS,
      // …and no waiting on the outside world: every host but loopback fails to resolve at once.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1",
    ],
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    timeout: 30_000,
  });
  state.browser = context;
  await context.addInitScript(frameProbe);
  await context.addInitScript(interactiveProbe);
  if (process.env.BENCH_EDITOR_TRACE === "1") await context.addInitScript(longFrameProbe);
  // Logged in as a user is, through POST /api/auth/login in the browser: the answer's token goes to
  // localStorage (as the login page stores it) and its session cookie stays in the profile, so /app
  // renders with the plan in its document (issue 34).
  const loginPage = await context.newPage();
  await loginPage.goto(`http://${SITE_HOST}/`, { waitUntil: "commit", timeout: 60_000 });
  const token = await loginPage.evaluate(
    async ({ email, password }) => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      if (res.status !== 200) throw new Error(`login: ${res.status}`);
      const { access_token } = await res.json();
      localStorage.setItem("token", access_token);
      return access_token;
    },
    { email, password },
  );
  await loginPage.close();
  if (!(await context.cookies(`http://${SITE_HOST}/`)).some((cookie) => cookie.name === "session"))
    throw new Error("login: the browser kept no session cookie");
  console.log("[bench:editor] logged in in the browser (token in localStorage, session cookie in the profile)");

  const appUrl = `http://${SITE_HOST}/app?plan=${planId}`;
  const appDataPath = `/api/signplan/${planId}`;

  // The editor's map box, for the bare page's map size.
  const probePage = await openOnce(context, appUrl, "app", appDataPath);
  const mapBox = await probePage.page.getByTestId("map").boundingBox();
  if (!mapBox || mapBox.width < 100 || mapBox.height < 100) throw new Error(`the editor's map box is ${JSON.stringify(mapBox)}`);
  const mapSize = { w: Math.round(mapBox.width), h: Math.round(mapBox.height) };
  await probePage.page.close();
  const bareUrl = `http://${HOST}:${barePort}/?lon=${CENTER[0]}&lat=${CENTER[1]}&zoom=${ZOOM}&w=${mapSize.w}&h=${mapSize.h}&osm=${encodeURIComponent(osmUrl)}`;
  console.log(
    `[bench:editor] map box ${mapSize.w}×${mapSize.h} CSS px in a ${VIEWPORT.width}×${VIEWPORT.height} window; view ${CENTER.join(", ")} at zoom ${ZOOM}`,
  );

  // ---- Open ----------------------------------------------------------------------------------------
  const targets = {
    app: { url: appUrl, dataPath: appDataPath, quietMs: APP_QUIET_MS },
    bare: { url: bareUrl, dataPath: "/features.geojson", quietMs: BARE_QUIET_MS },
  };
  const open = { app: [], bare: [] };
  for (let run = 0; run <= RUNS; run++) {
    const order = run % 2 ? ["bare", "app"] : ["app", "bare"];
    for (const kind of order) {
      const target = targets[kind];
      const { page, tracker, timings } = await openOnce(context, target.url, kind, target.dataPath);
      if (timings.features !== ELEMENT_COUNT)
        throw new Error(`${kind}: the first frame had ${timings.features} features, expected ${ELEMENT_COUNT}`);
      if (timings.dataEnd === null) throw new Error(`${kind}: no resource timing for ${target.dataPath}`);
      await settle(tracker, target.quietMs);
      await page.close();
      if (run > 0) open[kind].push(timings);
    }
    process.stdout.write(run === 0 ? "[bench:editor] open: warm-up done" : ` · run ${run}`);
  }
  process.stdout.write("\n");

  // ---- Pan -----------------------------------------------------------------------------------------
  const pages = {};
  for (const kind of ["app", "bare"]) {
    const target = targets[kind];
    const opened = await openOnce(context, target.url, kind, target.dataPath);
    await settle(opened.tracker, target.quietMs);
    pages[kind] = opened;
  }
  // A start pixel with no line within 12 px (the same view and map size in both pages): a pointerdown
  // there pans instead of picking up a line in the editor. The drag moves the pointer 600 px left of it.
  const start = await pages.bare.page.evaluate(({ w, h }) => {
    const map = window.__bareMap;
    // From the right-hand edge inwards (the drag moves the pointer left), near the vertical middle.
    for (let x = w - 60; x >= 660; x -= 10) {
      for (const dy of [0, -40, 40, -80, 80]) {
        const p = [x, Math.round(h / 2 + dy)];
        if (!map.hasFeatureAtPixel(p, { hitTolerance: 12 })) return p;
      }
    }
    return null;
  }, mapSize);
  if (!start) throw new Error("no spot without lines in the right half of the map to start a drag");
  if (start[0] - PAN_FRAMES * PAN_PX < 20)
    throw new Error(`a drag of ${PAN_FRAMES} × ${PAN_PX} px from x = ${start[0]} leaves the map: lower BENCH_PAN_FRAMES`);
  const views = {};
  for (const kind of ["app", "bare"])
    views[kind] = await pages[kind].page.evaluate(
      (name) => ({ center: window[name].getCenter(), zoom: window[name].getZoom() }),
      kind === "app" ? "__planEditor" : "__bare",
    );
  if (
    Math.abs(views.app.zoom - views.bare.zoom) > 1e-9 ||
    Math.abs(views.app.center[0] - views.bare.center[0]) > 1e-7 ||
    Math.abs(views.app.center[1] - views.bare.center[1]) > 1e-7
  ) {
    throw new Error(`the pages show different views: app ${JSON.stringify(views.app)}, bare ${JSON.stringify(views.bare)}`);
  }

  const planVersion = async () =>
    (await expectStatus(call("GET", `/api/signplan/${planId}`, { token }), 200, "read the plan's version")).version;
  const versionBeforePans = await planVersion();

  // Every drag starts at that spot and moves the view east; the view pan that follows moves it back west,
  // so each run starts from the plan's view and every pan sees the same lines.
  const pan = { drag: { app: [], bare: [] }, view: { app: [], bare: [] } };
  for (let run = 0; run <= RUNS; run++) {
    for (const [mode, direction] of [
      ["drag", 1],
      ["view", -1],
    ]) {
      const order = run % 2 ? ["bare", "app"] : ["app", "bare"];
      for (const kind of order) {
        await pages[kind].page.bringToFront();
        await settle(pages.app.tracker, APP_QUIET_MS);
        await settle(pages.bare.tracker, BARE_QUIET_MS);
        const args = { mode, frames: PAN_FRAMES, px: PAN_PX, direction, start };
        // BENCH_EDITOR_PROFILE=pan: a CPU profile of the app's first measured pan of each mode.
        const profiler =
          process.env.BENCH_EDITOR_PROFILE === "pan" && kind === "app" && run === 1
            ? await pages[kind].page.context().newCDPSession(pages[kind].page)
            : null;
        if (profiler) {
          await profiler.send("Profiler.enable");
          await profiler.send("Profiler.setSamplingInterval", { interval: 200 });
          await profiler.send("Profiler.start");
        }
        const result = await withTimeout(pages[kind].page.evaluate(panInPage, args), 60_000, `${kind} ${mode} pan`);
        if (profiler) {
          printProfile(`${kind} ${mode} pan`, (await profiler.send("Profiler.stop")).profile);
          await profiler.detach();
        }
        const expected = direction * PAN_FRAMES * PAN_PX;
        if (Math.abs(result.movedPx - expected) > 2 * PAN_PX)
          throw new Error(`${kind} ${mode} pan: the view moved ${result.movedPx.toFixed(0)} px, expected ${expected}`);
        if (run > 0) pan[mode][kind].push(panStats(result));
      }
    }
    process.stdout.write(run === 0 ? "[bench:editor] pan: warm-up done" : ` · run ${run}`);
  }
  process.stdout.write("\n");

  // The pans moved the map only: the plan's lines are as saved.
  const linesAfter = await pages.app.page.evaluate(() => JSON.stringify(window.__planEditor.getContent().lines));
  if (linesAfter !== JSON.stringify(content.lines)) throw new Error("the app's plan changed during the pans (a drag picked up a line?)");
  await settle(pages.app.tracker, APP_QUIET_MS);
  const saves = (await planVersion()) - versionBeforePans;
  const pans = 2 * (RUNS + 1);
  console.log(
    `[bench:editor] the app saved the plan ${saves} times during its ${pans} pans (autosave of the map view; ${(Buffer.byteLength(JSON.stringify(content)) / 1024).toFixed(0)} KB each)`,
  );
  if (pageErrors.length) console.log(`[bench:editor] page errors:\n  ${pageErrors.slice(0, 10).join("\n  ")}`);

  const busyAtEnd = await cpuBusy(); // the pages idle, so what is busy is someone else

  // ---- Report --------------------------------------------------------------------------------------
  const stat = (values) => ({ median: median(values), min: min(values) });
  const both = (pick, source) => ({ app: stat(source.app.map(pick)), bare: stat(source.bare.map(pick)) });
  // Where the app's plan came from in the measured opens: within the document, or from the API.
  const sourceOf = (runs) => [...new Set(runs.map((t) => t.dataSource))].join("+");
  const rows = [
    { section: `Open (navigation start → first rendered frame with all ${ELEMENT_COUNT} features), ${RUNS} runs` },
    { label: "  open → first frame", target: TARGETS.firstFrame, ...both((t) => t.firstFrame, open) },
    {
      label: "  open → interactive (app) / first frame (bare)",
      target: TARGETS.interactive,
      app: stat(open.app.map((t) => t.interactive)),
      bare: stat(open.bare.map((t) => t.firstFrame)),
    },
    { label: `  · navigation → data requested (app: ${sourceOf(open.app)})`, ...both((t) => t.dataStart, open) },
    { label: "  · navigation → data received (app: in hand)", ...both((t) => t.dataEnd, open) },
    { label: "  · navigation → document received", ...both((t) => t.documentEnd, open) },
    { label: "  · data received → first frame", ...both((t) => t.firstFrame - t.dataEnd, open) },
    { label: "    · data received → map mounted", ...both((t) => t.mounted - t.dataEnd, open) },
    { label: "    · map mounted → first frame", ...both((t) => t.firstFrame - t.mounted, open) },
    { label: "  open → render complete (base-map tiles settled)", ...both((t) => t.complete, open) },
  ];
  for (const [mode, title] of [
    ["drag", "Pan by dragging (pointer events; OpenLayers replays the drawn instructions)"],
    ["view", "Pan by view.setCenter every frame (every frame re-styles and redraws the lines)"],
  ]) {
    rows.push({ section: `${title}, ${PAN_FRAMES} frames × ${PAN_PX} px, ${RUNS} runs` });
    rows.push({ label: "  frame time, mean", target: TARGETS.pan, ...both((s) => s.meanFrame, pan[mode]) });
    rows.push({ label: "  frame time, p95", target: TARGETS.pan, ...both((s) => s.p95Frame, pan[mode]) });
    rows.push({ label: "  frames over 20 ms, %", ...both((s) => s.longFrames, pan[mode]) });
    rows.push({ label: "  script per frame, mean", ...both((s) => s.meanScript, pan[mode]) });
    rows.push({ label: "  script per frame, p95", ...both((s) => s.p95Script, pan[mode]) });
  }
  console.log("");
  console.log(`Editor benchmark: ${ELEMENT_COUNT} lines, app (/app?plan=…) vs a bare OpenLayers page with the same features as GeoJSON`);
  console.log(`Headless Chromium, --disable-gpu (software rendering); median and min over ${RUNS} runs; lower is better`);
  console.log("");
  printTable(rows);
  console.log("");
  console.log(
    '"open → first frame" includes the app\'s shell (HTML, JS, React/MUI hydration, session) and the plan: within the document ("document":',
  );
  console.log(
    'requested with it, read by the server while it renders; "in hand" is when the page handed it to the editor) or from the API ("api").',
  );
  console.log('"data received → first frame" is the editor\'s own part: plan JSON parsed and validated, store, features, first render.');
  console.log(
    "Frame time: intervals between animation frames (16.7 ms at 60 Hz is the floor); script: time in animation-frame callbacks and the pan's event dispatch per frame.",
  );
  console.log(
    "Pan by view: a view changed outside a gesture ends a move (moveend) on every frame, so the app's per-move work (the map view into the plan store) runs every frame too.",
  );
  for (const mode of ["drag", "view"]) {
    const frame = (kind) => median(pan[mode][kind].map((s) => s.meanFrame));
    if (frame("app") < 17.5 && frame("bare") < 17.5)
      console.log(
        `Pan by ${mode}: both pages keep the display's frame rate, so their frame times tie; the script rows show the headroom each leaves.`,
      );
  }
  console.log(
    "\"open → interactive\": the editor's map, layer and toolbar mounted (a toolbar click and a map click start a drawing; checked after each open), against the bare page's first frame.",
  );
  console.log("Targets are ratios to the bare page; PASS/FAIL is informational (a benchmark, not a test).");
  if (Math.max(busyAtStart ?? 0, busyAtEnd ?? 0) > 0.25) {
    console.log(
      `Note: other work kept the machine's CPUs ${fmt(100 * (busyAtStart ?? 0), 0)} % busy before the runs and ${fmt(100 * (busyAtEnd ?? 0), 0)} % after them: the numbers are noisy; run again on a quiet machine.`,
    );
  }
  console.log(`[bench:editor] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

let exitCode = 0;
const watchdog = setTimeout(() => {
  console.error(`[bench:editor] the benchmark did not finish within ${OVERALL_TIMEOUT_MS / 60_000} min`);
  exitCode = 1;
  cleanup().finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
watchdog.unref();
try {
  await main();
} catch (error) {
  exitCode = 1;
  console.error(`\n[bench:editor] failed: ${error instanceof Error ? error.stack || error.message : error}`);
  if (state.appLog.length) console.error(`[bench:editor] last lines of the app's output:\n${state.appLog.slice(-30).join("\n")}`);
} finally {
  if (!interrupted) {
    const timer = setTimeout(() => {
      console.error("[bench:editor] clean-up took too long");
      process.exit(exitCode || 1);
    }, STOP_WAIT_MS + 15_000);
    await cleanup();
    clearTimeout(timer);
    console.log("[bench:editor] browser and servers stopped, temporary data removed");
    process.exit(exitCode);
  }
}
