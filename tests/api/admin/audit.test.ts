/**
 * The audit log (issue 32): written in the transaction of the change (a failing change leaves no row),
 * read newest first with filters and keyset pages by staff, and never updated or deleted by any path.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as audit from "@/app/api/admin/audit/route";
import type { AuditAction } from "@/lib/schemas/admin";
import { recordAudit } from "@/server/admin/audit";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { apiRouteHandlers } from "../../support/routes";
import { createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";

let staff: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
/** Unique per run and no real action's name, so rows of other tests in the same database never match the filters. */
const action = `test.action-${Date.now().toString(36)}` as AuditAction;

beforeAll(async () => {
  staff = await createUser();
  other = await createUser();
  await makeStaffAdmin(staff.id);
  await makeStaffAdmin(other.id);
});

const list = (query: string) => as(staff.token, audit.GET, { query });

describe("recordAudit", () => {
  it("commits with the change, and a failing change leaves neither the change nor its audit row", async () => {
    const db = await getDb();
    const subject = await createUser({ name: "Før" });
    const rename = (from: string, to: string, fail: boolean) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ name: to }).where("id", "=", subject.id).execute();
        await recordAudit(trx, {
          adminId: staff.id,
          action,
          targetType: "user",
          targetId: subject.id,
          before: { name: from },
          after: { name: to },
        });
        if (fail) throw new Error("the change fails after its audit row was written");
      });
    await rename("Før", "Efter", false);
    await expect(rename("Efter", "Aldrig", true)).rejects.toThrow("the change fails");
    const user = await db.selectFrom("users").select("name").where("id", "=", subject.id).executeTakeFirstOrThrow();
    expect(user.name).toBe("Efter");
    const res = await list(`?action=${action}&targetType=user&targetId=${subject.id}`);
    expect(res.status).toBe(200);
    expect(res.json.entries).toEqual([
      {
        id: expect.any(Number),
        adminId: staff.id,
        adminEmail: staff.email,
        action,
        targetType: "user",
        targetId: subject.id,
        before: { name: "Før" },
        after: { name: "Efter" },
        reason: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(res.json.nextCursor).toBeNull();
  });
});

describe("GET /admin/audit", () => {
  const targetId = 900_000 + Math.floor(Math.random() * 90_000);
  beforeAll(async () => {
    const db = await getDb();
    const days = [
      "2026-01-01T10:00:00.000Z",
      "2026-01-02T10:00:00.000Z",
      "2026-01-03T10:00:00.000Z",
      "2026-01-04T10:00:00.000Z",
      "2026-01-05T10:00:00.000Z",
    ];
    for (const [i, day] of days.entries()) {
      await db
        .transaction()
        .execute((trx) =>
          recordAudit(
            trx,
            { adminId: i % 2 === 0 ? staff.id : other.id, action, targetType: "organisation", targetId, reason: `nr ${i}` },
            new Date(day),
          ),
        );
    }
  });
  const reasons = (res: { json: any }) => res.json.entries.map((e: any) => e.reason);
  const base = () => `?action=${action}&targetType=organisation&targetId=${targetId}`;

  it("answers newest first, filtered by staff member, action, record and date range", async () => {
    expect(reasons(await list(base()))).toEqual(["nr 4", "nr 3", "nr 2", "nr 1", "nr 0"]);
    expect(reasons(await list(`${base()}&adminId=${other.id}`))).toEqual(["nr 3", "nr 1"]);
    expect(reasons(await list(`${base()}&from=2026-01-02&to=2026-01-03`))).toEqual(["nr 2", "nr 1"]);
    expect(reasons(await list(`${base()}&from=2026-01-04T00:00:00Z`))).toEqual(["nr 4", "nr 3"]);
    expect(reasons(await list(`?action=${action}&targetType=organisation&targetId=${targetId + 1}`))).toEqual([]);
    expect(reasons(await list(`?action=${action}-other&targetId=${targetId}`))).toEqual([]);
  });

  it("pages on the server with a limit and the cursor it answers", async () => {
    const first = await list(`${base()}&limit=2`);
    expect(reasons(first)).toEqual(["nr 4", "nr 3"]);
    const second = await list(`${base()}&limit=2&cursor=${first.json.nextCursor}`);
    expect(reasons(second)).toEqual(["nr 2", "nr 1"]);
    const third = await list(`${base()}&limit=2&cursor=${second.json.nextCursor}`);
    expect(reasons(third)).toEqual(["nr 0"]);
    expect(third.json.nextCursor).toBeNull();
  });

  it("refuses a bad filter with 400 in the admin's language", async () => {
    for (const query of ["?limit=0", "?limit=101", "?from=igår", "?adminId=abc"]) {
      const res = await list(query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json.message).toMatch(/Ugyldig værdi i feltet/);
    }
    const sv = await as(staff.token, audit.GET, { query: "?limit=0", site: "ta-planen" });
    expect(sv.json.message).toMatch(/Ogiltigt värde/);
  });
});

describe("the audit log is never edited", () => {
  it("has no path that changes or deletes a row: the one audit route is a GET", async () => {
    const auditRoutes = (await apiRouteHandlers()).filter((r) => r.pattern.includes("audit"));
    expect(auditRoutes.map((r) => r.name)).toEqual(["GET /api/admin/audit"]);
  });

  it("has no code in src that updates or deletes audit rows", () => {
    const src = path.join(import.meta.dirname, "../../../src");
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    const offenders = files.filter((f) =>
      /(updateTable|deleteFrom)\(\s*["']admin_audit_log["']/.test(readFileSync(path.join(src, f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
