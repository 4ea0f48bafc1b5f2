/**
 * Issue 36: several server processes save one plan, and only the compare-and-set on the version decides
 * between them. Another process's save is made here, deterministically, between a PATCH's read of the
 * change log and its write: the PATCH loses the compare-and-set, reads the plan again, merges again onto
 * what the other process made, and nothing acknowledged is lost.
 */
import { describe, expect, it, vi } from "vitest";
import * as projects from "@/app/api/project/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import type * as changesModule from "@/server/signplans/changes";
import type { PlanChange } from "@/lib/elements/changes";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

/** Run once, inside the next read of the change log: the other process's save. */
const race: { before?: () => Promise<void> } = {};

vi.mock("@/server/signplans/changes", async (real) => {
  const actual = await real<typeof changesModule>();
  return {
    ...actual,
    changesBetween: async (...args: Parameters<typeof actual.changesBetween>) => {
      const result = await actual.changesBetween(...args);
      const before = race.before;
      race.before = undefined;
      if (before) await before();
      return result;
    },
  };
});

const line = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  coordinates: [
    [10.38, 55.4],
    [10.39, 55.41],
  ],
  colour: "#ff0000",
  width: 2,
  ...extra,
});

describe("a PATCH that loses the compare-and-set to another process", () => {
  it("merges again onto the other process's version: versions consecutive, every change kept and logged", async () => {
    const user = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" } });
    const created = await as(user.token, signplans.POST, {
      method: "POST",
      body: { name: "Plan", project_id: project.id, content: { lines: [line("a"), line("b"), line("c")] } },
    });
    const id = created.json.id as number;
    const p = { params: { id: String(id) } };
    const patch = (body: unknown) => as(user.token, one.PATCH, { method: "PATCH", ...p, body });
    expect(
      (
        await patch({
          version: 1,
          clientId: "client-aaaa",
          saveId: 1,
          operations: [{ op: "replace", kind: "line", element: line("a", { width: 5 }), fields: ["width"] }],
        })
      ).status,
    ).toBe(200);

    // The other process: version 3, with b's colour changed, its row and its log entry written as saveNewVersion writes them.
    race.before = async () => {
      const db = await getDb();
      const row = await db.selectFrom("signplans").select("content").where("id", "=", id).executeTakeFirstOrThrow();
      const content = JSON.parse(row.content) as { lines: ReturnType<typeof line>[] };
      const changed = { ...content.lines[1]!, colour: "#0000ff" };
      content.lines[1] = changed;
      await db
        .updateTable("signplans")
        .set({ version: 3, content: JSON.stringify(content), content_hash: null })
        .where("id", "=", id)
        .execute();
      const operations = [{ op: "replace", kind: "line", element: changed, fields: ["colour"] }];
      await db
        .insertInto("signplan_changes")
        .values({
          signplan_id: id,
          version: 3,
          user_id: user.id,
          client_id: "client-other",
          save_id: 1,
          operations: JSON.stringify(operations),
          changed_count: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    };
    const saved = await patch({
      version: 1,
      clientId: "client-bbbb",
      saveId: 1,
      operations: [{ op: "replace", kind: "line", element: line("c", { width: 7 }), fields: ["width"] }],
    });
    expect(race.before).toBeUndefined();
    expect(saved.status).toBe(200);
    expect(saved.json.version).toBe(4);
    expect((saved.json.changes as PlanChange[]).map((c) => [c.version, c.clientId])).toEqual([
      [2, "client-aaaa"],
      [3, "client-other"],
      [4, "client-bbbb"],
    ]);
    const now = await as(user.token, one.GET, p);
    expect(now.json.content.lines).toMatchObject([
      { id: "a", width: 5, colour: "#ff0000" },
      { id: "b", width: 2, colour: "#0000ff" },
      { id: "c", width: 7, colour: "#ff0000" },
    ]);
    const log = await (
      await getDb()
    )
      .selectFrom("signplan_changes")
      .select("version")
      .where("signplan_id", "=", id)
      .orderBy("version")
      .execute();
    expect(log.map((r) => r.version)).toEqual([2, 3, 4]);
  });
});
