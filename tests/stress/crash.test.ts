import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A server killed with SIGKILL in the middle of saves (no shutdown, no closing of the database) loses
 * none that it had answered 200, and leaves a database that opens and passes SQLite's integrity check.
 * The server is ./save-server.ts: the real route handler and save service on the app's SQLite settings.
 */

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "plan-crash-"));
const CLIENTS = 4;
const KILLS = 3;

let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  port: number;
  token?: string;
  planId?: number;
}

/** Starts the server and waits for its line saying where it listens. */
function startServer(seed: boolean): Promise<Started> {
  const proc = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "tests/stress/save-server.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SEED: seed ? "1" : "", BCRYPT_COST: "4", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let stderr = "";
  proc.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line) as Started);
    });
    proc.once("exit", (code) => reject(new Error(`the save server exited (${code}) before it listened: ${stderr}`)));
  });
}

/** SIGKILL, and the moment the process is gone. */
async function killServer(): Promise<void> {
  const proc = child!;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGKILL");
  await exited;
  child = null;
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

describe("a server killed in the middle of saves", () => {
  it("keeps every save it acknowledged, and its SQLite database passes the integrity check, three kills in a row", async () => {
    const first = await startServer(true);
    const token = first.token!;
    const planId = first.planId!;
    let port = first.port;
    const acknowledged: string[] = [];
    const unexpected: number[] = [];
    let serial = 0;
    let savesUnderWay = 0;

    /** Saves continuously (load, add its own element, save; again on 409) until the server is gone. */
    const client = async (k: number, stop: { dead: boolean }) => {
      const url = () => `http://127.0.0.1:${port}/api/signplan/${planId}`;
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      while (!stop.dead) {
        try {
          const loaded = (await (await fetch(url(), { headers })).json()) as { version: number; content: { lines: unknown[] } };
          const id = `c${k}-${++serial}`;
          const content = { ...loaded.content, lines: [...loaded.content.lines, ownLine(id)] };
          savesUnderWay += 1;
          const res = await fetch(url(), { method: "PUT", headers, body: JSON.stringify({ version: loaded.version, content }) }).finally(
            () => (savesUnderWay -= 1),
          );
          if (res.status === 200) acknowledged.push(id);
          else if (res.status !== 409) unexpected.push(res.status);
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
      while (acknowledged.length < before + 15 || savesUnderWay === 0) await sleep(1);
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

      port = (await startServer(false)).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/signplan/${planId}`, { headers: { authorization: `Bearer ${token}` } });
      const served = (await res.json()) as { version: number; content: { lines: { id: string }[] } };
      expect(served.version).toBe(state.version);
      expect(served.content.lines.map((l) => l.id)).toEqual(state.lineIds);
    }
    await killServer();
  }, 60_000);
});
