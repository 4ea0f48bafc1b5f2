/**
 * The server killed with SIGKILL in the middle of saves (no shutdown, no closing of the database) loses
 * no save it had answered 200, and leaves a SQLite database that opens and passes its integrity check.
 * A server process of its own (server.ts from the shared build, on its own port and data folder), since
 * this one is killed three times; clients save through HTTP as the editor does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { E2E_PORT } from "../../playwright.config";
import { expect, test } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = E2E_PORT + 7;
const CLIENTS = 4;
const KILLS = 3;
const base = `http://127.0.0.1:${PORT}`;
const host = { host: `skilteplanen.localhost:${PORT}` };

test.describe.configure({ timeout: 150_000 });

let dataDir = "";
let server: ChildProcess | null = null;

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "plan-crash-"));
});
test.afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts server.ts as `npm start` does and waits until it answers. */
async function startServer(): Promise<void> {
  const proc = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      BCRYPT_COST: "4",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  server = proc;
  let stderr = "";
  proc.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; attempt < 120; attempt++) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}): ${stderr}`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`the server did not answer within 30 s: ${stderr}`);
}

/** SIGKILL, and the moment the process is gone. */
async function killServer(): Promise<void> {
  const proc = server!;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGKILL");
  await exited;
  server = null;
}

async function call(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...host, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/** A confirmed user (the confirmation link from this server's outbox) and a plan of theirs. */
async function seed(): Promise<{ token: string; planId: number }> {
  const email = `crash-${Date.now()}@example.dk`;
  expect((await call("POST", "/api/auth/register", { name: "Crash Test", email, password: "hemmelig1" })).status).toBe(201);
  let token = "";
  for (let attempt = 0; attempt < 60 && !token; attempt++) {
    // The mail is sent after the answer; until then there may be no outbox at all.
    const outbox = path.join(dataDir, "outbox");
    const files = existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith(".json")) : [];
    for (const file of files) {
      let mail: { to: string; links: string[] };
      try {
        mail = JSON.parse(readFileSync(path.join(outbox, file.name), "utf8")) as typeof mail;
      } catch {
        continue; // still being written
      }
      const link = mail.to === email ? mail.links.map((l) => new URL(l)).find((u) => u.searchParams.has("token")) : undefined;
      if (link) token = link.searchParams.get("token")!;
    }
    if (!token) await sleep(250);
  }
  const verified = await call("POST", "/api/auth/verify", { token });
  expect(verified.status).toBe(200);
  const access = verified.json.access_token as string;
  const projects = await call("GET", "/api/project", undefined, access);
  const plan = await call("POST", "/api/signplan", { name: "Plan", project_id: projects.json[0].id }, access);
  expect(plan.status).toBe(201);
  return { token: access, planId: plan.json.id };
}

/** What the database file holds, read as the next start would: opened afresh, checked, then closed. */
function inspectDatabase(planId: number): { integrity: string; version: number; lineIds: string[] } {
  const db = new SQLite(path.join(dataDir, "app.sqlite"));
  try {
    const integrity = (db.pragma("integrity_check", { simple: true }) as string) ?? "";
    const row = db.prepare("select version, content from signplans where id = ?").get(planId) as { version: number; content: string };
    const lines = (JSON.parse(row.content) as { lines: { id: string }[] }).lines;
    return { integrity, version: row.version, lineIds: lines.map((l) => l.id) };
  } finally {
    db.close();
  }
}

const ownLine = (id: string) => ({
  id,
  coordinates: [
    [10.38, 55.4],
    [10.39, 55.41],
  ],
  colour: "#ff0000",
  width: 2,
});

test("a server killed in the middle of saves keeps every save it acknowledged, and its database opens intact, three kills in a row", async () => {
  await startServer();
  const { token, planId } = await seed();
  const acknowledged: string[] = [];
  const unexpected: number[] = [];
  let serial = 0;
  let savesUnderWay = 0;

  /** Saves continuously (load, add its own element, save; again on 409) until the server is gone. */
  const client = async (k: number, stop: { dead: boolean }) => {
    while (!stop.dead) {
      try {
        const loaded = await call("GET", `/api/signplan/${planId}`, undefined, token);
        const id = `c${k}-${++serial}`;
        const content = { ...loaded.json.content, lines: [...loaded.json.content.lines, ownLine(id)] };
        savesUnderWay += 1;
        const saved = await call("PUT", `/api/signplan/${planId}`, { version: loaded.json.version, content }, token).finally(
          () => (savesUnderWay -= 1),
        );
        if (saved.status === 200) acknowledged.push(id);
        else if (saved.status !== 409) unexpected.push(saved.status);
      } catch {
        return; // the connection died with the server: what it answered before is what counts
      }
    }
  };

  for (let round = 0; round < KILLS; round++) {
    const stop = { dead: false };
    const before = acknowledged.length;
    const clients = Array.from({ length: CLIENTS }, (_, k) => client(k, stop));
    // Let saves flow, then kill while a save is under way.
    for (let waited = 0; (acknowledged.length < before + 15 || savesUnderWay === 0) && waited < 60_000; waited += 1) await sleep(1);
    await killServer();
    stop.dead = true;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThan(before);
    expect(unexpected).toEqual([]);

    const state = inspectDatabase(planId);
    expect(state.integrity).toBe("ok");
    expect(state.lineIds).toEqual(expect.arrayContaining(acknowledged));
    // Every version is one save; a save cut off before its answer may have landed too.
    expect(state.lineIds.length).toBe(state.version - 1);
    expect(state.version).toBeGreaterThanOrEqual(1 + acknowledged.length);

    await startServer();
    const served = await call("GET", `/api/signplan/${planId}`, undefined, token);
    expect(served.json.version).toBe(state.version);
    expect(served.json.content.lines.map((l: { id: string }) => l.id)).toEqual(state.lineIds);
  }
  await killServer();
});
