import "server-only";
import { sql } from "kysely";
import { getDatabaseHandle, type DatabaseHandle } from "./db";
import { log } from "./log";
import pkg from "../../package.json";

export interface Health {
  status: "ok" | "degraded";
  version: string;
  /** Whether it answers, and nothing about what it is: the endpoint is open to anyone. */
  database: { ok: boolean };
}

/** Whether the service and its database answer; a database that does not answer is reported, not thrown. */
export async function getHealth(database: () => Promise<DatabaseHandle> = getDatabaseHandle): Promise<Health> {
  try {
    const handle = await database();
    await sql`select 1`.execute(handle.db);
    return { status: "ok", version: pkg.version, database: { ok: true } };
  } catch (error) {
    log.error("health", "database check failed", error);
    return { status: "degraded", version: pkg.version, database: { ok: false } };
  }
}
