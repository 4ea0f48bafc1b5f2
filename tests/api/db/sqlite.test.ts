import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { openDatabase } from "@/server/db";

const dir = mkdtempSync(path.join(tmpdir(), "plan-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** PRAGMA synchronous of a SQLite connection opened with these settings (0 OFF, 1 NORMAL, 2 FULL). */
async function synchronousWith(env: Record<string, string>): Promise<number> {
  const handle = openDatabase(getConfig({ NODE_ENV: "test", DATA_DIR: dir, ...env }));
  try {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    return rows[0]!.synchronous;
  } finally {
    await handle.db.destroy();
  }
}

describe("SQLite settings", () => {
  it("syncs every commit (FULL) unless SQLITE_SYNCHRONOUS=NORMAL says otherwise", async () => {
    expect(await synchronousWith({})).toBe(2);
    expect(await synchronousWith({ SQLITE_SYNCHRONOUS: "FULL" })).toBe(2);
    expect(await synchronousWith({ SQLITE_SYNCHRONOUS: "NORMAL" })).toBe(1);
  });

  it("refuses any other value at start-up", () => {
    expect(() => getConfig({ NODE_ENV: "test", DATA_DIR: dir, SQLITE_SYNCHRONOUS: "OFF" })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
