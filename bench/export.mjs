// `npm run bench:export` (and part of `npm run bench`): the plan export in a real browser against a bare
// page that does the least work an export cannot avoid, in the same run, the same browser and the same
// flags. Issue 18: "time and peak memory of the browser to export A3 at 300 dpi and A0 large area;
// target A3 under 5 s on these machines, A0 completing without a blank page". A benchmark, not a test:
// it prints numbers and ratios and exits 0 whether or not a target is met; it exits non-zero only when
// the benchmark itself breaks.
//
// What it does, in one run:
//  1. Needs a production build (.next/): builds one when there is none (scripts/build-state.mjs); when
//     the build is older than the sources it says so and measures it anyway (`npm run build` first, or
//     BENCH_BUILD=1 to build when needed).
//  2. Starts the local tile server of the browser tests (tests/e2e/tile-server.ts: generated 256 px PNG
//     tiles in the OpenStreetMap scheme, a pale ground with a grid and coloured blocks) on 127.0.0.1:3390
//     (BENCH_EXPORT_TILE_PORT). BENCH_TILE_LATENCY_MS puts a proxy in front of it (port + 1) that holds
//     every tile that long and forbids caching, as a remote tile server on a slow line would (off by
//     default: the tiles come from the browser's HTTP cache after the warm-up, for both pages alike).
//  3. Starts the app, `node scripts/start.mjs --no-build`, on 127.0.0.1:3300 (BENCH_EXPORT_PORT) with a
//     fresh temporary DATA_DIR (SQLite), SMTP_URL="" (mail to the outbox), BCRYPT_COST=4,
//     RATE_LIMIT_MULTIPLIER=1000 and OSM_URL pointing at the tile server (no Danish map keys, so the
//     editor shows OpenStreetMap, that is these tiles, as in the browser tests).
//  4. Registers a user, confirms the e-mail with the outbox link, creates a plan in the default project
//     and PUTs a realistic plan around Odense (deterministic): six roads through a 1 × 0.8 km area and,
//     along them, signs (a dozen catalogue signs, some with a plate, most with a size in metres),
//     barriers, lane-closure lines, texts, work areas, arrows, guardrails and road markings — 500
//     elements, half of them within the A3 frame at 1:500 round the centre. Checked with parsePlanContent.
//  5. Bundles bench/bare-export/main.js (OpenLayers + jsPDF) with esbuild and serves it from node:http
//     (as bench/editor.mjs serves its bare page).
//  6. Launches Debian's Chromium headless (CHROMIUM_PATH) with the e2e flags (scripts/chromium-args.mjs),
//     outside hosts unresolvable, a 1280×800 window, on a profile on disk.
//  7. For each export — A3 landscape 1:500 300 dpi PDF, the same as JPG, A0 landscape 1:1000
//     (BENCH_A0_SCALE) 300 dpi PDF — one warm-up, then BENCH_RUNS (3) measured runs, app and bare
//     interleaved, each in a new tab (only that tab open):
//       app  — the editor at the plan's centre (zoom 17), the export panel opened from the menu, paper,
//              scale, dpi and format chosen with the panel's selects, the page idle (no request in flight)
//              and garbage collected; timed from the click on Eksportér (its time in the page) to
//              Playwright's download event. An init script notes, in the page, when the export's offscreen
//              map starts and ends, every canvas.toBlob (the JPEG encodes), the svg2pdf host and the
//              download link's click, so the time is also split into stages.
//       bare — window.__bareExport.run(): the same tiles at the same pixel size in the same pieces, each
//              piece encoded as JPEG with canvas.toBlob into a jsPDF document (or drawn into one page
//              canvas for the JPG); timed in the page from its start to the Blob.
//     Memory: every 100 ms during the export, the resident memory (VmRSS) of every Chromium process (the
//     browser's process tree under this process, found in /proc) added up, and the page's JS heap
//     (DevTools Performance.getMetrics, JSHeapUsedSize); reported as the peak minus the idle level just
//     before the export. RSS counts memory shared between processes in each; the difference to the idle
//     level is what the export added.
//     Every app file is checked: its size, its pages (pdfinfo), and the map area of page 1 rendered at
//     20 dpi (pdftoppm; sharp for the JPG) must be mostly non-white (the tiles' ground, not paper):
//     at least half of its pixels darker than 250.
//  8. Prints the medians (and min/max) with app/bare ratios and the targets (A3 under 5 s, absolute; A0
//     completed and not blank), the stages of the app's time beside the bare page's, and stops the
//     browser and the servers and removes the temporary directory on every exit path (success, failure,
//     Ctrl-C, SIGTERM), with bounded waits.
//
// Headless Chromium with --disable-gpu rasterises and composites on the CPU, and the browser, the app's
// server and this script share the machine's cores: absolute numbers are not what a user with a GPU and
// more cores sees. The target is absolute anyway (the issue names these machines); the ratio to the bare
// page in the same run says how much of the time is the export's own.
//
// Tuning (defaults in brackets): BENCH_RUNS [3], BENCH_A0_SCALE [1000], BENCH_EXPORTS [a3-pdf,a3-jpg,a0-pdf]
// (a subset, by id), BENCH_TILE_LATENCY_MS [0], BENCH_EXPORT_PORT [3300], BENCH_EXPORT_TILE_PORT [3390],
// CHROMIUM_PATH [/usr/bin/chromium], BENCH_EXPORT_TIMEOUT_MIN [40] (the whole run), BENCH_BUILD [unset],
// BENCH_EXPORT_KEEP [unset]: a folder to keep the last app file of each export in,
// BENCH_EXPORT_PROFILE [unset]: "1" adds one profiled app export per kind after the measured runs and
// prints where its main thread spent the time.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { build as esbuild } from "esbuild";
import sharp from "sharp";
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
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
};
const APP_PORT = intEnv("BENCH_EXPORT_PORT", 3300);
const TILE_PORT = intEnv("BENCH_EXPORT_TILE_PORT", 3390);
const TILE_LATENCY_MS = intEnv("BENCH_TILE_LATENCY_MS", 0);
const SITE = "skilteplanen";
const SITE_HOST = `${SITE}.localhost:${APP_PORT}`;
const call = appCaller({ host: HOST, port: APP_PORT, siteHost: SITE_HOST });
const RUNS = Math.max(1, intEnv("BENCH_RUNS", 3));
const A0_SCALE = intEnv("BENCH_A0_SCALE", 1000);
const DPI = 300;
const CENTER = [10.38551, 55.40178];
/** The editor's view when the panel opens: street level, past the export's minimum zoom (13). */
const VIEW_ZOOM = 17;
const VIEWPORT = { width: 1280, height: 800 };
/** A3 under 5 s (issue 18), on the wait the user has: click to download. */
const A3_TARGET_MS = 5_000;
/**
 * "Not blank": at least this share of the map area's pixels darker than NON_WHITE_BELOW at 20 dpi. The
 * tiles' ground is grey 240; a page without its base map is white but for the drawing (the plan's
 * signs, texts with white boxes and the like leave 5–10 % of the map area white or near it at 20 dpi).
 */
const NON_WHITE_SHARE = 0.5;
const NON_WHITE_BELOW = 250;
const MEMORY_SAMPLE_MS = 100;
const EXPORT_TIMEOUT_MS = 5 * 60_000;
/** BENCH_EXPORT_KEEP=<folder>: the last app file of each export is kept there, to look at. */
const KEEP_DIR = process.env.BENCH_EXPORT_KEEP ? path.resolve(process.env.BENCH_EXPORT_KEEP) : null;
const OVERALL_TIMEOUT_MS = intEnv("BENCH_EXPORT_TIMEOUT_MIN", 40) * 60_000;

const EXPORTS = [
  { id: "a3-pdf", paper: "A3", scale: 500, format: "pdf", target: "time" },
  { id: "a3-jpg", paper: "A3", scale: 500, format: "jpg", target: "time" },
  { id: "a0-pdf", paper: "A0", scale: A0_SCALE, format: "pdf", target: "not-blank" },
].filter((e) => !process.env.BENCH_EXPORTS || process.env.BENCH_EXPORTS.split(",").includes(e.id));
const labelOf = (e) => `${e.paper} 1:${e.scale} ${e.format.toUpperCase()}`;

// ---------------------------------------------------------------------------------------------------
// Processes and clean-up

const state = { app: null, appLog: [], servers: [], tiles: null, browser: null, dataDir: null, cleanup: null };

function cleanup() {
  state.cleanup ??= (async () => {
    if (state.browser)
      await withTimeout(state.browser.close(), 15_000, "closing the browser").catch((error) =>
        console.error(`[bench:export] ${error.message}`),
      );
    state.browser = null;
    for (const server of state.servers.splice(0)) {
      server.closeAllConnections?.();
      server.close();
    }
    if (state.tiles) await withTimeout(state.tiles.close(), 5_000, "closing the tile server").catch(() => {});
    state.tiles = null;
    await stopApp(state.app, "bench:export");
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
    console.error(`\n[bench:export] ${signal}: stopping the browser and the servers`);
    const timer = setTimeout(() => process.exit(130), STOP_WAIT_MS + 20_000);
    cleanup().finally(() => {
      clearTimeout(timer);
      process.exit(130);
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The app: started on its own port with a fresh data folder; called from Node through ./harness.mjs.

async function startApp(dataDir, osmUrl) {
  await assertPortFree(APP_PORT, HOST, "stop whatever listens there or set BENCH_EXPORT_PORT");
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
    // The base map from the local tile server, read at run time (src/lib/map-config.ts); no Danish map
    // keys, so the editor shows OpenStreetMap, that is these tiles (as playwright.config.ts does).
    OSM_URL: osmUrl,
    DATAFORSYNINGEN_TOKEN: "",
    NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN: "",
    LANTMATERIET_TOKEN: "",
    NEXT_PUBLIC_LANTMATERIET_TOKEN: "",
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

async function setUpPlan(dataDir, content, elementCount) {
  const email = `bench-export-${Date.now()}@example.com`;
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
    call("POST", "/api/signplan", { body: { name: "Vejarbejde Vestergade", project_id: project.id }, token }),
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
  if (storedCount !== elementCount) throw new Error(`the stored plan has ${storedCount} elements, expected ${elementCount}`);
  return { token, planId: saved.id ?? created.id };
}

// ---------------------------------------------------------------------------------------------------
// The plan: roads through a 1 × 0.8 km area round the centre, and the works along them

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

const SIGN_URLS = [
  "/signs/dk/A/A11.webp",
  "/signs/dk/A/A16.webp",
  "/signs/dk/A/A17.webp",
  "/signs/dk/A/A18.webp",
  "/signs/dk/B/B11.webp",
  "/signs/dk/B/B15.webp",
  "/signs/dk/C/C19.webp",
  "/signs/dk/C/C21.webp",
  "/signs/dk/D/D11.1.webp",
  "/signs/dk/E/E15.webp",
  "/signs/dk/N/N42.webp",
  "/signs/dk/N/N43.webp",
];
const PLATE_URLS = ["/signs/dk/U/U1.1.webp", "/signs/dk/U/U2.1.webp", "/signs/dk/U/U3.1.webp"];
const TEXTS = ["Omkørsel", "Vejarbejde", "Fortov lukket", "Cykelsti spærret", "Arbejdsområde", "Kørebane indsnævret", "Gående henvises"];
const LINE_COLOURS = ["#d32f2f", "#1976d2", "#000000", "#f57c00", "#388e3c"];
/** 500 elements (issue 29: "A3 and A0 with 500 elements"), in the proportions of a road-works plan. */
const COUNTS = { signs: 227, barriers: 57, lines: 85, texts: 57, workAreas: 11, arrows: 28, guardrails: 21, roadMarkings: 14 };
/** Half the ground size of the A3 landscape map box at 1:500 (320 × 277 mm): where half the works are. */
const A3_HALF_M = [80, 69];

function generatePlan() {
  const random = prng(20_261_126);
  const between = (a, b) => a + random() * (b - a);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const metresPerDegLat = 111_320;
  const metresPerDegLon = 111_320 * Math.cos((CENTER[1] * Math.PI) / 180);
  const round7 = (value) => Math.round(value * 1e7) / 1e7;
  const lonLat = ([x, y]) => [round7(CENTER[0] + x / metresPerDegLon), round7(CENTER[1] + y / metresPerDegLat)];

  // Six roads, each a gently bent line of 9 points crossing the area within 40 m of the centre.
  const roads = Array.from({ length: 6 }, (_, r) => {
    const heading = (r * Math.PI) / 6 + between(-0.15, 0.15);
    const pass = [between(-40, 40), between(-40, 40)];
    const points = [];
    let bend = 0;
    for (let i = 0; i <= 8; i++) {
      const s = (i / 8 - 0.5) * 1100;
      bend += between(-6, 6);
      points.push([pass[0] + Math.cos(heading) * s - Math.sin(heading) * bend, pass[1] + Math.sin(heading) * s + Math.cos(heading) * bend]);
    }
    return points;
  });
  /** A point on a road at t ∈ [0, 1] with the road's direction, `offset` metres to its left. */
  const along = (road, t, offset = 0) => {
    const f = Math.min(Math.max(t, 0), 1) * (road.length - 1);
    const i = Math.min(Math.floor(f), road.length - 2);
    const [a, b] = [road[i], road[i + 1]];
    const u = f - i;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const length = Math.hypot(dx, dy);
    const [nx, ny] = [-dy / length, dx / length];
    return { point: [a[0] + dx * u + nx * offset, a[1] + dy * u + ny * offset], dir: [dx / length, dy / length], normal: [nx, ny] };
  };
  // Half the works in the A3 frame round the centre (the roads' middles), half anywhere along the roads.
  const spot = () => {
    const road = pick(roads);
    const central = random() < 0.5;
    return { road, t: central ? 0.5 + between(-0.065, 0.065) : random() };
  };
  const side = () => (random() < 0.5 ? -1 : 1) * between(4, 8);
  const stretch = (road, t, metres, offset) => {
    const step = 1 / 1100;
    const points = [];
    const vertices = 3 + Math.floor(random() * 4);
    for (let v = 0; v < vertices; v++) points.push(lonLat(along(road, t + (v / (vertices - 1)) * metres * step, offset).point));
    return points;
  };

  const signs = Array.from({ length: COUNTS.signs }, (_, i) => {
    const { road, t } = spot();
    const { point, dir } = along(road, t, side());
    // Most at a size in metres (drawn larger than life, as plans do to be read), the rest following the zoom.
    const height = random() < 0.7 ? pick([1.5, 2, 2.5]) : undefined;
    return {
      id: `sign-${i}`,
      imageUrl: pick(SIGN_URLS),
      position: lonLat(point),
      rotation: Math.round(((Math.atan2(dir[0], dir[1]) * 180) / Math.PI + 360) % 360),
      ...(height ? { heightInMeters: height } : {}),
      ...(random() < 0.1 ? { subSign: { imageUrl: pick(PLATE_URLS) } } : {}),
    };
  });
  const barriers = Array.from({ length: COUNTS.barriers }, (_, i) => {
    const { road, t } = spot();
    const half = between(3, 7.5);
    return { id: `barrier-${i}`, coordinates: [lonLat(along(road, t, -half).point), lonLat(along(road, t, half).point)] };
  });
  const lines = Array.from({ length: COUNTS.lines }, (_, i) => {
    const { road, t } = spot();
    return {
      id: `line-${i}`,
      coordinates: stretch(road, t, between(20, 80), (random() < 0.5 ? -1 : 1) * between(2, 3.5)),
      colour: pick(LINE_COLOURS),
      width: Math.round(between(0.1, 0.5) * 10) / 10,
    };
  });
  const texts = Array.from({ length: COUNTS.texts }, (_, i) => {
    const { road, t } = spot();
    return {
      id: `text-${i}`,
      text: pick(TEXTS),
      position: lonLat(along(road, t, side() * 1.5).point),
      colour: random() < 0.7 ? "#000000" : "#d32f2f",
      size: Math.round(between(14, 24)),
      fontWeight: random() < 0.4 ? "bold" : "normal",
      letterSpacing: 0,
      ...(random() < 0.5 ? { whiteBackground: true } : {}),
    };
  });
  const workAreas = Array.from({ length: COUNTS.workAreas }, (_, i) => {
    const { road, t } = i < COUNTS.workAreas / 2 ? { road: roads[i], t: 0.5 + between(-0.04, 0.04) } : spot();
    const length = between(15, 60) / 1100;
    const [w1, w2] = [between(-1, 1), between(3, 7)];
    return {
      id: `workArea-${i}`,
      coordinates: [
        lonLat(along(road, t, w1).point),
        lonLat(along(road, t + length, w1).point),
        lonLat(along(road, t + length, w2).point),
        lonLat(along(road, t, w2).point),
      ],
      colour: "#ff0000",
      width: 0.5,
    };
  });
  const arrows = Array.from({ length: COUNTS.arrows }, (_, i) => {
    const { road, t } = spot();
    const offset = side() / 2;
    return {
      id: `arrow-${i}`,
      coordinates: [lonLat(along(road, t, offset).point), lonLat(along(road, t + between(8, 20) / 1100, offset).point)],
      colour: "#000000",
      width: 0.5,
      headStyle: "filled",
    };
  });
  const guardrails = Array.from({ length: COUNTS.guardrails }, (_, i) => {
    const { road, t } = spot();
    return { id: `guardrail-${i}`, coordinates: stretch(road, t, between(10, 30), side()) };
  });
  const roadMarkings = Array.from({ length: COUNTS.roadMarkings }, (_, i) => {
    const { road, t } = spot();
    return {
      id: `roadMarking-${i}`,
      coordinates: stretch(road, t, between(10, 40), between(-1, 1)),
      style: pick(["solid", "dashed-short", "give-way-triangles", "wide-punctured-border-line"]),
      colour: "black",
      width: 0.3,
      flip: false,
    };
  });
  return { signs, barriers, lines, texts, workAreas, arrows, guardrails, roadMarkings };
}

async function buildPlan() {
  const from = import.meta.url;
  const { defaultPlanContent, parsePlanContent } = await tsImport("../src/lib/elements/plan-content.ts", from);
  const lists = generatePlan();
  const raw = {
    ...defaultPlanContent(),
    ...lists,
    mapView: { ...defaultPlanContent().mapView, center: [...CENTER], zoom: VIEW_ZOOM, rotation: 0 },
  };
  const parsed = parsePlanContent(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`generated content is invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  // How many lie in the A3 frame at 1:500 (by their first position; the frame is north-up).
  const metresPerDegLon = 111_320 * Math.cos((CENTER[1] * Math.PI) / 180);
  const inA3 = Object.values(lists)
    .flat()
    .filter((element) => {
      const [lon, lat] = element.position ?? element.coordinates[0];
      return Math.abs((lon - CENTER[0]) * metresPerDegLon) < A3_HALF_M[0] && Math.abs((lat - CENTER[1]) * 111_320) < A3_HALF_M[1];
    }).length;
  const count = Object.values(lists).reduce((sum, list) => sum + list.length, 0);
  return { content: parsed.data, count, inA3 };
}

// ---------------------------------------------------------------------------------------------------
// Tiles and the bare page

/** BENCH_TILE_LATENCY_MS: a proxy that holds each tile that long and forbids caching it. */
function startLatencyProxy(targetOrigin, port, latencyMs) {
  const target = new URL(targetOrigin);
  const server = http.createServer((req, res) => {
    setTimeout(() => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "cache-control": "no-store" });
          answer.pipe(res);
        },
      );
      upstream.on("error", () => {
        res.statusCode = 502;
        res.end();
      });
      upstream.end();
    }, latencyMs);
  });
  state.servers.push(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve(`http://${HOST}:${port}`));
  });
}

async function bundleBarePage() {
  const result = await esbuild({
    entryPoints: [path.join(ROOT, "bench", "bare-export", "main.js")],
    bundle: true,
    // A classic script, as editor.mjs builds its bare page.
    format: "iife",
    minify: true,
    target: "es2022",
    outdir: "out",
    write: false,
    logLevel: "silent",
    // jsPDF's optional helpers (HTML rendering, sanitising, canvg), loaded on demand; neither page uses them.
    external: ["html2canvas", "dompurify", "canvg"],
    tsconfig: path.join(ROOT, "tsconfig.json"),
  });
  const files = Object.fromEntries(result.outputFiles.map((file) => [path.basename(file.path), file.contents]));
  if (!files["main.js"]) throw new Error(`esbuild: expected main.js, got ${Object.keys(files).join(", ")}`);
  return files;
}

const BARE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bare export (benchmark baseline)</title>
<style>html, body { margin: 0; }</style>
</head>
<body>
<script defer src="/main.js"></script>
</body>
</html>
`;

function startBareServer(files) {
  const routes = {
    "/": { type: "text/html; charset=utf-8", body: BARE_HTML, cache: "no-cache" },
    "/main.js": { type: "text/javascript; charset=utf-8", body: files["main.js"], cache: "public, max-age=31536000, immutable" },
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
  state.servers.push(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, HOST, () => resolve(server.address().port));
  });
}

// ---------------------------------------------------------------------------------------------------
// In the browser

/**
 * Installed before any page script (both pages; the bare page never triggers it): notes, in
 * performance.now() ms, what the app's export does when, by the DOM calls it makes —
 *   the click on Eksportér (also as Date.now(), to meet Node's download event);
 *   the offscreen OpenLayers map's box added to and removed from the body (src/editor/export/base-map.ts);
 *   every canvas.toBlob from the call to its callback (the JPEG encodes, write-pdf.ts / write-jpg.ts);
 *   the box holding the page's SVG for svg2pdf.js added and removed (write-pdf.ts);
 *   the download link's click.
 */
function exportProbe() {
  let marks = null;
  const reset = () => (marks = { click: null, clickEpoch: null, hosts: [], encodes: [], anchor: null });
  reset();
  window.__exportProbe = { take: () => marks };
  document.addEventListener(
    "click",
    (event) => {
      if (event.target instanceof Element && event.target.closest('[data-testid="export-submit"]')) {
        reset();
        marks.click = performance.now();
        marks.clickEpoch = Date.now();
      }
    },
    true,
  );
  const offscreen = (node) => node instanceof HTMLElement && node.getAttribute("aria-hidden") === "true" && node.style.left === "-200000px";
  const appendChild = Node.prototype.appendChild;
  Node.prototype.appendChild = function (child) {
    if (offscreen(child)) marks.hosts.push({ node: child, svg: !!child.querySelector("svg"), added: performance.now(), removed: null });
    return appendChild.call(this, child);
  };
  const remove = Element.prototype.remove;
  Element.prototype.remove = function () {
    const host = marks.hosts.find((h) => h.node === this && h.removed === null);
    if (host) host.removed = performance.now();
    return remove.call(this);
  };
  const toBlob = HTMLCanvasElement.prototype.toBlob;
  HTMLCanvasElement.prototype.toBlob = function (callback, ...rest) {
    const entry = { start: performance.now(), end: null, pixels: this.width * this.height, bytes: 0 };
    marks.encodes.push(entry);
    return toBlob.call(
      this,
      (blob) => {
        entry.end = performance.now();
        entry.bytes = blob?.size ?? 0;
        callback(blob);
      },
      ...rest,
    );
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.download && marks.anchor === null) marks.anchor = performance.now();
    return click.call(this);
  };
}

/** The app's stages (ms) from the probe's marks. */
function appStages(marks, format) {
  const map = marks.hosts.find((h) => !h.svg);
  const svg = marks.hosts.find((h) => h.svg);
  const encodes = marks.encodes.filter((e) => e.end !== null && e.start >= marks.click);
  const first = encodes[0];
  const last = encodes[encodes.length - 1];
  const stages = {
    prepare: map ? map.added - marks.click : NaN,
    baseMap: map && map.removed ? map.removed - map.added : NaN,
    encode: encodes.reduce((sum, e) => sum + (e.end - e.start), 0),
  };
  if (format === "pdf") {
    // Each piece is encoded as soon as it is rendered, inside the base map's stage: counted apart.
    stages.baseMap -= stages.encode;
    stages.pageSvg = map && svg ? svg.added - map.removed : NaN;
    stages.svg2pdf = svg && svg.removed ? svg.removed - svg.added : NaN;
    stages.file = svg && marks.anchor !== null ? marks.anchor - svg.removed : NaN;
  } else {
    stages.pageSvg = map && first ? first.start - map.removed : NaN; // SVG, page canvas, pieces and overlay drawn
    stages.svg2pdf = 0;
    stages.file = last && marks.anchor !== null ? marks.anchor - last.end : NaN;
  }
  return stages;
}

const pageErrors = [];

function trackRequests(page, label, tileOrigin) {
  const tracker = { inFlight: new Set(), lastActivity: Date.now(), tiles: 0, historySaves: [] };
  const live = (request) => !request.url().includes("/socket.io/");
  page.on("request", (request) => {
    if (request.url().startsWith(tileOrigin)) tracker.tiles += 1;
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
  page.on("response", (response) => {
    if (response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/api/exports/signplan/"))
      tracker.historySaves.push(response.status());
  });
  page.on("pageerror", (error) => pageErrors.push(`${label}: ${error.message}`));
  return tracker;
}

/** Until no request is in flight and none started or ended for `quietMs` (bounded). */
async function settle(tracker, quietMs, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (tracker.inFlight.size === 0 && Date.now() - tracker.lastActivity >= quietMs) return;
    await sleep(50);
  }
  throw new Error(`the page did not become idle within ${timeoutMs / 1000} s (${tracker.inFlight.size} requests in flight)`);
}

// ---------------------------------------------------------------------------------------------------
// Memory: the browser's processes in /proc, and the page's JS heap

function readProc(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * The pids of the Chromium processes: the browser Playwright started (a child of this process named
 * chromium) and everything under it; not the app's server nor esbuild's service.
 */
function browserPids() {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readProc(`/proc/${name}/stat`);
    if (!stat) continue;
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const out = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  for (const child of children.get(process.pid) ?? []) {
    if (!/chrom/i.test(readProc(`/proc/${child}/comm`) ?? "")) continue;
    out.push(child);
    walk(child);
  }
  return out;
}

function rssBytes(pids) {
  let total = 0;
  for (const pid of pids) {
    const status = readProc(`/proc/${pid}/status`);
    const kb = status && /^VmRSS:\s+(\d+) kB/m.exec(status);
    if (kb) total += Number(kb[1]) * 1024;
  }
  return total;
}

async function jsHeapBytes(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? NaN;
}

/** GC, a moment's rest, then the idle levels. */
async function idleMemory(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  await sleep(500);
  const pids = browserPids();
  if (!pids.length) throw new Error("no Chromium process found under this process in /proc");
  const samples = [];
  for (let i = 0; i < 3; i++) {
    samples.push(rssBytes(pids));
    await sleep(MEMORY_SAMPLE_MS);
  }
  return { rss: median(samples), heap: await jsHeapBytes(cdp) };
}

/** Samples RSS every MEMORY_SAMPLE_MS (the process list every second) and the JS heap whenever the page answers. */
function startSampler(cdp) {
  let pids = browserPids();
  let peakRss = 0;
  let peakHeap = 0;
  let heapCall = null;
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 10 === 0) pids = browserPids();
    peakRss = Math.max(peakRss, rssBytes(pids));
    heapCall ??= jsHeapBytes(cdp)
      .then((bytes) => (peakHeap = Math.max(peakHeap, bytes)))
      .catch(() => {})
      .finally(() => (heapCall = null));
  }, MEMORY_SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      peakRss = Math.max(peakRss, rssBytes(pids));
      await heapCall;
      peakHeap = Math.max(peakHeap, await jsHeapBytes(cdp).catch(() => 0));
      return { rss: peakRss, heap: peakHeap };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// One export in each page

async function chooseOption(page, testId, name) {
  await page.getByTestId(testId).locator("..").click();
  await page.getByRole("option", { name, exact: true }).click();
  await page.getByRole("listbox").waitFor({ state: "hidden", timeout: 5_000 });
}

async function appExport(context, env, spec, { profile = false } = {}) {
  const page = await context.newPage();
  const tracker = trackRequests(page, "app", env.tileOrigin);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Performance.enable");
    await page.goto(env.appUrl, { waitUntil: "domcontentloaded", timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="map"][data-ready="true"]') && window.__planEditor, null, {
      polling: 100,
      timeout: 60_000,
    });
    await page.evaluate(
      ([center, zoom]) => {
        window.__planEditor.setCenter(center);
        window.__planEditor.setZoom(zoom);
      },
      [CENTER, VIEW_ZOOM],
    );
    await page.evaluate(() => window.__planEditor.rendered());
    await page.getByTestId("editor-more").click();
    await page.getByTestId("editor-action-export-plan").click();
    await page.getByTestId("export-panel").waitFor({ state: "visible", timeout: 10_000 });
    if (spec.paper !== "A3") await chooseOption(page, "export-paper", spec.paper);
    if (spec.scale !== 500) await chooseOption(page, "export-scale", `1:${spec.scale}`);
    if ((await page.getByTestId("export-dpi").inputValue()) !== String(DPI)) await chooseOption(page, "export-dpi", `${DPI} dpi`);
    if (spec.format === "jpg") await page.getByTestId("export-format-jpg").click();
    const chosen = {
      paper: await page.getByTestId("export-paper").inputValue(),
      scale: await page.getByTestId("export-scale").inputValue(),
      dpi: await page.getByTestId("export-dpi").inputValue(),
      landscape: await page.getByTestId("export-orientation").inputValue(),
      format: (await page.getByTestId("export-format-jpg").getAttribute("aria-pressed")) === "true" ? "jpg" : "pdf",
    };
    const wanted = { paper: spec.paper, scale: String(spec.scale), dpi: String(DPI), landscape: "landscape", format: spec.format };
    if (JSON.stringify(chosen) !== JSON.stringify(wanted))
      throw new Error(`the export panel shows ${JSON.stringify(chosen)}, expected ${JSON.stringify(wanted)}`);
    await settle(tracker, 500);

    const idle = await idleMemory(cdp);
    const tilesBefore = tracker.tiles;
    if (profile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
      await cdp.send("Profiler.start");
    }
    const sampler = startSampler(cdp);
    const downloading = page.waitForEvent("download", { timeout: EXPORT_TIMEOUT_MS });
    await page.getByTestId("export-submit").click();
    // An export that fails shows its message in the panel: no need to wait out the timeout for it.
    const failed = page
      .getByTestId("export-error")
      .waitFor({ state: "visible", timeout: EXPORT_TIMEOUT_MS })
      .then(async () => {
        throw new Error(`the panel says: ${await page.getByTestId("export-error").textContent()}`);
      });
    downloading.catch(() => {});
    failed.catch(() => {});
    let download;
    try {
      download = await Promise.race([downloading, failed]);
    } catch (error) {
      throw new Error(`app ${labelOf(spec)}: no download: ${error.message}`);
    }
    const downloadAt = Date.now();
    const peak = await sampler.stop();
    const cpuProfile = profile ? (await cdp.send("Profiler.stop")).profile : null;
    const tiles = tracker.tiles - tilesBefore;
    const marks = await page.evaluate(() => {
      const m = window.__exportProbe.take();
      return { ...m, hosts: m.hosts.map(({ svg, added, removed }) => ({ svg, added, removed })) };
    });
    if (marks.clickEpoch === null) throw new Error("app: the click on Eksportér was not seen in the page");
    const file = path.join(env.filesDir, `${spec.id}-${Date.now()}${path.extname(download.suggestedFilename())}`);
    await download.saveAs(file);
    // The export is kept in the plan's history after the download (an upload of the file): let it finish.
    await settle(tracker, 500, 120_000);
    return {
      ms: downloadAt - marks.clickEpoch,
      stages: { ...appStages(marks, spec.format), download: downloadAt - marks.clickEpoch - (marks.anchor - marks.click) },
      rss: peak.rss - idle.rss,
      heap: peak.heap - idle.heap,
      idle,
      tiles,
      file,
      saved: tracker.historySaves.at(-1) ?? null,
      cpuProfile,
    };
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

async function bareExport(context, env, spec) {
  const page = await context.newPage();
  const tracker = trackRequests(page, "bare", env.tileOrigin);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send("Performance.enable");
    await page.goto(env.bareUrl, { waitUntil: "load", timeout: 60_000 });
    await page.waitForFunction(() => window.__bareExport?.ready, null, { polling: 100, timeout: 30_000 });
    const idle = await idleMemory(cdp);
    const sampler = startSampler(cdp);
    const result = await withTimeout(
      page.evaluate((options) => window.__bareExport.run(options), {
        paper: spec.paper,
        landscape: true,
        scale: spec.scale,
        dpi: DPI,
        format: spec.format,
        lonLat: CENTER,
        osm: env.tileTemplate,
      }),
      EXPORT_TIMEOUT_MS,
      `bare ${labelOf(spec)}`,
    );
    const peak = await sampler.stop();
    return { ...result, rss: peak.rss - idle.rss, heap: peak.heap - idle.heap, idle, tiles: tracker.tiles };
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

/** Size, pages and how much of page 1's map area is not white paper. */
async function checkFile(file, spec, pageLayout) {
  const layout = pageLayout(spec.paper, true);
  const dpi = 20;
  let image;
  let pages = 1;
  if (spec.format === "pdf") {
    pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString("utf8"))?.[1] ?? NaN);
    const stem = path.join(path.dirname(file), `${path.basename(file)}-page`);
    execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-png", "-singlefile", "-f", "1", "-l", "1", file, stem]);
    image = await sharp(`${stem}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
    rmSync(`${stem}.png`, { force: true });
  } else {
    image = await sharp(file)
      .resize({ width: Math.round((layout.width / 25.4) * dpi) })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  }
  const { data, info } = image;
  const pxPerMm = info.width / layout.width;
  const inset = 3; // mm: off the map's frame line
  const x0 = Math.ceil((layout.map.x + inset) * pxPerMm);
  const x1 = Math.floor((layout.map.x + layout.map.width - inset) * pxPerMm);
  const y0 = Math.ceil((layout.map.y + inset) * pxPerMm);
  const y1 = Math.floor((layout.map.y + layout.map.height - inset) * pxPerMm);
  let dark = 0;
  let all = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      all += 1;
      if (data[y * info.width + x] < NON_WHITE_BELOW) dark += 1;
    }
  return { bytes: statSync(file).size, pages, nonWhite: all ? dark / all : 0 };
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
const max = (values) => Math.max(...values.filter((v) => Number.isFinite(v)));
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "–");
const mb = (bytes) => bytes / 1024 / 1024;

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.filter((row) => Array.isArray(row)).map((row) => String(row[i]).length)));
  const render = (cells) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  console.log(render(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(Array.isArray(row) ? render(row) : row);
}

/** The functions with the most self time in a CDP CPU profile, and the time per script. */
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
  console.log(`\n[profile ${kind}] main thread self time by script (ms):`);
  for (const [file, ms] of top(byScript, 10)) console.log(`[profile ${kind}]   ${ms.toFixed(0).padStart(6)}  ${file}`);
  console.log(`[profile ${kind}] self time by function (ms):`);
  for (const [fn, ms] of top(byFunction, 25)) console.log(`[profile ${kind}]   ${ms.toFixed(0).padStart(6)}  ${fn}`);
}

/** The share of all CPUs busy over `ms` (from /proc/stat), or null where there is no /proc. */
async function cpuBusy(ms = 1_000) {
  const sample = () => {
    const text = readProc("/proc/stat");
    if (!text) return null;
    const fields = text.split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
  };
  const a = sample();
  await sleep(ms);
  const b = sample();
  if (!a || !b || b.total === a.total) return null;
  return 1 - (b.idle - a.idle) / (b.total - a.total);
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const busyAtStart = await cpuBusy();
  console.log(
    `[bench:export] ${EXPORTS.map(labelOf).join(", ")} at ${DPI} dpi, landscape; ${RUNS} runs each after a warm-up${TILE_LATENCY_MS ? `; tiles held ${TILE_LATENCY_MS} ms each, uncached` : ""}`,
  );
  if (!EXPORTS.length) throw new Error(`BENCH_EXPORTS names no export: ${process.env.BENCH_EXPORTS}`);
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")) || process.env.BENCH_BUILD) {
    if (ensureBuild()) console.log("[bench:export] build done");
  } else if (!buildIsCurrent()) {
    console.log(
      "[bench:export] note: the production build in .next/ is older than the sources; measuring it as it is (npm run build, or BENCH_BUILD=1, for current numbers)",
    );
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  for (const tool of ["pdftoppm", "pdfinfo"]) {
    try {
      execFileSync(tool, ["-v"], { stdio: "ignore" });
    } catch (error) {
      if (error.code === "ENOENT") throw new Error(`${tool} is missing (Debian's poppler-utils)`);
    }
  }

  const from = import.meta.url;
  const { startTileServer } = await tsImport("../tests/e2e/tile-server.ts", from);
  const { pageLayout } = await tsImport("../src/editor/export/page-layout.ts", from);
  const { content, count, inA3 } = await buildPlan();
  const kinds = Object.entries(COUNTS)
    .map(([list, n]) => `${n} ${list}`)
    .join(", ");
  console.log(`[bench:export] plan: ${count} elements (${kinds}); ${inA3} of them in the A3 frame at 1:500`);

  await assertPortFree(TILE_PORT, HOST, "stop whatever listens there or set BENCH_EXPORT_TILE_PORT");
  state.tiles = await startTileServer(TILE_PORT);
  let tileOrigin = state.tiles.origin;
  if (TILE_LATENCY_MS) {
    await assertPortFree(TILE_PORT + 1, HOST, "stop whatever listens there or set BENCH_EXPORT_TILE_PORT");
    tileOrigin = await startLatencyProxy(state.tiles.origin, TILE_PORT + 1, TILE_LATENCY_MS);
  }
  const tileTemplate = `${tileOrigin}/{z}/{x}/{y}.png`;
  console.log(`[bench:export] tiles from ${tileTemplate}`);

  const files = await bundleBarePage();
  const barePort = await startBareServer(files);
  console.log(`[bench:export] bare page on http://${HOST}:${barePort}/ (esbuild: ${(files["main.js"].length / 1024).toFixed(0)} KB of JS)`);

  state.dataDir = mkdtempSync(path.join(tmpdir(), "plan-bench-export-"));
  const appStart = Date.now();
  await startApp(state.dataDir, tileTemplate);
  console.log(`[bench:export] app ready on http://${SITE_HOST} in ${((Date.now() - appStart) / 1000).toFixed(1)} s`);
  const { token, planId } = await setUpPlan(state.dataDir, content, count);
  console.log(`[bench:export] user confirmed, plan ${planId} saved`);

  const context = await chromium.launchPersistentContext(path.join(state.dataDir, "browser-profile"), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1"],
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    acceptDownloads: true,
    timeout: 30_000,
  });
  state.browser = context;
  await context.addInitScript(exportProbe);
  await context.addInitScript(
    ({ token: accessToken, origin }) => {
      if (location.origin === origin) localStorage.setItem("token", accessToken);
    },
    { token, origin: `http://${SITE_HOST}` },
  );
  // Only the page being measured is open: the first tab goes once the first measured tab is open.
  const [blank] = context.pages();

  const filesDir = path.join(state.dataDir, "files");
  mkdirSync(filesDir);
  if (KEEP_DIR) mkdirSync(KEEP_DIR, { recursive: true });
  const env = {
    appUrl: `http://${SITE_HOST}/app?plan=${planId}`,
    bareUrl: `http://${HOST}:${barePort}/`,
    tileOrigin,
    tileTemplate,
    filesDir,
  };
  const results = {};
  let blankClosed = false;
  for (const spec of EXPORTS) {
    const runs = { app: [], bare: [], checks: [] };
    for (let run = 0; run <= RUNS; run++) {
      const order = run % 2 ? ["bare", "app"] : ["app", "bare"];
      for (const kind of order) {
        if (kind === "app") {
          const result = await appExport(context, env, spec);
          const check = await checkFile(result.file, spec, pageLayout);
          if (KEEP_DIR && run === RUNS) copyFileSync(result.file, path.join(KEEP_DIR, `${spec.id}${path.extname(result.file)}`));
          rmSync(result.file, { force: true });
          if (run > 0) {
            runs.app.push(result);
            runs.checks.push(check);
          }
        } else {
          const result = await bareExport(context, env, spec);
          if (run > 0) runs.bare.push(result);
        }
        if (!blankClosed && blank) {
          await blank.close();
          blankClosed = true;
        }
      }
      process.stdout.write(run === 0 ? `[bench:export] ${labelOf(spec)}: warm-up done` : ` · run ${run}`);
    }
    process.stdout.write("\n");
    if (process.env.BENCH_EXPORT_PROFILE === "1") {
      const profiled = await appExport(context, env, spec, { profile: true });
      rmSync(profiled.file, { force: true });
      printProfile(`app ${labelOf(spec)}`, profiled.cpuProfile);
    }
    results[spec.id] = runs;
  }
  if (pageErrors.length) console.log(`[bench:export] page errors:\n  ${pageErrors.slice(0, 10).join("\n  ")}`);
  const busyAtEnd = await cpuBusy();

  // ---- Report --------------------------------------------------------------------------------------
  console.log("");
  console.log(`Export benchmark: app (click on Eksportér → download) vs a bare OpenLayers + jsPDF page (start → Blob)`);
  console.log(
    `Headless Chromium, --disable-gpu (software rendering), ${RUNS} runs after a warm-up, median [min–max]; memory: peak − idle, median`,
  );
  console.log("");
  const rows = [];
  for (const spec of EXPORTS) {
    const { app, bare, checks } = results[spec.id];
    const appMs = median(app.map((r) => r.ms));
    const bareMs = median(bare.map((r) => r.ms));
    const notBlank = checks.every((c) => c.nonWhite >= NON_WHITE_SHARE);
    const target =
      spec.target === "time"
        ? `< ${A3_TARGET_MS / 1000} s: ${appMs < A3_TARGET_MS ? "PASS" : "FAIL"}`
        : `done, not blank: ${app.length === RUNS && notBlank ? "PASS" : "FAIL"}`;
    rows.push([
      `${labelOf(spec)} (${app[0].tiles} / ${bare[0].tiles} tiles)`,
      `${fmt(appMs / 1000, 2)} [${fmt(min(app.map((r) => r.ms)) / 1000, 2)}–${fmt(max(app.map((r) => r.ms)) / 1000, 2)}]`,
      `${fmt(bareMs / 1000, 2)} [${fmt(min(bare.map((r) => r.ms)) / 1000, 2)}–${fmt(max(bare.map((r) => r.ms)) / 1000, 2)}]`,
      `${fmt(appMs / bareMs, 2)}×`,
      target,
      `${fmt(mb(median(app.map((r) => r.rss))), 0)} / ${fmt(mb(median(bare.map((r) => r.rss))), 0)}`,
      `${fmt(mb(median(app.map((r) => r.heap))), 0)} / ${fmt(mb(median(bare.map((r) => r.heap))), 0)}`,
      `${fmt(mb(median(checks.map((c) => c.bytes))), 1)} / ${fmt(mb(median(bare.map((r) => r.size))), 1)}`,
      `${median(checks.map((c) => c.pages))}`,
      `${fmt(100 * min(checks.map((c) => c.nonWhite)), 0)} %`,
    ]);
  }
  printTable(
    [
      "export, 300 dpi, landscape",
      "app s",
      "bare s",
      "app/bare",
      "target",
      "RSS Δ MB app/bare",
      "JS heap Δ MB app/bare",
      "file MB app/bare",
      "pages",
      "map non-white",
    ],
    rows,
  );

  console.log("");
  console.log("Where the time goes (median ms; the app's stages from its DOM calls, the bare page's from its own clock):");
  const stageRows = [];
  for (const spec of EXPORTS) {
    const { app, bare } = results[spec.id];
    const a = (key) => fmt(median(app.map((r) => r.stages[key])), 0);
    const b = (key) => fmt(median(bare.map((r) => r.stages[key])), 0);
    stageRows.push(`${labelOf(spec)}, ${bare[0].pieces} piece(s) of the map, ${bare[0].widthPx}×${bare[0].heightPx} px`);
    stageRows.push(["  click → offscreen map made (sign pictures, layout)", a("prepare"), "–"]);
    stageRows.push(["  base map: pieces rendered (tiles loaded, drawn, composed)", a("baseMap"), b("render")]);
    stageRows.push([
      spec.format === "pdf" ? "  page SVG (elements, legend, title block)" : "  page SVG, page canvas, pieces and SVG overlay drawn",
      a("pageSvg"),
      "–",
    ]);
    stageRows.push([`  JPEG encoding (canvas.toBlob, ${spec.format === "pdf" ? "each piece" : "the page"})`, a("encode"), b("encode")]);
    if (spec.format === "pdf") stageRows.push(["  svg2pdf.js (the page's vector drawing into the PDF)", a("svg2pdf"), "–"]);
    stageRows.push([
      spec.format === "pdf" ? "  jsPDF: images added, file written (doc.output)" : "  Blob",
      a("file"),
      spec.format === "pdf" ? b("file") : "–",
    ]);
    stageRows.push(["  download link → Playwright's download event", a("download"), "–"]);
    const saves = app.map((r) => r.saved);
    if (saves.some((status) => status !== 200 && status !== 201))
      stageRows.push(`  note: keeping the export in the history answered ${saves.join(", ")}`);
  }
  printTable(["stage", "app", "bare"], stageRows);

  console.log("");
  console.log(
    "A3 target: absolute, on the user's wait (click → download); A0: every run completed and page 1's map area at 20 dpi at least 50 % non-white (\"map non-white\" is the lowest share over the runs).",
  );
  console.log(
    "Memory: VmRSS of all Chromium processes added up (shared pages counted in each process), and the page's JS heap (JSHeapUsedSize; canvases and encoded images are outside it), each as the peak during the export minus the idle level after a GC before it.",
  );
  console.log("Targets are informational (a benchmark, not a test).");
  const spread = EXPORTS.map((spec) => {
    const values = results[spec.id].app.map((r) => r.ms);
    return max(values) / min(values);
  });
  if (Math.max(busyAtStart ?? 0, busyAtEnd ?? 0) > 0.25 || Math.max(...spread) > 1.25) {
    console.log(
      `Note: other work kept the machine's CPUs ${fmt(100 * (busyAtStart ?? 0), 0)} % busy before the runs and ${fmt(100 * (busyAtEnd ?? 0), 0)} % after them; the app's slowest run was up to ${fmt(Math.max(...spread), 2)}× its fastest: the numbers are noisy; run again on a quiet machine.`,
    );
  }
  console.log(`[bench:export] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

let exitCode = 0;
const watchdog = setTimeout(() => {
  console.error(`[bench:export] the benchmark did not finish within ${OVERALL_TIMEOUT_MS / 60_000} min`);
  exitCode = 1;
  cleanup().finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
watchdog.unref();
try {
  await main();
} catch (error) {
  exitCode = 1;
  console.error(`\n[bench:export] failed: ${error instanceof Error ? error.stack || error.message : error}`);
  if (state.appLog.length) console.error(`[bench:export] last lines of the app's output:\n${state.appLog.slice(-30).join("\n")}`);
} finally {
  if (!interrupted) {
    const timer = setTimeout(() => {
      console.error("[bench:export] clean-up took too long");
      process.exit(exitCode || 1);
    }, STOP_WAIT_MS + 20_000);
    await cleanup();
    clearTimeout(timer);
    console.log("[bench:export] browser and servers stopped, temporary data removed");
    process.exit(exitCode);
  }
}
