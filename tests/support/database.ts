/**
 * Gives every API test file a database of its own before any server module reads its configuration:
 * a fresh SQLite file, or with TEST_DATABASE_URL a fresh PostgreSQL schema that is dropped afterwards.
 * The application migrates it on first use, exactly as in production.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { mailSettled, stopMailWorker } from "@/server/accounts/mail-queue";
import { closeDb } from "@/server/db";

const dataDir = mkdtempSync(path.join(tmpdir(), "plan-test-"));
process.env.DATA_DIR = dataDir;
delete process.env.JWT_SECRET;
delete process.env.SMTP_URL; // mail goes to the outbox in DATA_DIR, never anywhere real
delete process.env.ADMIN_EMAILS;
// The lowest bcrypt cost keeps the suite fast; the hashing code is the same.
process.env.BCRYPT_COST = "4";
// Failed logins for an e-mail under attack are held back a few milliseconds, not seconds.
process.env.LOGIN_SLOWDOWN_MAX_MS = "5";

let schema: string | undefined;
if (process.env.TEST_DIALECT === "postgres") {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DIALECT=postgres needs TEST_DATABASE_URL");
  schema = `test_${randomBytes(6).toString("hex")}`;
  process.env.DATABASE_URL = url;
  process.env.DATABASE_SCHEMA = schema;
} else {
  delete process.env.DATABASE_URL;
  delete process.env.DATABASE_SCHEMA;
}

afterAll(async () => {
  // Mail is sent by the queue's worker (src/server/accounts/mail-queue.ts): let it finish, and log,
  // while the test file's database and console are still there, and stop it before the database goes.
  await mailSettled();
  await stopMailWorker();
  await closeDb();
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});
