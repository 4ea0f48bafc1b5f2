import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationResult } from "kysely";
import pg from "pg";
import { getConfig, type ServerConfig } from "../config";
import { log } from "../log";
import type { DialectName } from "./dialect";
import { getMigrations } from "./migrations";
import type { Database } from "./schema";

export type { Database } from "./schema";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL only: the schema every connection uses. */
  schema?: string;
  /** Human-readable location for logs (never includes a password). */
  description: string;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** Opens the database the configuration names: PostgreSQL for a postgres:// URL, else a SQLite file. */
export function openDatabase(config: ServerConfig): DatabaseHandle {
  if (isPostgresUrl(config.DATABASE_URL)) {
    const schema = config.DATABASE_SCHEMA;
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      // A named schema is set on every connection, so that migrations and queries stay inside it.
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    const url = new URL(config.DATABASE_URL);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      schema,
      description: `postgres://${url.host}${url.pathname}${schema ? ` (schema ${schema})` : ""}`,
    };
  }
  const file = sqliteFile(config);
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // WAL lets readers go on while a save is written; foreign keys are off by default in SQLite.
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma(`synchronous = ${config.SQLITE_SYNCHRONOUS}`);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: "sqlite", description: file };
}

function sqliteFile(config: ServerConfig): string {
  const url = config.DATABASE_URL;
  if (url && /^(sqlite|file):/i.test(url)) return path.resolve(url.replace(/^(sqlite|file):(\/\/)?/i, ""));
  return path.join(config.dataDir, "app.sqlite");
}

/** Brings the schema up to date; throws (and changes nothing further) when a migration fails. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationResult[]> {
  if (handle.schema) await sql`create schema if not exists ${sql.id(handle.schema)}`.execute(handle.db);
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => getMigrations(handle.dialect) },
    // Without it Kysely looks for its own tables in every schema, and one found in another schema (a
    // parallel test file's) stops it from creating them in ours: "kysely_migration_lock does not exist".
    migrationTableSchema: handle.schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  for (const r of results) {
    if (r.status === "Success") log.info("db", `migrated ${r.migrationName}`);
    else if (r.status === "Error") log.error("db", `migration ${r.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results;
}

interface SharedDatabase {
  handle: DatabaseHandle;
  ready: Promise<void>;
}

// server.ts and the route handlers are bundled separately but run in one process: share one pool and
// one migration run through globalThis rather than opening the database twice.
const shared = globalThis as typeof globalThis & { __planDatabase?: SharedDatabase };

function getShared(): SharedDatabase {
  if (!shared.__planDatabase) {
    const handle = openDatabase(getConfig());
    const ready = migrateToLatest(handle).then(() => undefined);
    shared.__planDatabase = { handle, ready };
    // A failed migration must not be cached forever: the next call tries again.
    ready.catch(() => {
      if (shared.__planDatabase?.handle === handle) shared.__planDatabase = undefined;
      void handle.db.destroy();
    });
  }
  return shared.__planDatabase;
}

/** The application's database, migrated. */
export async function getDb(): Promise<Kysely<Database>> {
  const { handle, ready } = getShared();
  await ready;
  return handle.db;
}

export async function getDatabaseHandle(): Promise<DatabaseHandle> {
  const { handle, ready } = getShared();
  await ready;
  return handle;
}

/** Closes the shared database (tests, graceful shutdown). */
export async function closeDb(): Promise<void> {
  const current = shared.__planDatabase;
  shared.__planDatabase = undefined;
  if (current) await current.handle.db.destroy();
}
