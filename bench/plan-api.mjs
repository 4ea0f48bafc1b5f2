// `npm run bench`: throughput and latency of the plan API (GET and PUT /api/signplan/{id}) against a
// bare baseline doing the same database work. A benchmark, not a test: it prints numbers and exits 0
// whether or not the target is met; it exits non-zero only when the benchmark itself breaks.
//
// What it does, in one run:
//  1. Makes sure a production build exists (scripts/build-state.mjs: `next build` runs only when the
//     sources changed since the last build).
//  2. Starts the real app, `node scripts/start.mjs --no-build`, on 127.0.0.1:3400 (BENCH_API_PORT) with a
//     fresh temporary DATA_DIR (SQLite), BCRYPT_COST=4, RATE_LIMIT_MULTIPLIER=1000 and SMTP_URL="" (mail to
//     the outbox), and waits for /api/health. The port must be free.
//  3. Registers a user, confirms the e-mail through the outbox link (POST /api/auth/verify gives the
//     token), finds the default project (GET /api/project), creates a plan and saves (PUT) content with
//     2,000 elements: every element kind in turn, built from src/lib/elements/examples.ts with new ids
//     and shifted coordinates, checked locally with parsePlanContent before it is sent. Then creates 50
//     more plans with the same content for the PUT runs, and one "busy" plan for the mixed run.
//  4. Starts bench/bare-server.mjs in a separate process: node:http + better-sqlite3 on the same file
//     (DATA_DIR/app.sqlite), answering GET /signplan/{id} with the stored row and PUT /signplan/{id}
//     with a compare-and-set UPDATE … WHERE version = ? plus the app's history writes — the database
//     work without the framework, auth and validation.
//  5. Load (autocannon, keep-alive, 50 connections, 10 s per measured run, each after a 3 s warm-up that
//     is not counted and starting once both servers are idle): GET app, GET bare, PUT app, PUT bare.
//     GET reads the 2,000-element plan. For PUT every connection owns one of the 50 plans and sends
//     {version, content} (an edit: see editBodies) with the version from its previous answer (a 409 also carries the current
//     version), so connections never fight over one version; 409s are counted separately.
//  6. Prints per run: requests/s, p50 and p99 latency (ms), non-2xx answers, 409s, errors/timeouts and
//     the CPU used by the server and by this load generator; then app/bare throughput ratios and the
//     target "GET throughput ≥ 0.5× bare" with PASS/FAIL (informational).
//     Then the editor's own save: each connection changes one element of its plan (PATCH with one
//     "replace" operation), the app only; printed beside the app's and the bare server's whole-plan PUT
//     with the target "one-element save p99 ≤ 2× the bare PUT's p99" (PASS/FAIL). The mixed run below
//     also runs once with the app's writers sending one-element PATCHes.
//  7. Mixed (readers and writers at once, as in a busy afternoon): BENCH_MIX_READERS [200] autocannon
//     connections GET plans while BENCH_MIX_WRITERS [50] writers save, for BENCH_MIX_DURATION [10] s,
//     first each writer its own plan (the readers spread over those plans), then all writers one busy plan
//     (the readers read it too). A writer is an editor: one save at a time, each an edit (its first
//     element's id changes, so every save is a new version with a history entry); after a 409 it takes
//     the version from the answer and saves again after the editor's jittered wait (below 200 ms, doubling
//     up to 5 s); after a 429/503 it waits the Retry-After. Prints saves/s, save p50/p99 (ms, the saves
//     that went through), 409s, failed saves, writers that saved nothing, reads/s and read p50/p99, and
//     the app/bare ratios. BENCH_MIX_ONLY=1 runs only this part.
//  8. Stops both servers (SIGTERM, then SIGKILL of the process group after a bounded wait) and removes
//     the temporary directory on every exit path: success, failure, Ctrl-C, SIGTERM.
//
// All traffic goes to 127.0.0.1. The load generator runs in this process, on the same machine as the
// server under test; on a machine with few cores it competes for CPU (the "gen CPU" column shows how much
// it used — near 100 % means the numbers are bounded by the generator, not the server).
//
// Tuning for a quick look (defaults in brackets): BENCH_DURATION [10] and BENCH_WARMUP [3] seconds,
// BENCH_CONNECTIONS [50], BENCH_ELEMENTS [2000].
import { fork, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { tsImport } from "tsx/esm/api";
import { ensureBuild } from "../scripts/build-state.mjs";
import { assertPortFree, STOP_WAIT_MS, expectStatus, isRunning, killQuietly, remember, verificationToken } from "./harness.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const APP_PORT = Number(process.env.BENCH_API_PORT) || 3400;
const SITE_HOST = `skilteplanen.localhost:${APP_PORT}`;
const intEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const DURATION = intEnv("BENCH_DURATION", 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3) >= 0 ? Math.floor(Number(process.env.BENCH_WARMUP ?? 3)) : 3;
const CONNECTIONS = intEnv("BENCH_CONNECTIONS", 50);
const ELEMENT_COUNT = intEnv("BENCH_ELEMENTS", 2000);
const GET_TARGET = 0.5;
/** A one-element save's p99 under load at most this many times the bare server's whole-plan PUT p99 (issue 34). */
const SAVE_TARGET = 2;
const MIX_READERS = intEnv("BENCH_MIX_READERS", 200);
const MIX_WRITERS = intEnv("BENCH_MIX_WRITERS", 50);
const MIX_DURATION = intEnv("BENCH_MIX_DURATION", DURATION);
const MIX_ONLY = process.env.BENCH_MIX_ONLY === "1";

// ---------------------------------------------------------------------------------------------------
// Processes and clean-up

const state = { app: null, appLog: [], bare: null, dataDir: null, cleanup: null };

/** SIGTERM, then up to STOP_WAIT_MS for the exit, then SIGKILL (to the whole group when `group`). */
async function stopChild(child, { group }) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  killQuietly(child.pid, "SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(STOP_WAIT_MS).then(() => false)]);
  if (!gone) {
    console.error(`[bench] pid ${child.pid} did not stop within ${STOP_WAIT_MS / 1000} s: SIGKILL`);
    killQuietly(group ? -child.pid : child.pid, "SIGKILL");
    await Promise.race([exited, sleep(2_000)]);
  }
}

function cleanup() {
  state.cleanup ??= (async () => {
    await Promise.all([stopChild(state.app, { group: true }), stopChild(state.bare, { group: false })]);
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true, maxRetries: 3 });
    state.dataDir = null;
  })();
  return state.cleanup;
}

// Last resort when the process exits without the asynchronous clean-up (process.exit from a library).
process.on("exit", () => {
  if (isRunning(state.app)) killQuietly(-state.app.pid, "SIGKILL");
  if (isRunning(state.bare)) killQuietly(state.bare.pid, "SIGKILL");
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
});

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping the servers`);
    const timer = setTimeout(() => process.exit(130), STOP_WAIT_MS + 5_000);
    cleanup().finally(() => {
      clearTimeout(timer);
      process.exit(130);
    });
  });
}

/** CPU seconds (user + system) of a process so far, from /proc; null where /proc is not available. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** The server process: start.mjs's child (the one running server.ts). */
function appServerPid() {
  try {
    const children = readFileSync(`/proc/${state.app.pid}/task/${state.app.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : state.app.pid;
  } catch {
    return state.app.pid;
  }
}

async function startApp(dataDir) {
  await assertPortFree(APP_PORT, HOST, "stop whatever listens there and run again");
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
    // BENCH_APP_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app's server.
    NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? "",
  };
  delete env.SITE_HOSTS; // the embedded defaults know skilteplanen.localhost
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
      const health = await call(APP_PORT, "GET", "/api/health", { timeoutMs: 2_000 });
      if (health.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the app did not answer /api/health within 90 s");
}

function startBare(dbFile) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, "bench", "bare-server.mjs"), [], {
      cwd: ROOT,
      env: { ...process.env, BENCH_DB: dbFile, PORT: "0" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    state.bare = child;
    const timer = setTimeout(() => reject(new Error("the bare server did not start within 15 s")), 15_000);
    child.once("message", (message) => {
      clearTimeout(timer);
      if (message?.ready) resolve(message.port);
      else reject(new Error(`unexpected message from the bare server: ${JSON.stringify(message)}`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the bare server exited during start-up (code ${code}, signal ${signal})`));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// HTTP from Node: connect to 127.0.0.1 and name the site in the Host header (Node does not resolve
// *.localhost). The bare server ignores the Host header.

function call(port, method, urlPath, { body, token, timeoutMs = 60_000 } = {}) {
  const payload = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: HOST,
        port,
        path: urlPath,
        method,
        agent: false,
        headers: {
          host: port === APP_PORT ? SITE_HOST : `${HOST}:${port}`,
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json, bytes: Buffer.byteLength(text) });
        });
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${method} ${urlPath}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

// ---------------------------------------------------------------------------------------------------
// Setup through the public API

/** A plan document with `count` elements: the example of every kind in turn, new ids, shifted positions. */
async function buildContent(count) {
  const from = pathToFileURL(path.join(ROOT, "bench", "plan-api.mjs")).href;
  const { EXAMPLE_ELEMENTS } = await tsImport("../src/lib/elements/examples.ts", from);
  const { ELEMENT_DEFINITIONS } = await tsImport("../src/lib/elements/registry.ts", from);
  const { parsePlanContent } = await tsImport("../src/lib/elements/plan-content.ts", from);

  const raw = {};
  for (const definition of ELEMENT_DEFINITIONS) raw[definition.listKey] = [];
  const shift = ([lon, lat], i) => [Number((lon + (i % 40) * 0.0004).toFixed(7)), Number((lat + Math.floor(i / 40) * 0.0003).toFixed(7))];
  for (let i = 0; i < count; i++) {
    const definition = ELEMENT_DEFINITIONS[i % ELEMENT_DEFINITIONS.length];
    const element = structuredClone(EXAMPLE_ELEMENTS[definition.kind]);
    element.id = `bench-${definition.kind}-${i}`;
    if (Array.isArray(element.position)) element.position = shift(element.position, i);
    if (Array.isArray(element.coordinates)) element.coordinates = element.coordinates.map((position) => shift(position, i));
    raw[definition.listKey].push(element);
  }
  const parsed = parsePlanContent(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`generated content is invalid at ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return { content: parsed.data, kinds: ELEMENT_DEFINITIONS.length };
}

async function setUpPlans(dataDir, content, putPlans) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-1";
  await expectStatus(call(APP_PORT, "POST", "/api/auth/register", { body: { name: "Bench Bruger", email, password } }), 201, "register");
  const emailToken = await verificationToken(dataDir, email);
  const { access_token: token } = await expectStatus(
    call(APP_PORT, "POST", "/api/auth/verify", { body: { token: emailToken } }),
    200,
    "verify e-mail",
  );
  if (!token) throw new Error("verify e-mail: no access_token in the answer");

  const projects = await expectStatus(call(APP_PORT, "GET", "/api/project", { token }), 200, "list projects");
  const project = projects.find((p) => p.isDefault || p.is_default) ?? projects[0];
  if (!project) throw new Error("GET /api/project: no default project");

  // The GET plan: created empty, then its content saved with PUT (the app validates it).
  const created = await expectStatus(
    call(APP_PORT, "POST", "/api/signplan", { body: { name: "Bench GET", project_id: project.id }, token }),
    201,
    "create plan",
  );
  const saved = await expectStatus(
    call(APP_PORT, "PUT", `/api/signplan/${created.id}`, { body: { version: created.version, content }, token }),
    200,
    "save the plan's content",
  );
  if (saved.elementCount !== ELEMENT_COUNT) throw new Error(`saved plan has ${saved.elementCount} elements, expected ${ELEMENT_COUNT}`);

  // One plan per PUT connection, created with the same content.
  const plans = [];
  for (let i = 0; i < putPlans; i++) {
    const plan = await expectStatus(
      call(APP_PORT, "POST", "/api/signplan", { body: { name: `Bench PUT ${i + 1}`, project_id: project.id, content }, token }),
      201,
      `create PUT plan ${i + 1}`,
    );
    plans.push({ id: plan.id, version: plan.version });
  }
  // The plan all writers of the mixed run's second part save at once.
  const busy = await expectStatus(
    call(APP_PORT, "POST", "/api/signplan", { body: { name: "Bench busy", project_id: project.id, content }, token }),
    201,
    "create the busy plan",
  );
  return { token, projectId: project.id, getPlan: saved, putPlans: plans, busyPlan: { id: busy.id, version: busy.version } };
}

// ---------------------------------------------------------------------------------------------------
// Load

const VERSION_RE = /"version":(\d+)/;

/** The version in an answer (a saved plan or a 409), read from its first bytes; both servers put it early. */
function versionOf(body) {
  const match = VERSION_RE.exec(body.length > 2_000 ? body.slice(0, 2_000) : body);
  if (match) return Number(match[1]);
  try {
    return JSON.parse(body).version ?? null;
  } catch {
    return null;
  }
}

async function measure(label, target, options) {
  const serverPid = target.pid();
  const cpuServer0 = cpuSeconds(serverPid);
  const cpuGen0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  const result = await autocannon({ connections: CONNECTIONS, timeout: 30, ...options });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuServer1 = cpuSeconds(serverPid);
  const cpuGen = process.cpuUsage(cpuGen0);
  if (!isRunning(state.app)) throw new Error(`the app stopped during "${label}"`);
  if (!isRunning(state.bare) && target.name === "bare") throw new Error(`the bare server stopped during "${label}"`);
  const total = result.requests.total;
  return {
    label,
    rps: result.duration > 0 ? total / result.duration : 0,
    total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    conflicts: result.statusCodeStats?.["409"]?.count ?? 0,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count])),
    bytesPerResponse: total > 0 ? result.throughput.total / total : 0,
    serverCpu: cpuServer0 !== null && cpuServer1 !== null ? (cpuServer1 - cpuServer0) / wall : null,
    genCpu: (cpuGen.user + cpuGen.system) / 1e6 / wall,
  };
}

function getOptions(target, planId) {
  return {
    url: `http://${HOST}:${target.port}${target.path(planId)}`,
    method: "GET",
    headers: target.headers,
  };
}

/**
 * Save load: connection n saves plan n (round robin when there are more connections than plans) with
 * `method`, its n-th body from `bodyFor(version, connection, n)`, following the version each answer gives.
 */
function saveOptions(target, plans, method, bodyFor) {
  let nextConnection = 0;
  return {
    url: `http://${HOST}:${target.port}${target.path(plans[0].id)}`,
    method,
    headers: target.headers,
    setupClient(client) {
      const connection = nextConnection++;
      const plan = plans[connection % plans.length];
      let n = 0;
      client.setRequests([
        {
          method,
          path: target.path(plan.id),
          headers: { ...target.headers, "content-type": "application/json" },
          setupRequest: (request) => ({ ...request, body: bodyFor(plan.version, connection, n++) }),
          onResponse: (status, body) => {
            if (status === 200 || status === 409) {
              const version = versionOf(body);
              if (version !== null) plan.version = version;
            }
          },
        },
      ]);
    },
  };
}

/**
 * PUT load: an edit each time, as the bare server stores every save as a new version: the same content
 * again would be a map-view save to the app, stored in place without a history entry.
 */
const putOptions = (target, plans, contentJson) => saveOptions(target, plans, "PUT", editBodies(contentJson));

/**
 * The body of writer `writer`'s `n`-th one-element save (PATCH, src/lib/elements/operations.ts): one sign
 * replaced with another rotation, as a drag or a turn in the editor sends it. The second sign, because
 * the whole-plan saves change the first element's id.
 */
function patchBodies(content) {
  const sign = content.signs[1];
  if (!sign) throw new Error("the bench plan has no second sign to change");
  return (version, writer, n) =>
    Buffer.from(
      JSON.stringify({ version, operations: [{ op: "replace", kind: "sign", element: { ...sign, rotation: (writer * 7 + n) % 360 } }] }),
    );
}

/** PATCH load (the app only): connection n changes one element of plan n. */
const patchOptions = (target, plans, content) => saveOptions(target, plans, "PATCH", patchBodies(content));

/**
 * Waits until the server has finished what the last run left in flight (autocannon stops without waiting
 * for the answers it no longer counts): its CPU use over 300 ms below 15 %, at most 20 s.
 */
async function waitIdle(target) {
  const pid = target.pid();
  const deadline = Date.now() + 20_000;
  let before = cpuSeconds(pid);
  if (before === null) return sleep(2_000);
  while (Date.now() < deadline) {
    await sleep(300);
    const now = cpuSeconds(pid);
    if (now === null || now - before < 0.045) return;
    before = now;
  }
}

/** Reads each plan's current version from the server about to be measured. */
async function refreshVersions(target, plans) {
  for (const plan of plans) {
    const answer = await expectStatus(
      call(target.port, "GET", target.path(plan.id), { token: target.token }),
      200,
      `${target.name}: read plan ${plan.id}`,
    );
    plan.version = answer.version;
  }
}

// ---------------------------------------------------------------------------------------------------
// Mixed load: readers and writers at once

/** The p-th percentile (0–100) of unsorted numbers; null for none. */
function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Retry-After in ms (seconds or an HTTP date), null when absent or unreadable. */
function retryAfterMs(header) {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header[0] : header;
  if (/^\d+$/.test(text.trim())) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** Full jitter (the editor's own, src/editor/core/store/autosave.ts): uniform in [0, min(cap, base · 2^(n-1))). */
const fullJitter = (attempt, base, cap) => Math.random() * Math.min(cap, base * 2 ** Math.max(0, attempt - 1));

/**
 * The save body of writer `writer`'s `n`-th save: the plan content with its first element's id changed,
 * so that every save is an edit (a new version with a history entry; a save of unchanged content would
 * be stored in place as a map-view save) of the same size.
 */
function editBodies(contentJson) {
  const marker = '"id":"';
  const start = contentJson.indexOf(marker) + marker.length;
  const end = contentJson.indexOf('"', start);
  const id = contentJson.slice(start, end);
  const head = Buffer.from(`,"content":${contentJson.slice(0, start)}`);
  const tail = Buffer.from(`${contentJson.slice(end)}}`);
  return (version, writer, n) => Buffer.concat([Buffer.from(`{"version":${version}`), head, Buffer.from(`${id}~${writer}.${n}`), tail]);
}

function put(target, agent, planId, body, method = "PUT") {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        host: HOST,
        port: target.port,
        path: target.path(planId),
        method,
        agent,
        headers: { ...target.headers, "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            retryAfter: retryAfterMs(res.headers["retry-after"]),
            ms: performance.now() - started,
          }),
        );
        res.on("error", () => resolve({ status: 0, text: "", retryAfter: null, ms: performance.now() - started }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, text: "", retryAfter: null, ms: performance.now() - started }));
    req.end(body);
  });
}

/**
 * One writer, as the editor behaves: one save at a time; after a 409 it takes the current version from
 * the answer and saves again after a jittered wait growing with the 409s in a row (200 ms … 5 s); after a
 * 429/503 it waits the Retry-After, after another failure a jittered 1 s … 30 s.
 */
async function writer(target, index, plan, bodyFor, until, stats, method) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let version = plan.version;
  let conflicts = 0;
  let failures = 0;
  let n = 0;
  try {
    while (performance.now() < until) {
      const answer = await put(target, agent, plan.id, bodyFor(version, index, n++), method);
      if (performance.now() > until) break; // an answer after the end is not counted
      let wait = 0;
      if (answer.status === 200) {
        stats.saveMs.push(answer.ms);
        stats.savedBy[index] += 1;
        version = versionOf(answer.text) ?? version;
        conflicts = 0;
        failures = 0;
      } else if (answer.status === 409) {
        stats.conflicts += 1;
        stats.refusedMs.push(answer.ms);
        version = versionOf(answer.text) ?? version;
        wait = fullJitter(++conflicts, 200, 5_000);
      } else {
        stats.failures[answer.status] = (stats.failures[answer.status] ?? 0) + 1;
        wait = answer.retryAfter ?? fullJitter(++failures, 1_000, 30_000);
      }
      if (wait > 0) await sleep(Math.min(wait, Math.max(0, until - performance.now())));
    }
  } finally {
    agent.destroy();
  }
}

/** Readers (autocannon, `MIX_READERS` connections, each reading plan n) and writers at once. */
async function measureMix(label, target, { readPlans, writePlans, contentJson, patchContent }) {
  const serverPid = target.pid();
  const cpuServer0 = cpuSeconds(serverPid);
  const cpuGen0 = process.cpuUsage();
  const started = performance.now();
  const until = started + MIX_DURATION * 1000;
  const stats = { saveMs: [], refusedMs: [], conflicts: 0, failures: {}, savedBy: writePlans.map(() => 0) };
  let nextReader = 0;
  const readers = autocannon({
    connections: MIX_READERS,
    timeout: 30,
    duration: MIX_DURATION,
    url: `http://${HOST}:${target.port}${target.path(readPlans[0].id)}`,
    headers: target.headers,
    setupClient(client) {
      const plan = readPlans[nextReader++ % readPlans.length];
      client.setRequests([{ method: "GET", path: target.path(plan.id), headers: target.headers }]);
    },
  });
  // With patchContent the writers send one-element changes (PATCH) instead of the whole plan.
  const bodyFor = patchContent ? patchBodies(patchContent) : editBodies(contentJson);
  const method = patchContent ? "PATCH" : "PUT";
  const [read] = await Promise.all([readers, ...writePlans.map((plan, i) => writer(target, i, plan, bodyFor, until, stats, method))]);
  const wall = (performance.now() - started) / 1000;
  const cpuServer1 = cpuSeconds(serverPid);
  const cpuGen = process.cpuUsage(cpuGen0);
  if (!isRunning(state.app)) throw new Error(`the app stopped during "${label}"`);
  const saves = stats.saveMs.length;
  return {
    label,
    savesPerSecond: saves / MIX_DURATION,
    saves,
    saveP50: percentile(stats.saveMs, 50),
    saveP99: percentile(stats.saveMs, 99),
    conflicts: stats.conflicts,
    failures: Object.values(stats.failures).reduce((a, b) => a + b, 0),
    failureCodes: stats.failures,
    writersWithoutSave: stats.savedBy.filter((count) => count === 0).length,
    readsPerSecond: read.duration > 0 ? read.requests.total / read.duration : 0,
    readP50: read.latency.p50,
    readP99: read.latency.p99,
    readNon2xx: read.non2xx + read.errors + read.timeouts,
    serverCpu: cpuServer0 !== null && cpuServer1 !== null ? (cpuServer1 - cpuServer0) / wall : null,
    genCpu: (cpuGen.user + cpuGen.system) / 1e6 / wall,
  };
}

function printMixTable(rows) {
  const header = [
    "run",
    "saves/s",
    "save p50",
    "save p99",
    "409",
    "failed",
    "no save",
    "reads/s",
    "read p50",
    "read p99",
    "read errs",
    "server CPU",
    "gen CPU",
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.savesPerSecond),
    fmt(r.saveP50, 0),
    fmt(r.saveP99, 0),
    String(r.conflicts),
    String(r.failures),
    `${r.writersWithoutSave}/${MIX_WRITERS}`,
    fmt(r.readsPerSecond),
    fmt(r.readP50, 0),
    fmt(r.readP99, 0),
    String(r.readNon2xx),
    pct(r.serverCpu),
    pct(r.genCpu),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const render = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(render(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(render(line));
  for (const r of rows) if (r.failures) console.log(`  ${r.label}: failed saves by status ${JSON.stringify(r.failureCodes)}`);
}

// ---------------------------------------------------------------------------------------------------
// Report

const fmt = (value, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits));
const pct = (value) => (value === null ? "n/a" : `${Math.round(value * 100)} %`);

function printTable(rows) {
  const header = [
    "run",
    "req/s",
    "p50 ms",
    "p99 ms",
    "requests",
    "non-2xx",
    "409",
    "errors",
    "timeouts",
    "server CPU",
    "gen CPU",
    "KB/resp",
  ];
  const lines = rows.map((r) => [
    r.label,
    fmt(r.rps),
    fmt(r.p50, 1),
    fmt(r.p99, 1),
    String(r.total),
    String(r.non2xx),
    String(r.conflicts),
    String(r.errors),
    String(r.timeouts),
    pct(r.serverCpu),
    pct(r.genCpu),
    fmt(r.bytesPerResponse / 1024, 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const render = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(render(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(render(line));
  for (const r of rows) {
    const unexpected = Object.entries(r.statusCodes).filter(([code]) => code !== "200" && code !== "409");
    if (unexpected.length) console.log(`  ${r.label}: status codes ${JSON.stringify(r.statusCodes)}`);
  }
}

// ---------------------------------------------------------------------------------------------------

/** GET and PUT runs on their own, app then bare, with the ratios and the GET target. */
async function measureSeparately(app, bare, setup, content, contentJson, rows) {
  for (const target of [app, bare]) {
    if (WARMUP > 0) await autocannon({ connections: CONNECTIONS, timeout: 30, duration: WARMUP, ...getOptions(target, setup.getPlan.id) });
    await Promise.all([waitIdle(app), waitIdle(bare)]);
    console.log(`[bench] GET ${target.name} …`);
    rows.push(await measure(`GET ${target.name}`, target, { duration: DURATION, ...getOptions(target, setup.getPlan.id) }));
  }
  for (const target of [app, bare]) {
    await Promise.all([waitIdle(app), waitIdle(bare)]);
    await refreshVersions(target, setup.putPlans);
    if (WARMUP > 0)
      await autocannon({ connections: CONNECTIONS, timeout: 30, duration: WARMUP, ...putOptions(target, setup.putPlans, contentJson) });
    await Promise.all([waitIdle(app), waitIdle(bare)]);
    await refreshVersions(target, setup.putPlans);
    console.log(`[bench] PUT ${target.name} …`);
    rows.push(await measure(`PUT ${target.name}`, target, { duration: DURATION, ...putOptions(target, setup.putPlans, contentJson) }));
  }
  // The editor's autosave: one element changed on the same plans by as many writers (the app only: the
  // bare server has no such path; its PUT is the baseline).
  await Promise.all([waitIdle(app), waitIdle(bare)]);
  await refreshVersions(app, setup.putPlans);
  if (WARMUP > 0)
    await autocannon({ connections: CONNECTIONS, timeout: 30, duration: WARMUP, ...patchOptions(app, setup.putPlans, content) });
  await Promise.all([waitIdle(app), waitIdle(bare)]);
  await refreshVersions(app, setup.putPlans);
  console.log("[bench] PATCH app (one element) …");
  rows.push(await measure("PATCH app 1 el.", app, { duration: DURATION, ...patchOptions(app, setup.putPlans, content) }));

  console.log("");
  printTable(rows);
  const [getApp, getBare, putApp, putBare, patchApp] = rows;
  const ratio = (a, b) => (b.rps > 0 ? a.rps / b.rps : NaN);
  const getRatio = ratio(getApp, getBare);
  const putRatio = ratio(putApp, putBare);
  console.log("");
  console.log(`GET throughput app/bare: ${fmt(getRatio, 2)}×`);
  console.log(`PUT throughput app/bare: ${fmt(putRatio, 2)}×`);
  console.log(`Target: GET throughput ≥ ${GET_TARGET}× bare: ${getRatio >= GET_TARGET ? "PASS" : "FAIL"} (informational)`);
  const saveRatio = putBare.p99 > 0 ? patchApp.p99 / putBare.p99 : NaN;
  console.log(
    `One-element save (PATCH) of a ${ELEMENT_COUNT}-element plan, ${CONNECTIONS} writers: p50 ${fmt(patchApp.p50, 1)} ms, p99 ${fmt(patchApp.p99, 1)} ms; ` +
      `whole-plan PUT of the same plans: p50 ${fmt(putApp.p50, 1)} ms, p99 ${fmt(putApp.p99, 1)} ms; bare PUT p99 ${fmt(putBare.p99, 1)} ms`,
  );
  console.log(`One-element save p99 / bare PUT p99: ${fmt(saveRatio, 2)}×`);
  console.log(`Target: one-element save p99 ≤ ${SAVE_TARGET}× bare PUT p99: ${saveRatio <= SAVE_TARGET ? "PASS" : "FAIL"}`);
  const failed = rows.filter((r) => r.total === 0);
  if (failed.length) throw new Error(`no completed requests in: ${failed.map((r) => r.label).join(", ")}`);
}

async function main() {
  console.log(
    `[bench] plan API: ${CONNECTIONS} connections, ${DURATION} s per run (after a ${WARMUP} s warm-up), ${ELEMENT_COUNT} elements per plan`,
  );
  if (ensureBuild()) console.log("[bench] build done");
  else console.log("[bench] production build is current");

  const { content, kinds } = await buildContent(ELEMENT_COUNT);
  const contentJson = JSON.stringify(content);
  console.log(
    `[bench] plan content: ${ELEMENT_COUNT} elements of ${kinds} kinds, ${(Buffer.byteLength(contentJson) / 1024).toFixed(0)} KB of JSON`,
  );

  state.dataDir = mkdtempSync(path.join(tmpdir(), "plan-bench-"));
  console.log(`[bench] starting the app on http://${HOST}:${APP_PORT} (DATA_DIR ${state.dataDir})`);
  const appStart = Date.now();
  await startApp(state.dataDir);
  console.log(`[bench] app ready in ${((Date.now() - appStart) / 1000).toFixed(1)} s`);

  const setup = await setUpPlans(state.dataDir, content, Math.max(CONNECTIONS, MIX_WRITERS));
  console.log(
    `[bench] user confirmed, project ${setup.projectId}; GET plan ${setup.getPlan.id} (v${setup.getPlan.version}), ${setup.putPlans.length} PUT plans`,
  );

  const barePort = await startBare(path.join(state.dataDir, "app.sqlite"));
  console.log(`[bench] bare server on http://${HOST}:${barePort}`);

  const app = {
    name: "app",
    port: APP_PORT,
    token: setup.token,
    path: (id) => `/api/signplan/${id}`,
    headers: { host: SITE_HOST, authorization: `Bearer ${setup.token}` },
    pid: appServerPid,
  };
  const bare = {
    name: "bare",
    port: barePort,
    token: null,
    path: (id) => `/signplan/${id}`,
    headers: { host: `${HOST}:${barePort}` },
    pid: () => state.bare.pid,
  };

  // Both servers must serve the same stored plan.
  const fromApp = await expectStatus(
    call(app.port, "GET", app.path(setup.getPlan.id), { token: app.token }),
    200,
    "app: read the GET plan",
  );
  const fromBare = await expectStatus(call(bare.port, "GET", bare.path(setup.getPlan.id)), 200, "bare: read the GET plan");
  if (fromApp.version !== fromBare.version || JSON.stringify(fromApp.content) !== JSON.stringify(fromBare.content)) {
    throw new Error("the app and the bare server answer different content for the same plan");
  }

  // Before every measured run the servers are idle (nothing left in flight from the run before) and,
  // for PUT, every connection starts from its plan's stored version.
  const rows = [];
  if (!MIX_ONLY) await measureSeparately(app, bare, setup, content, contentJson, rows);

  // Mixed: readers and writers at once, each writer its own plan, then all writers on one busy plan.
  const writePlans = setup.putPlans.slice(0, MIX_WRITERS);
  const mixRows = [];
  for (const variant of ["own plans", "one plan"]) {
    for (const target of [app, bare]) {
      const plans = variant === "own plans" ? writePlans : writePlans.map(() => setup.busyPlan);
      await Promise.all([waitIdle(app), waitIdle(bare)]);
      await refreshVersions(target, variant === "own plans" ? writePlans : [setup.busyPlan]);
      console.log(`[bench] mixed, ${variant}: ${MIX_READERS} readers and ${MIX_WRITERS} writers, ${target.name} …`);
      mixRows.push(await measureMix(`mix ${variant} ${target.name}`, target, { readPlans: plans, writePlans: plans, contentJson }));
    }
  }
  // The same as the first mixed run, the app's writers changing one element each (PATCH), as the editor saves.
  await Promise.all([waitIdle(app), waitIdle(bare)]);
  await refreshVersions(app, writePlans);
  console.log(`[bench] mixed, own plans, one-element saves: ${MIX_READERS} readers and ${MIX_WRITERS} writers, app …`);
  const mixPatch = await measureMix("mix own plans PATCH app", app, {
    readPlans: writePlans,
    writePlans,
    contentJson,
    patchContent: content,
  });
  console.log("");
  printMixTable(mixRows);
  console.log("");
  for (let i = 0; i < mixRows.length; i += 2) {
    const [a, b] = [mixRows[i], mixRows[i + 1]];
    console.log(
      `${a.label.replace(/ app$/, "")}: saves/s app/bare ${fmt(b.savesPerSecond > 0 ? a.savesPerSecond / b.savesPerSecond : NaN, 2)}×, ` +
        `save p99 ${fmt(b.saveP99 ? a.saveP99 / b.saveP99 : NaN, 2)}×, read p99 ${fmt(b.readP99 ? a.readP99 / b.readP99 : NaN, 2)}×, ` +
        `writers without a save ${a.writersWithoutSave} (bare ${b.writersWithoutSave})`,
    );
  }
  const ownBare = mixRows[1];
  console.log(
    `mix own plans, one-element saves (PATCH): ${fmt(mixPatch.savesPerSecond, 1)} saves/s, save p50 ${fmt(mixPatch.saveP50, 0)} ms, ` +
      `p99 ${fmt(mixPatch.saveP99, 0)} ms (${fmt(ownBare.saveP99 ? mixPatch.saveP99 / ownBare.saveP99 : NaN, 2)}× the bare PUT's p99), ` +
      `read p99 ${fmt(mixPatch.readP99, 0)} ms, writers without a save ${mixPatch.writersWithoutSave}`,
  );
  mixRows.push(mixPatch);
  const silent = mixRows.filter((r) => r.saves === 0);
  if (silent.length) throw new Error(`no save went through in: ${silent.map((r) => r.label).join(", ")}`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  exitCode = 1;
  console.error(`\n[bench] failed: ${error instanceof Error ? error.message : error}`);
  if (state.appLog.length) console.error(`[bench] last lines of the app's output:\n${state.appLog.slice(-40).join("\n")}`);
} finally {
  if (!interrupted) {
    const timer = setTimeout(() => {
      console.error("[bench] clean-up took too long");
      process.exit(exitCode || 1);
    }, STOP_WAIT_MS + 5_000);
    await cleanup();
    clearTimeout(timer);
    console.log("[bench] servers stopped, temporary data removed");
    process.exit(exitCode);
  }
}
