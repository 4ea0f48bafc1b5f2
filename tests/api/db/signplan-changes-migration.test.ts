/**
 * 0022 (issue 36) gives the history rows already there who made each version and when: the replacing
 * save of the row before (its saved_by/saved_at), and for version 1 the plan's creation. Run here down
 * and up again over rows written as before it.
 */
import { describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDatabaseHandle, getDb } from "@/server/db";
import { signplanChangesMigration } from "@/server/db/migrations/0022-signplan-changes";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

describe("migration 0022-signplan-changes", () => {
  it("fills made_by and made_at of the history rows there before it", async () => {
    const user = await createUser();
    const other = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" } });
    const { json: plan } = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
    const handle = await getDatabaseHandle();
    const migration = signplanChangesMigration(handle.dialect);
    const db = await getDb();
    await migration.down!(db as unknown as Kysely<unknown>);
    // As saveNewVersion wrote them before 0022: version 1 replaced by `user` at t1, version 2 by `other` at t2.
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await raw
      .insertInto("signplan_history")
      .values([
        { signplan_id: plan.id, version: 1, name: "Plan", content: "{}", saved_by: user.id, saved_at: "2026-01-01T10:00:00.000Z" },
        { signplan_id: plan.id, version: 2, name: "Plan", content: "{}", saved_by: other.id, saved_at: "2026-01-02T10:00:00.000Z" },
      ])
      .execute();
    await migration.up(db as unknown as Kysely<unknown>);
    const rows = await db
      .selectFrom("signplan_history")
      .select(["version", "made_by", "made_at", "changed_count"])
      .where("signplan_id", "=", plan.id)
      .orderBy("version")
      .execute();
    expect(rows).toEqual([
      { version: 1, made_by: null, made_at: plan.createdAt, changed_count: null },
      { version: 2, made_by: user.id, made_at: "2026-01-01T10:00:00.000Z", changed_count: null },
    ]);
    expect(await db.selectFrom("signplan_changes").selectAll().execute()).toEqual([]);
  });
});
