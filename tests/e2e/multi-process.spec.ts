/**
 * Several server processes (issue 36): two real app processes (the built app, as `npm start` runs it)
 * on their own ports against one PostgreSQL and one Redis. A save through A reaches a socket on B, with
 * presence both ways; the machine's Redis is restarted mid-test and events flow again (what A sent while
 * it was away reaches B after); a member removed through A leaves the plan's room on B at once.
 * Sockets are node socket.io clients: the subject is the servers, not a page.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { io, type Socket } from "socket.io-client";
import { expect, test } from "@playwright/test";
import config, { E2E_PORT } from "../../playwright.config";

const PORT_A = E2E_PORT + 1;
const PORT_B = E2E_PORT + 2;
const POSTGRES = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";
const REDIS_HOST = "127.0.0.1";
const REDIS_PORT = 6379;
const RUN = `rt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DATABASE = `e2e_multi_${RUN}`;
const SITE = "skilteplanen";

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const processes: ChildProcess[] = [];
const output: string[] = [];
let dataDir = "";

function redisCli(...args: string[]) {
  return spawnSync("redis-cli", ["-h", REDIS_HOST, "-p", String(REDIS_PORT), ...args], { encoding: "utf8", timeout: 5000 });
}
const redisAnswers = () => redisCli("ping").stdout.trim() === "PONG";

/** The machine's Redis as the CI starts it: other test runs use it too, so it is down for seconds only. */
async function startMachineRedis(): Promise<void> {
  if (redisAnswers()) return;
  spawnSync(
    "redis-server",
    [
      "--daemonize",
      "yes",
      "--bind",
      "127.0.0.1",
      "-::1",
      "--port",
      String(REDIS_PORT),
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      "/var/lib/redis",
      "--logfile",
      "/var/log/redis/ci.log",
    ],
    { timeout: 10_000 },
  );
  await expect.poll(redisAnswers, { timeout: 10_000 }).toBe(true);
}

async function stopMachineRedis(): Promise<void> {
  redisCli("shutdown", "nosave");
  await expect.poll(redisAnswers, { timeout: 10_000 }).toBe(false);
}

async function withPostgres<T>(run: (client: pg.Client) => Promise<T>, database = "postgres"): Promise<T> {
  const client = new pg.Client({ connectionString: `${POSTGRES}/${database}` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A JSON call to one of the two processes, naming the site in the Host header (as tests/e2e/api.ts does). */
function call(port: number, method: string, urlPath: string, body?: unknown, token?: string): Promise<{ status: number; json: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method,
        headers: {
          host: `${SITE}.localhost:${port}`,
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout: ${method} ${urlPath}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

async function startProcess(port: number, extra: Record<string, string>): Promise<void> {
  const webServer = config.webServer as { env: Record<string, string> };
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    env: {
      ...process.env,
      ...webServer.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: `${POSTGRES}/${DATABASE}`,
      REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`,
      REDIS_PREFIX: `e2e-${RUN}`,
      // Both processes must sign and check the same tokens (a generated one would differ per start).
      JWT_SECRET: `multi-process-test-secret-${RUN}-0123456789`,
      NODE_ENV: "production",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  processes.push(child);
  for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (chunk: Buffer) => output.push(`[${port}] ${chunk.toString()}`));
  await expect
    .poll(async () => (child.exitCode === null ? (await call(port, "GET", "/api/health").catch(() => ({ status: 0 }))).status : -1), {
      timeout: 60_000,
    })
    .toBe(200);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function connect(port: number, token: string): Socket {
  return io(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: true,
    reconnectionDelay: 200,
    auth: { token },
  });
}

function record<T>(socket: Socket, event: string): T[] {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return heard;
}

/** A user registered through A, verified in the database, and logged in. */
async function user(name: string): Promise<{ id: number; token: string }> {
  const email = `${name.toLowerCase()}-${RUN}@example.dk`;
  expect((await call(PORT_A, "POST", "/api/auth/register", { name, email, password: "hemmelig1" })).status).toBe(201);
  await withPostgres((db) => db.query("UPDATE users SET is_verified = 1 WHERE email = $1", [email]), DATABASE);
  const login = await call(PORT_A, "POST", "/api/auth/login", { email, password: "hemmelig1" });
  expect(login.status).toBe(200);
  const token = login.json.access_token as string;
  return { id: (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { id: number }).id, token };
}

const line = (id: string, x: number) => ({
  id,
  coordinates: [
    [x, 55.4],
    [x + 0.01, 55.41],
  ],
  colour: "#ff0000",
  width: 2,
});

interface Scene {
  owner: { id: number; token: string };
  member: { id: number; token: string };
  planId: number;
  ownerOnA: Socket;
  memberOnB: Socket;
  version: number;
}
let scene: Scene;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "plan-e2e-multi-"));
  await withPostgres((db) => db.query(`CREATE DATABASE "${DATABASE}"`));
  await startMachineRedis();
  // One after the other: the first migrates the new database.
  await startProcess(PORT_A, {});
  await startProcess(PORT_B, { BILLING_JOB: "off" });
});

test.afterAll(async () => {
  scene?.ownerOnA.disconnect();
  scene?.memberOnB.disconnect();
  await Promise.all(processes.map(stopProcess));
  await startMachineRedis();
  // The run's stream (its name has the run's prefix): nothing else in the shared Redis is touched.
  redisCli("del", `e2e-${RUN}:socket.io`);
  await withPostgres((db) => db.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.afterEach(async ({}, testInfo) => {
  // Whatever happened, the machine's Redis runs again for everyone else.
  await startMachineRedis();
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: output.join("") });
});

test("a save through process A reaches a socket on process B, and presence goes both ways", async () => {
  const owner = await user("Ejer");
  const member = await user("Medlem");
  const organisation = await call(
    PORT_A,
    "POST",
    "/api/users/createOrganization",
    { name: "Vejfirma ApS", cvr_number: "24256790" },
    owner.token,
  );
  expect(organisation.status).toBe(201);
  await withPostgres(
    (db) =>
      db.query("INSERT INTO organisation_members (organisation_id, user_id, is_admin, joined_at) VALUES ($1, $2, 0, $3)", [
        organisation.json.id,
        member.id,
        new Date().toISOString(),
      ]),
    DATABASE,
  );
  const project = await call(PORT_A, "POST", "/api/project", { name: "Fælles", isShared: true }, owner.token);
  expect(project.status).toBe(201);
  const plan = await call(PORT_A, "POST", "/api/signplan", { name: "Plan", project_id: project.json.id }, owner.token);
  expect(plan.status).toBe(201);
  const planId = plan.json.id as number;

  const ownerOnA = connect(PORT_A, owner.token);
  const memberOnB = connect(PORT_B, member.token);
  scene = { owner, member, planId, ownerOnA, memberOnB, version: 1 };
  expect(await ownerOnA.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId, version: 1 })).toEqual({
    ok: true,
    catchUp: { version: 1, changes: [] },
    presence: [],
  });
  const ownerHeard = record<{ socketId: string; pointer: unknown }>(ownerOnA, "presenceUpdate");
  // B's join is told of the owner's presence on A; A hears of the member's on B.
  const ack = await memberOnB.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId });
  expect(ack.presence.map((p: { socketId: string; userId: number }) => [p.socketId, p.userId])).toEqual([[ownerOnA.id, owner.id]]);
  await expect.poll(() => ownerHeard.map((p) => p.socketId)).toEqual([memberOnB.id]);
  const memberHeard = record<{ pointer: [number, number] | null }>(memberOnB, "presenceUpdate");
  // Volatile: dropped rather than queued when a connection is busy, so sent again until heard.
  await expect
    .poll(() => {
      ownerOnA.emit("presence", { signplanId: planId, pointer: [1000, 2000], selection: ["a"], view: null });
      return memberHeard.map((p) => p.pointer);
    })
    .toContainEqual([1000, 2000]);

  const updates = record<{ signplanId: number; doneByUserId: number }>(memberOnB, "signplanUpdate");
  const changes = record<{ version: number; clientId: string; saveId: number; operations: unknown[] }>(memberOnB, "signplanChanges");
  const saved = await call(
    PORT_A,
    "PATCH",
    `/api/signplan/${planId}`,
    { version: 1, operations: [{ op: "add", kind: "line", element: line("l1", 10.38) }], clientId: "client-a-0001", saveId: 1 },
    owner.token,
  );
  expect(saved.status).toBe(200);
  await expect.poll(() => updates).toEqual([{ signplanId: planId, doneByUserId: owner.id }]);
  await expect.poll(() => changes.map((c) => [c.version, c.clientId, c.saveId])).toEqual([[2, "client-a-0001", 1]]);
  expect(changes[0]!.operations).toEqual([
    expect.objectContaining({ op: "add", kind: "line", element: expect.objectContaining({ id: "l1" }) }),
  ]);
  scene.version = 2;

  // WebSocket only: B refuses long-polling, whose requests could land on A.
  expect((await call(PORT_B, "GET", "/socket.io/?EIO=4&transport=polling")).status).toBe(400);
});

test("Redis restarted mid-session: each process serves its own clients meanwhile, and events flow again after", async () => {
  const { owner, planId, ownerOnA, memberOnB } = scene;
  const onA = record<{ version: number }>(ownerOnA, "signplanChanges");
  const onB = record<{ version: number }>(memberOnB, "signplanChanges");
  const presenceOnB = record<{ pointer: [number, number] | null }>(memberOnB, "presenceUpdate");
  try {
    await stopMachineRedis();
    const during = await call(
      PORT_A,
      "PATCH",
      `/api/signplan/${planId}`,
      { version: 2, operations: [{ op: "add", kind: "line", element: line("l2", 10.4) }], clientId: "client-a-0001", saveId: 2 },
      owner.token,
    );
    expect(during.status).toBe(200);
    // A's own socket hears its save at once.
    await expect.poll(() => onA.map((c) => c.version)).toEqual([3]);
  } finally {
    await startMachineRedis();
  }
  // B hears the save made while Redis was away once A is connected again, then new saves and presence.
  await expect.poll(() => onB.map((c) => c.version), { timeout: 20_000 }).toEqual([3]);
  const after = await call(
    PORT_A,
    "PATCH",
    `/api/signplan/${planId}`,
    { version: 3, operations: [{ op: "remove", id: "l1" }], clientId: "client-a-0001", saveId: 3 },
    owner.token,
  );
  expect(after.status).toBe(200);
  await expect.poll(() => onB.map((c) => c.version)).toEqual([3, 4]);
  await expect
    .poll(
      () => {
        ownerOnA.emit("presence", { signplanId: planId, pointer: [3, 4], selection: [], view: null });
        return presenceOnB.some((p) => p.pointer?.[0] === 3);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  scene.version = 4;
});

test("a member removed through process A leaves the plan's room on process B at once", async () => {
  const { owner, member, planId, ownerOnA, memberOnB } = scene;
  const lost = record<{ signplanId: number }>(memberOnB, "signplanAccessLost");
  const left = record<{ signplanId: number; socketId: string }>(ownerOnA, "presenceLeave");
  expect((await call(PORT_A, "DELETE", "/api/users/removeUser", { userId: member.id }, owner.token)).status).toBe(200);
  await expect.poll(() => lost).toEqual([{ signplanId: planId }]);
  await expect.poll(() => left).toEqual([{ signplanId: planId, socketId: memberOnB.id }]);
  expect(await memberOnB.timeout(5000).emitWithAck("joinSignplan", { signplanId: planId })).toEqual({ ok: false });
});
