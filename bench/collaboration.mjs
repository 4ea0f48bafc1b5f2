// `npm run bench:collab` (and part of `npm run bench`): live collaboration (issue 36) measured on the
// built app. A benchmark, not a test: it prints numbers and exits 0 whether or not a target is met; it
// exits non-zero only when the benchmark itself breaks.
//
// Needs PostgreSQL and Redis (several processes share both): BENCH_POSTGRES_URL
// [postgres://postgres@127.0.0.1:5432] (a database bench_collab_<run> is created and dropped) and
// BENCH_REDIS_URL [redis://127.0.0.1:6379] (a stream and channels of the run's own prefix; nothing else
// is touched). Ports BENCH_COLLAB_PORT [3430] to +5 on 127.0.0.1 must be free.
//
// Processes: S (one process, no Redis), A and B (REDIS_URL), all the real app (`node scripts/start.mjs
// --no-build`, after making sure the build is current) on one database; and the baseline, a bare
// socket.io relay (bench/bare-socketio.mjs): one process, and two through the same Redis Streams adapter.
//
// (a) Save → change applied at another client: one client saves (PATCH /api/signplan/{id}, one
//     element's colour, with clientId and saveId) one save at a time; another client, joined to the plan,
//     receives `signplanChanges` and applies it. The time from sending the save to applying it there,
//     BENCH_COLLAB_SAVES [1000] times (after 50 not counted): p50/p95/p99 with both clients on S, and with
//     the saver on A and the receiver on B; the bare relay the same way (send → received by the other);
//     target p95 < 50 ms on loopback, and the ratio to the bare relay.
// (b) BENCH_COLLAB_EDITORS [20] editors on one plan for BENCH_COLLAB_DURATION [300] s, half on A and half
//     on B, each an editor instance (its own clientId; one user's account, as tabs): every
//     BENCH_COLLAB_PAUSE_MS [400] ms on average it adds a line, changes one field of a line (colour, width
//     or coordinates; often one of ten lines every editor changes, so the same element is edited by
//     several, mostly in different fields) or removes one of its own lines, sending a PATCH based on its
//     own copy's version; it applies the `signplanChanges` it receives in version order (buffering one
//     that comes early) and a save's answered changes; after a refused save (409: a true conflict, or too
//     far behind) it catches up (GET …/changes?since=) and goes on. At the end every editor catches up,
//     and the bench checks that each client's copy equals the database's plan and that every
//     acknowledged operation holds there (each added line present unless an acknowledged remove took it,
//     each removed one absent, each changed field at the value of the last acknowledged change of it).
//     Prints the counts and every mismatch.
//
// BENCH_COLLAB_ONLY=latency or =editors runs one part.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { io } from "socket.io-client";
import { ensureBuild } from "../scripts/build-state.mjs";
import { appCaller, assertPortFree, expectStatus, isRunning, remember, stopApp, verificationToken } from "./harness.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const HOST = "127.0.0.1";
const intEnv = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const BASE_PORT = intEnv("BENCH_COLLAB_PORT", 3430);
const PORTS = { S: BASE_PORT, A: BASE_PORT + 1, B: BASE_PORT + 2, bare: BASE_PORT + 3, bareA: BASE_PORT + 4, bareB: BASE_PORT + 5 };
const SAVES = intEnv("BENCH_COLLAB_SAVES", 1000);
const WARMUP_SAVES = 50;
const EDITORS = intEnv("BENCH_COLLAB_EDITORS", 20);
const DURATION_S = intEnv("BENCH_COLLAB_DURATION", 300);
const PAUSE_MS = intEnv("BENCH_COLLAB_PAUSE_MS", 400);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const ONLY = process.env.BENCH_COLLAB_ONLY ?? "";
const TARGET_P95_MS = 50;
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DATABASE = `bench_collab_${RUN}`;
const PREFIX = `bench-${RUN}`;
const SHARED_PLAN_LINES = 10;

const callers = {};
const call = (port, method, urlPath, options) =>
  (callers[port] ??= appCaller({ host: HOST, port, siteHost: `skilteplanen.localhost:${port}` }))(method, urlPath, options);

const children = [];
const logs = new Map();
let dataDir = "";
let databaseCreated = false;

async function postgres(query, database = "postgres") {
  const client = new pg.Client({ connectionString: `${POSTGRES}/${database}` });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

function startChild(label, args, env) {
  const lines = [];
  logs.set(label, lines);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout.on("data", (chunk) => remember(lines, chunk));
  child.stderr.on("data", (chunk) => remember(lines, chunk));
  children.push({ label, child });
  return child;
}

async function startApp(label, port, env) {
  await assertPortFree(port, HOST, "set BENCH_COLLAB_PORT");
  const child = startChild(label, ["scripts/start.mjs", "--no-build"], {
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    DATABASE_URL: `${POSTGRES}/${DATABASE}`,
    JWT_SECRET: `collaboration-bench-secret-${RUN}-0123456789`,
    NODE_ENV: "production",
    BCRYPT_COST: "4",
    RATE_LIMIT_MULTIPLIER: "1000",
    SMTP_URL: "",
    CVR_LOOKUP_URL: "",
    BILLING_JOB: "off",
    REDIS_URL: "",
    REDIS_PREFIX: PREFIX,
    ...env,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`${label} exited:\n${logs.get(label).join("\n")}`);
    const health = await call(port, "GET", "/api/health", { timeoutMs: 2000 }).catch(() => null);
    if (health?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`${label} not healthy within 90 s:\n${logs.get(label).join("\n")}`);
}

async function startBare(label, port, env = {}) {
  await assertPortFree(port, HOST, "set BENCH_COLLAB_PORT");
  const child = startChild(label, [path.join(ROOT, "bench/bare-socketio.mjs"), String(port)], env);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !logs.get(label).includes("ready")) {
    if (!isRunning(child)) throw new Error(`${label} exited:\n${logs.get(label).join("\n")}`);
    await sleep(50);
  }
  if (!logs.get(label).includes("ready")) throw new Error(`${label} did not start`);
}

async function cleanUp() {
  await Promise.all(children.map(({ label, child }) => stopApp(child, label)));
  if (databaseCreated)
    await postgres(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`).catch((error) => console.error(`drop database: ${error.message}`));
  // The run's stream: the adapter trims it, but a run's own keys are removed with it.
  await redisDel([`${PREFIX}:socket.io`, `${PREFIX}:bare`]).catch(() => {});
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

async function redisDel(keys) {
  const { createClient } = await import("redis");
  const client = createClient({ url: REDIS_URL });
  client.on("error", () => {});
  await client.connect();
  await client.del(keys);
  await client.quit();
}

function connect(port, token) {
  return new Promise((resolve, reject) => {
    const socket = io(`http://${HOST}:${port}`, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      auth: token ? { token } : undefined,
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}
const ms = (value) => value.toFixed(2).padStart(8);

const line = (id, x, colour = "#ff0000", width = 2) => ({
  id,
  coordinates: [
    [x, 55.4],
    [x + 0.01, 55.41],
  ],
  colour,
  width,
});

async function setUp() {
  const email = `collab-${RUN}@example.com`;
  const password = "bench-password-1";
  await expectStatus(call(PORTS.S, "POST", "/api/auth/register", { body: { name: "Bench Bruger", email, password } }), 201, "register");
  const emailToken = await verificationToken(dataDir, email);
  const { access_token: token } = await expectStatus(
    call(PORTS.S, "POST", "/api/auth/verify", { body: { token: emailToken } }),
    200,
    "verify",
  );
  const projects = await expectStatus(call(PORTS.S, "GET", "/api/project", { token }), 200, "list projects");
  const project = projects.find((p) => p.isDefault || p.is_default) ?? projects[0];
  return { token, projectId: project.id };
}

async function newPlan(token, projectId, name, lines) {
  const plan = await expectStatus(
    call(PORTS.S, "POST", "/api/signplan", { body: { name, project_id: projectId, content: { lines } }, token }),
    201,
    "create plan",
  );
  return plan.id;
}

// ---- (a) latency ----------------------------------------------------------------------------------

async function appLatency(token, projectId, savePort, receivePort, label) {
  const planId = await newPlan(token, projectId, `Latency ${label}`, [line("l0", 10.38)]);
  const receiver = await connect(receivePort, token);
  const saver = await connect(savePort, token);
  try {
    const joined = await receiver.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId });
    if (!joined.ok) throw new Error("join refused");
    await saver.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId });
    const clientId = `bench-saver-${RUN}`;
    const waiting = new Map();
    receiver.on("signplanChanges", (change) => {
      if (change.clientId !== clientId) return;
      // Applied: the receiving editor's copy takes the changed element.
      const element = change.operations[0]?.element;
      if (element) copy.set(element.id, element);
      waiting.get(change.saveId)?.(performance.now());
    });
    const copy = new Map();
    let version = 1;
    const samples = [];
    for (let i = 1; i <= WARMUP_SAVES + SAVES; i++) {
      const arrived = new Promise((resolve) => waiting.set(i, resolve));
      const t0 = performance.now();
      const colour = i % 2 ? "#00ff00" : "#0000ff";
      const answer = await expectStatus(
        call(savePort, "PATCH", `/api/signplan/${planId}`, {
          body: {
            version,
            operations: [{ op: "replace", kind: "line", element: line("l0", 10.38, colour), fields: ["colour"] }],
            clientId,
            saveId: i,
          },
          token,
        }),
        200,
        "save",
      );
      version = answer.version;
      const t1 = await Promise.race([arrived, sleep(10_000).then(() => Number.NaN)]);
      waiting.delete(i);
      if (Number.isNaN(t1)) throw new Error(`save ${i}: no signplanChanges at the other client within 10 s`);
      if (i > WARMUP_SAVES) samples.push(t1 - t0);
    }
    return summary(samples);
  } finally {
    receiver.disconnect();
    saver.disconnect();
  }
}

async function bareLatency(sendPort, receivePort) {
  const receiver = await connect(receivePort);
  const sender = await connect(sendPort);
  try {
    await receiver.timeout(5000).emitWithAck("join", "room");
    await sender.timeout(5000).emitWithAck("join", "room");
    // Both servers see each other once a relayed message arrives.
    const waiting = new Map();
    receiver.on("change", ({ i }) => waiting.get(i)?.(performance.now()));
    const samples = [];
    for (let i = 1; i <= WARMUP_SAVES + SAVES; i++) {
      const arrived = new Promise((resolve) => waiting.set(i, resolve));
      const t0 = performance.now();
      await sender.timeout(5000).emitWithAck("save", "room", { i, element: line("l0", 10.38, i % 2 ? "#00ff00" : "#0000ff") });
      const t1 = await Promise.race([arrived, sleep(i === 1 ? 10_000 : 5000).then(() => Number.NaN)]);
      waiting.delete(i);
      if (Number.isNaN(t1)) {
        if (i === 1) {
          i = 0; // the first relay may be lost while the two processes' readers start; start over
          continue;
        }
        throw new Error(`bare relay ${i}: not received within 5 s`);
      }
      if (i > WARMUP_SAVES) samples.push(t1 - t0);
    }
    return summary(samples);
  } finally {
    receiver.disconnect();
    sender.disconnect();
  }
}

async function latencyPart(token, projectId) {
  console.log(`\n(a) save → change applied at another client: ${SAVES} saves, one at a time (after ${WARMUP_SAVES} not counted)\n`);
  const rows = [
    ["app, one process", await appLatency(token, projectId, PORTS.S, PORTS.S, "one")],
    ["bare relay, one process", await bareLatency(PORTS.bare, PORTS.bare)],
    ["app, two processes (Redis)", await appLatency(token, projectId, PORTS.A, PORTS.B, "two")],
    ["bare relay, two (Redis)", await bareLatency(PORTS.bareA, PORTS.bareB)],
  ];
  console.log(`${"".padEnd(28)}      p50      p95      p99  (ms)`);
  for (const [label, s] of rows) console.log(`${label.padEnd(28)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)}`);
  const [one, bareOne, two, bareTwo] = rows.map(([, s]) => s);
  console.log(
    `\nratio app/bare p95: one process ${(one.p95 / bareOne.p95).toFixed(1)}×, two processes ${(two.p95 / bareTwo.p95).toFixed(1)}×`,
  );
  for (const [label, s] of [
    ["one process", one],
    ["two processes", two],
  ])
    console.log(`target p95 < ${TARGET_P95_MS} ms, ${label}: ${s.p95 < TARGET_P95_MS ? "PASS" : "FAIL"} (${s.p95.toFixed(1)} ms)`);
}

// ---- (b) editors ------------------------------------------------------------------------------------

const COLOURS = ["#ff0000", "#00aa00", "#0000ff", "#aa00aa", "#ffaa00", "#00aaaa"];
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function applyOperations(elements, operations) {
  for (const op of operations) {
    if (op.op === "add" || op.op === "replace") elements.set(op.element.id, op.element);
    else if (op.op === "remove") elements.delete(op.id);
  }
}

/** One editor: its copy of the plan's lines at `version`, kept by applying every change in version order. */
function editor(n, port, token, planId, initial) {
  const e = {
    n,
    port,
    clientId: `bench-editor-${n}-${RUN}`,
    saveId: 0,
    version: initial.version,
    elements: new Map(initial.lines.map((l) => [l.id, l])),
    early: new Map(),
    made: 0,
    counts: { saves: 0, acknowledged: 0, conflicts: 0, tooFarBehind: 0, failed: 0, fromSocket: 0, fromAnswers: 0, catchUps: 0, reloads: 0 },
    acknowledged: [],
    socket: null,
  };
  e.take = (change, via) => {
    if (change.version <= e.version) return;
    e.early.set(change.version, change);
    while (e.early.has(e.version + 1)) {
      const next = e.early.get(e.version + 1);
      e.early.delete(e.version + 1);
      applyOperations(e.elements, next.operations);
      e.version = next.version;
      e.counts[via]++;
    }
  };
  e.catchUp = async () => {
    e.counts.catchUps++;
    const answer = await expectStatus(
      call(port, "GET", `/api/signplan/${planId}/changes?since=${e.version}`, { token }),
      200,
      "changes since",
    );
    if (answer.reload) {
      e.counts.reloads++;
      const plan = await expectStatus(call(port, "GET", `/api/signplan/${planId}`, { token }), 200, "reload");
      e.elements = new Map((plan.content?.lines ?? []).map((l) => [l.id, l]));
      e.version = plan.version;
      e.early.clear();
      return;
    }
    for (const change of answer.changes) e.take(change, "fromAnswers");
  };
  return e;
}

/** The next edit of an editor, from its copy: the operation and what it intends (for the final check). */
function nextEdit(e) {
  const own = [...e.elements.keys()].filter((id) => id.startsWith(`e${e.n}-`));
  const roll = Math.random();
  if (roll < 0.3 || e.elements.size === 0) {
    const id = `e${e.n}-${++e.made}`;
    const element = line(id, 10 + Math.random(), pick(COLOURS), 1 + Math.floor(Math.random() * 5));
    return { operation: { op: "add", kind: "line", element }, intent: { op: "add", id, element } };
  }
  if (roll < 0.85 || own.length === 0) {
    // Often one of the lines everyone edits, so that the same element is changed by several editors.
    const shared = [...e.elements.keys()].filter((id) => id.startsWith("s"));
    const id = Math.random() < 0.5 && shared.length ? pick(shared) : pick([...e.elements.keys()]);
    const current = e.elements.get(id);
    const field = pick(["colour", "width", "coordinates"]);
    const value =
      field === "colour" ? pick(COLOURS) : field === "width" ? 1 + Math.floor(Math.random() * 8) : line(id, 10 + Math.random()).coordinates;
    return {
      operation: { op: "replace", kind: "line", element: { ...current, [field]: value }, fields: [field] },
      intent: { op: "replace", id, field, value },
    };
  }
  const id = pick(own);
  return { operation: { op: "remove", id }, intent: { op: "remove", id } };
}

async function runEditor(e, token, planId, until) {
  while (Date.now() < until) {
    await sleep(Math.random() * 2 * PAUSE_MS);
    const { operation, intent } = nextEdit(e);
    e.counts.saves++;
    const answer = await call(e.port, "PATCH", `/api/signplan/${planId}`, {
      body: { version: e.version, operations: [operation], clientId: e.clientId, saveId: ++e.saveId },
      token,
    }).catch((error) => ({ status: 0, json: { message: error.message } }));
    if (answer.status === 200) {
      e.counts.acknowledged++;
      e.acknowledged.push({ ...intent, version: answer.json.version });
      for (const change of answer.json.changes ?? []) e.take(change, "fromAnswers");
    } else if (answer.status === 409) {
      if (answer.json?.code === "PLAN_TOO_FAR_BEHIND") e.counts.tooFarBehind++;
      else e.counts.conflicts++;
      await e.catchUp();
    } else {
      e.counts.failed++;
      if (e.counts.failed <= 3) console.error(`editor ${e.n}: save answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
      await sleep(500);
      await e.catchUp().catch(() => {});
    }
  }
}

const canonical = (element) => JSON.stringify(element, Object.keys(element).sort());

async function editorsPart(token, projectId) {
  console.log(
    `\n(b) ${EDITORS} editors on one plan for ${DURATION_S} s across two processes (A and B), a save every ${PAUSE_MS} ms on average each\n`,
  );
  const sharedLines = Array.from({ length: SHARED_PLAN_LINES }, (_, i) => line(`s${i}`, 10 + i / 100));
  const planId = await newPlan(token, projectId, "Editors", sharedLines);
  const plan = await expectStatus(call(PORTS.S, "GET", `/api/signplan/${planId}`, { token }), 200, "read plan");
  const editors = [];
  for (let n = 0; n < EDITORS; n++) {
    const port = n % 2 === 0 ? PORTS.A : PORTS.B;
    const e = editor(n, port, token, planId, { version: plan.version, lines: plan.content?.lines ?? [] });
    e.socket = await connect(port, token);
    e.socket.on("signplanChanges", (change) => e.take(change, "fromSocket"));
    const ack = await e.socket.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId, version: e.version });
    if (!ack.ok) throw new Error("join refused");
    for (const change of ack.catchUp?.changes ?? []) e.take(change, "fromAnswers");
    editors.push(e);
  }
  const started = Date.now();
  await Promise.all(editors.map((e) => runEditor(e, token, planId, started + DURATION_S * 1000)));
  const seconds = (Date.now() - started) / 1000;

  // Quiet: every editor catches up to the plan's last version.
  const final = await expectStatus(call(PORTS.S, "GET", `/api/signplan/${planId}`, { token }), 200, "read plan");
  await sleep(500);
  for (const e of editors) if (e.version < final.version) await e.catchUp();
  for (const e of editors) e.socket.disconnect();

  const database = new Map((final.content?.lines ?? []).map((l) => [l.id, l]));
  const totals = {};
  for (const e of editors) for (const [key, value] of Object.entries(e.counts)) totals[key] = (totals[key] ?? 0) + value;
  console.log(
    `ran ${seconds.toFixed(0)} s; the plan went from version ${plan.version} to ${final.version}; ${database.size} lines at the end`,
  );
  console.log(
    `saves ${totals.saves} (${(totals.saves / seconds).toFixed(1)}/s): acknowledged ${totals.acknowledged}, refused as true conflicts ${totals.conflicts}, too far behind ${totals.tooFarBehind}, failed ${totals.failed}`,
  );
  console.log(
    `changes applied by the editors: ${totals.fromSocket} from signplanChanges, ${totals.fromAnswers} from save answers and catch-ups (${totals.catchUps} catch-ups, ${totals.reloads} reloads)`,
  );

  const mismatches = [];
  // Every client's copy is the database's plan.
  for (const e of editors) {
    if (e.version !== final.version) mismatches.push(`editor ${e.n}: at version ${e.version}, the plan at ${final.version}`);
    for (const [id, element] of database) {
      const mine = e.elements.get(id);
      if (!mine) mismatches.push(`editor ${e.n}: ${id} missing`);
      else if (canonical(mine) !== canonical(element)) mismatches.push(`editor ${e.n}: ${id} differs`);
    }
    for (const id of e.elements.keys()) if (!database.has(id)) mismatches.push(`editor ${e.n}: ${id} is not in the database`);
  }
  // Every acknowledged operation holds in the database: replayed in version order by intent.
  const acknowledged = editors.flatMap((e) => e.acknowledged).sort((a, b) => a.version - b.version);
  const present = new Map(sharedLines.map((l) => [l.id, true]));
  const lastField = new Map();
  for (const op of acknowledged) {
    if (op.op === "add") present.set(op.id, true);
    else if (op.op === "remove") present.set(op.id, false);
    else lastField.set(`${op.id}\u0000${op.field}`, op);
  }
  for (const [id, shouldBe] of present) {
    if (shouldBe !== database.has(id))
      mismatches.push(`database: ${id} ${shouldBe ? "missing" : "still there after its acknowledged remove"}`);
  }
  for (const op of lastField.values()) {
    const element = database.get(op.id);
    if (!element) continue; // removed afterwards by an acknowledged remove: checked above
    if (JSON.stringify(element[op.field]) !== JSON.stringify(op.value))
      mismatches.push(
        `database: ${op.id}.${op.field} is ${JSON.stringify(element[op.field])}, the last acknowledged change (version ${op.version}) set ${JSON.stringify(op.value)}`,
      );
  }
  console.log(
    `acknowledged operations checked: ${acknowledged.length} (${present.size} lines added or kept, ${lastField.size} last field changes) in ${EDITORS} copies and the database`,
  );
  if (totals.failed > 0) {
    // A failed save is the server's fault (a 5xx): its log says why.
    for (const label of ["A", "B"]) {
      const errors = logs.get(label).filter((l) => /error|fail/i.test(l));
      if (errors.length) console.log(`--- ${label}: ${errors.length} error lines, the last ones ---\n${errors.slice(-8).join("\n")}`);
    }
  }
  if (mismatches.length === 0) console.log("every acknowledged operation is present in every client's copy and in the database: PASS");
  else {
    console.log(`MISMATCHES: ${mismatches.length}: FAIL`);
    for (const m of mismatches.slice(0, 50)) console.log(`  ${m}`);
  }
}

async function main() {
  ensureBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), "plan-bench-collab-"));
  await postgres(`CREATE DATABASE "${DATABASE}"`);
  databaseCreated = true;
  // S first: it migrates the new database.
  await startApp("S", PORTS.S, {});
  await Promise.all([startApp("A", PORTS.A, { REDIS_URL }), startApp("B", PORTS.B, { REDIS_URL })]);
  await Promise.all([
    startBare("bare", PORTS.bare),
    startBare("bareA", PORTS.bareA, { REDIS_URL, REDIS_PREFIX: PREFIX }),
    startBare("bareB", PORTS.bareB, { REDIS_URL, REDIS_PREFIX: PREFIX }),
  ]);
  console.log(
    `processes: S :${PORTS.S} (one process), A :${PORTS.A} and B :${PORTS.B} (Redis ${REDIS_URL}), bare relays :${PORTS.bare}, :${PORTS.bareA} + :${PORTS.bareB}; PostgreSQL ${DATABASE}`,
  );
  const { token, projectId } = await setUp();
  if (ONLY !== "editors") await latencyPart(token, projectId);
  if (ONLY !== "latency") await editorsPart(token, projectId);
}

let exitCode = 0;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cleanUp().finally(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  exitCode = 1;
  console.error(error instanceof Error ? error.stack : error);
  for (const [label, lines] of logs) if (lines.length) console.error(`--- ${label} (last lines) ---\n${lines.slice(-20).join("\n")}`);
} finally {
  if (!stopping) await cleanUp();
}
process.exit(exitCode);
