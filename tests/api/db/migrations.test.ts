import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getConfig } from "@/server/config";
import { getDatabaseHandle, getDb, migrateToLatest, openDatabase } from "@/server/db";

const now = () => new Date().toISOString();

describe("database and migrations", () => {
  it("creates the users table on first use", async () => {
    const db = await getDb();
    const user = await db
      .insertInto("users")
      .values({
        email: "a@example.dk",
        name: "A",
        password_hash: "x",
        registered_site: "skilteplanen",
        created_at: now(),
        updated_at: now(),
      })
      .returning(["id", "is_verified", "is_admin", "first_login_at"])
      .executeTakeFirstOrThrow();
    expect(user.id).toBeGreaterThan(0);
    expect(user).toMatchObject({ is_verified: 0, is_admin: 0, first_login_at: null });
  });

  it("refuses a second account with the same e-mail", async () => {
    const db = await getDb();
    const row = {
      email: "twice@example.dk",
      name: "B",
      password_hash: "x",
      registered_site: "kloakplanen",
      created_at: now(),
      updated_at: now(),
    };
    await db.insertInto("users").values(row).execute();
    await expect(
      db
        .insertInto("users")
        .values({ ...row, registered_site: "skilteplanen" })
        .execute(),
    ).rejects.toThrow(/unique/i);
  });

  it("leaves signplans without the content_schema column (0006 drops what 0005 added)", async () => {
    const db = await getDb();
    const tables = await db.introspection.getTables();
    // PostgreSQL lists the tables of every schema; this test's are in its own.
    const schema = process.env.DATABASE_SCHEMA;
    const columns = tables.find((t) => t.name === "signplans" && (!schema || t.schema === schema))?.columns.map((c) => c.name) ?? [];
    expect(columns).toContain("content");
    expect(columns).not.toContain("content_schema");
  });

  it("keeps share links in their own table, and signplans without share_version (0007)", async () => {
    const db = await getDb();
    const schema = process.env.DATABASE_SCHEMA;
    const tables = (await db.introspection.getTables()).filter((t) => !schema || t.schema === schema);
    expect(tables.find((t) => t.name === "signplans")?.columns.map((c) => c.name)).not.toContain("share_version");
    expect(
      tables
        .find((t) => t.name === "signplan_share_links")
        ?.columns.map((c) => c.name)
        .sort(),
    ).toEqual(["created_at", "created_by", "expires_at", "id", "revoked_at", "signplan_id"]);
  });

  it("gives user settings a drawing_styles column that starts as an empty map (0008)", async () => {
    const db = await getDb();
    const user = await db
      .insertInto("users")
      .values({
        email: "styles@example.dk",
        name: "S",
        password_hash: "x",
        registered_site: "skilteplanen",
        created_at: now(),
        updated_at: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A row as written before 0008, naming only the older columns.
    await db.insertInto("user_settings").values({ user_id: user.id, standard_sign_size: 2, updated_at: now() }).execute();
    const row = await db
      .selectFrom("user_settings")
      .select(["drawing_styles", "recent_signs"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ drawing_styles: "{}", recent_signs: "[]" });
  });

  it("applies nothing twice: a second run finds the schema current", async () => {
    const handle = await getDatabaseHandle();
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it("migrates a second connection to the same database without error", async () => {
    const other = openDatabase(getConfig());
    try {
      expect(await migrateToLatest(other)).toEqual([]);
    } finally {
      await other.db.destroy();
    }
  });

  // Each dialect has its own check; the other project does not register it (no skipped tests).
  if (process.env.TEST_DIALECT === "sqlite") {
    it("opens SQLite in WAL mode with foreign keys on", async () => {
      const db = await getDb();
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(mode[0]?.journal_mode).toBe("wal");
      expect(fk[0]?.foreign_keys).toBe(1);
    });
  }
  if (process.env.TEST_DIALECT === "postgres") {
    it("keeps PostgreSQL tables inside the configured schema", async () => {
      const db = await getDb();
      const { rows } = await sql<{ table_schema: string }>`
      select table_schema from information_schema.tables where table_name = 'users'`.execute(db);
      expect(rows.map((r) => r.table_schema)).toContain(process.env.DATABASE_SCHEMA);
    });
  }
});
