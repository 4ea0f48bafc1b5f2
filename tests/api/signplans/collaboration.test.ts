/**
 * Issue 36, the server side of live collaboration: saves based on older versions merged per element and
 * field, true conflicts refused, the change log (catch-up, idempotent retries, every new version logged
 * and sent) and the version history (list, preview, restore, retention), with the plan's access rule.
 */
import { describe, expect, it } from "vitest";
import * as share from "@/app/api/project/[id]/share/route";
import * as projects from "@/app/api/project/route";
import * as changesRoute from "@/app/api/signplan/[id]/changes/route";
import * as reset from "@/app/api/signplan/[id]/reset/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as restore from "@/app/api/signplan/[id]/versions/[version]/restore/route";
import * as versionRoute from "@/app/api/signplan/[id]/versions/[version]/route";
import * as versions from "@/app/api/signplan/[id]/versions/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { CHANGE_LOG_KEPT, type PlanChange } from "@/lib/elements/changes";
import { as } from "../../support/api";
import { createOrganisation, createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });
const pv = (id: number, version: number) => ({ params: { id: String(id), version: String(version) } });
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
type Line = ReturnType<typeof line>;

async function newPlan(token: string, lines: Line[] = []) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const res = await as(token, signplans.POST, {
    method: "POST",
    body: { name: `Plan ${Math.random()}`, project_id: project.id, content: { lines } },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; project_id: number; version: number; content: Record<string, unknown> };
}

const patch = (token: string, id: number, body: unknown) => as(token, one.PATCH, { method: "PATCH", ...p(id), body });
const replace = (element: Line, fields?: string[]) => ({ op: "replace", kind: "line", element, ...(fields ? { fields } : {}) });
const read = async (token: string, id: number) =>
  (await as(token, one.GET, p(id))).json as { version: number; content: { lines: Line[]; planInfo: object } };
const logRows = async (id: number) =>
  (await getDb())
    .selectFrom("signplan_changes")
    .select(["version", "client_id", "save_id"])
    .where("signplan_id", "=", id)
    .orderBy("version")
    .execute();
const catchUp = (token: string, id: number, since: number) => as(token, changesRoute.GET, { ...p(id), query: `?since=${since}` });

describe("PATCH merges saves based on older versions", () => {
  it("two saves from one version on different fields of one element both apply", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const first = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-aaaa",
      saveId: 1,
      operations: [replace(line("a", { colour: "#00ff00" }), ["colour"])],
    });
    expect(first.status).toBe(200);
    const second = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-bbbb",
      saveId: 1,
      operations: [replace(line("a", { width: 5 }), ["width"])],
    });
    expect(second.status).toBe(200);
    expect(second.json.version).toBe(3);
    // The answer: the other client's change and its own, with the fields the server applied.
    const changes = second.json.changes as PlanChange[];
    expect(changes.map((c) => [c.version, c.clientId, c.saveId])).toEqual([
      [2, "client-aaaa", 1],
      [3, "client-bbbb", 1],
    ]);
    expect(changes[1]!.operations).toEqual([
      { op: "replace", kind: "line", element: line("a", { colour: "#00ff00", width: 5 }), fields: ["width"] },
    ]);
    expect((await read(user.token, plan.id)).content.lines).toEqual([line("a", { colour: "#00ff00", width: 5 })]);
  });

  it("a save that sets a field another client set to another value is a 409 with the conflicts, in the user's language, and changes nothing", async () => {
    const user = await createUser({ site: "ta-planen" });
    const plan = await newPlan(user.token, [line("a"), line("b")]);
    await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-aaaa",
      saveId: 1,
      operations: [replace(line("a", { colour: "#00ff00" }), ["colour"])],
    });
    const before = await read(user.token, plan.id);
    const clash = await as(user.token, one.PATCH, {
      method: "PATCH",
      ...p(plan.id),
      site: "ta-planen",
      body: {
        version: 1,
        clientId: "client-bbbb",
        saveId: 1,
        operations: [replace(line("b", { width: 4 }), ["width"]), replace(line("a", { colour: "#0000ff", width: 3 }), ["colour", "width"])],
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.json).toEqual({
      message: expect.stringMatching(/^Någon annan har ändrat samma fält på ett element/),
      version: 2,
      code: "PLAN_CHANGE_CONFLICT",
      conflicts: [{ elementId: "a", fields: ["colour"] }],
    });
    expect(await read(user.token, plan.id)).toEqual(before);
    expect((await logRows(plan.id)).map((r) => r.version)).toEqual([2]);
    // The same value twice is no conflict.
    const same = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-bbbb",
      saveId: 2,
      operations: [replace(line("a", { colour: "#00ff00" }), ["colour"])],
    });
    expect(same.status).toBe(200);
  });

  it("removals: a remove of an element already removed drops out; changing a removed element or removing a changed one conflicts", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a"), line("b"), line("c")]);
    await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-aaaa",
      saveId: 1,
      operations: [{ op: "remove", id: "a" }, replace(line("b", { width: 7 }), ["width"])],
    });
    const both = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-bbbb",
      saveId: 1,
      operations: [
        { op: "remove", id: "a" },
        { op: "add", kind: "line", element: line("d") },
      ],
    });
    expect(both.status).toBe(200);
    expect((await read(user.token, plan.id)).content.lines.map((l) => l.id)).toEqual(["b", "c", "d"]);
    // Nothing left to do at all: no new version.
    const nothing = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-cccc",
      saveId: 1,
      operations: [{ op: "remove", id: "a" }],
    });
    expect(nothing.status).toBe(200);
    expect(nothing.json.version).toBe(3);
    const changedGone = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-cccc",
      saveId: 2,
      operations: [replace(line("a", { width: 3 }), ["width"])],
    });
    expect(changedGone.json).toMatchObject({ code: "PLAN_CHANGE_CONFLICT", conflicts: [{ elementId: "a", fields: ["width"] }] });
    const removedChanged = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-cccc",
      saveId: 3,
      operations: [{ op: "remove", id: "b" }],
    });
    expect(removedChanged.json).toMatchObject({ code: "PLAN_CHANGE_CONFLICT", conflicts: [{ elementId: "b", fields: ["width"] }] });
    // A client's own earlier change is not a conflict with its later save from an older base.
    const own = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-aaaa",
      saveId: 2,
      operations: [replace(line("b", { width: 9 }), ["width"])],
    });
    expect(own.status).toBe(200);
    expect((await read(user.token, plan.id)).content.lines.find((l) => l.id === "b")!.width).toBe(9);
  });

  it("bad input in a merged save: an element that never was, a field of the wrong kind: a 400 with a message, nothing changes", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a"), line("b")]);
    await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-aaaa",
      saveId: 1,
      operations: [replace(line("a", { colour: "#00ff00" }), ["colour"])],
    });
    const before = await read(user.token, plan.id);
    const unknown = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-bbbb",
      saveId: 1,
      operations: [replace(line("nope"), ["width"])],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      code: "UNKNOWN_ELEMENT",
      message: "Elementet nope findes ikke i planen. Hent den nyeste version af planen.",
    });
    const wrongKind = await patch(user.token, plan.id, {
      version: 1,
      clientId: "client-bbbb",
      saveId: 2,
      operations: [replace(line("b", { width: "wide" }), ["width"])],
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.json.field).toBe("operations.0.element.width");
    expect(wrongKind.json.message).toMatch(/^Planens indhold er ugyldigt i feltet operations\.0\.element\.width/);
    const badFields = await patch(user.token, plan.id, {
      version: 1,
      operations: [{ op: "replace", kind: "line", element: line("b"), fields: [""] }],
    });
    expect(badFields.status).toBe(400);
    const hugeSaveId = await patch(user.token, plan.id, {
      version: 2,
      clientId: "client-bbbb",
      saveId: 2 ** 31,
      operations: [replace(line("b", { width: 4 }))],
    });
    expect(hugeSaveId.status).toBe(400);
    expect(await read(user.token, plan.id)).toEqual(before);
    expect((await logRows(plan.id)).map((r) => r.version)).toEqual([2]);
  });

  it("a save sent again with the same clientId and saveId is answered with the version it made, not applied twice", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const body = { version: 1, clientId: "client-aaaa", saveId: 7, operations: [{ op: "add", kind: "line", element: line("b") }] };
    const first = await patch(user.token, plan.id, body);
    await patch(user.token, plan.id, { version: 2, clientId: "client-bbbb", saveId: 1, operations: [replace(line("a", { width: 3 }))] });
    const again = await patch(user.token, plan.id, body);
    expect(again.status).toBe(200);
    expect(again.json.version).toBe(first.json.version);
    expect(again.json.changes).toEqual(first.json.changes);
    const now = await read(user.token, plan.id);
    expect(now.version).toBe(3);
    expect(now.content.lines.map((l) => l.id)).toEqual(["a", "b"]);
  });

  it("many clients saving one plan at once from old versions: every acknowledged operation is there, versions consecutive, the log complete", async () => {
    const CLIENTS = 24;
    const user = await createUser();
    const plan = await newPlan(
      user.token,
      Array.from({ length: CLIENTS }, (_, i) => line(`own-${i}`)),
    );
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        patch(user.token, plan.id, {
          version: 1,
          clientId: `client-${String(i).padStart(4, "0")}`,
          saveId: 1,
          operations: [{ op: "add", kind: "line", element: line(`new-${i}`) }, replace(line(`own-${i}`, { width: 3 + i }), ["width"])],
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => a.json.version).sort((a, b) => a - b)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
    // Each answer brings every change after its base, ending with its own.
    for (const answer of answers) {
      expect((answer.json.changes as PlanChange[]).map((c) => c.version)).toEqual(
        Array.from({ length: answer.json.version - 1 }, (_, i) => i + 2),
      );
    }
    const now = await read(user.token, plan.id);
    expect(now.version).toBe(CLIENTS + 1);
    for (let i = 0; i < CLIENTS; i++) {
      expect(now.content.lines.find((l) => l.id === `own-${i}`)!.width).toBe(3 + i);
      expect(now.content.lines.some((l) => l.id === `new-${i}`)).toBe(true);
    }
    expect((await logRows(plan.id)).map((r) => r.version)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
    // Replaying the log on version 1 gives the stored plan.
    const log = await catchUp(user.token, plan.id, 1);
    let lines = Array.from({ length: CLIENTS }, (_, i) => line(`own-${i}`));
    for (const change of log.json.changes as PlanChange[]) {
      for (const op of change.operations) {
        if (op.op === "replace") lines = lines.map((l) => (l.id === op.element.id ? (op.element as Line) : l));
        if (op.op === "add") lines.splice(op.index ?? lines.length, 0, op.element as Line);
      }
    }
    expect(lines).toEqual(now.content.lines);
  });
});

describe("the change log", () => {
  it("catch-up answers the changes since a version, none when up to date, reload when the log does not reach back or the version is ahead", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    for (let v = 1; v <= 3; v++) await patch(user.token, plan.id, { version: v, operations: [replace(line("a", { width: v + 2 }))] });
    const since1 = await catchUp(user.token, plan.id, 1);
    expect(since1.status).toBe(200);
    expect(since1.json.version).toBe(4);
    expect(since1.json.changes.map((c: PlanChange) => c.version)).toEqual([2, 3, 4]);
    expect(since1.json.changes[0]).toMatchObject({
      signplanId: plan.id,
      doneByUserId: user.id,
      clientId: null,
      saveId: null,
      operations: [{ op: "replace", fields: ["width"] }],
    });
    expect((await catchUp(user.token, plan.id, 4)).json).toEqual({ version: 4, changes: [] });
    expect((await catchUp(user.token, plan.id, 9)).json).toEqual({ version: 4, reload: true });
    // The plan was made before its first logged change: version 0 is too far behind.
    expect((await catchUp(user.token, plan.id, 0)).json).toEqual({ version: 4, reload: true });
    expect((await catchUp(user.token, plan.id, -1)).status).toBe(400);
    expect((await as(user.token, changesRoute.GET, { ...p(plan.id), query: "?since=x" })).status).toBe(400);
  });

  it(`keeps the last ${CHANGE_LOG_KEPT} changes per plan; a save or a catch-up from before them is told to reload`, async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const db = await getDb();
    // Versions made quickly through the row and the log directly (the save path is tested above); then one real save prunes.
    const now = new Date().toISOString();
    await db
      .updateTable("signplans")
      .set({ version: CHANGE_LOG_KEPT + 1 })
      .where("id", "=", plan.id)
      .execute();
    for (let v = 2; v <= CHANGE_LOG_KEPT + 1; v += 100) {
      await db
        .insertInto("signplan_changes")
        .values(
          Array.from({ length: Math.min(100, CHANGE_LOG_KEPT + 2 - v) }, (_, i) => ({
            signplan_id: plan.id,
            version: v + i,
            user_id: user.id,
            client_id: null,
            save_id: null,
            operations: "[]",
            changed_count: 0,
            created_at: now,
          })),
        )
        .execute();
    }
    expect((await catchUp(user.token, plan.id, 1)).json.changes).toHaveLength(CHANGE_LOG_KEPT);
    const saved = await patch(user.token, plan.id, { version: CHANGE_LOG_KEPT + 1, operations: [replace(line("a", { width: 3 }))] });
    expect(saved.json.version).toBe(CHANGE_LOG_KEPT + 2);
    const rows = await logRows(plan.id);
    expect(rows).toHaveLength(CHANGE_LOG_KEPT);
    expect(rows[0]!.version).toBe(3);
    expect((await catchUp(user.token, plan.id, 1)).json).toEqual({ version: CHANGE_LOG_KEPT + 2, reload: true });
    expect((await catchUp(user.token, plan.id, 2)).json.changes).toHaveLength(CHANGE_LOG_KEPT);
    const behind = await patch(user.token, plan.id, { version: 1, operations: [replace(line("a", { width: 4 }))] });
    expect(behind.status).toBe(409);
    expect(behind.json).toEqual({
      message: expect.stringMatching(/^Planen er ændret mange gange/),
      version: CHANGE_LOG_KEPT + 2,
      code: "PLAN_TOO_FAR_BEHIND",
    });
  });

  it("PUT, reset and restore log their value diff and send signplanChanges, then signplanUpdate; a view alone logs nothing", async () => {
    const emitted: [string, string, unknown][] = [];
    setRealtimeServer({
      to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push([room, event, payload]) }),
    } as never);
    try {
      const user = await createUser();
      const plan = await newPlan(user.token, [line("a"), line("b")]);
      const content = (await as(user.token, one.GET, p(plan.id))).json.content;
      const put = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(plan.id),
        body: { version: 1, content: { ...content, lines: [line("b", { width: 6 }), line("c")], planInfo: { contractor: "Vejfirma" } } },
      });
      expect(put.status).toBe(200);
      const view = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(plan.id),
        body: { version: 2, content: { ...(await read(user.token, plan.id)).content, mapView: { ...content.mapView, zoom: 17 } } },
      });
      expect(view.json.version).toBe(2);
      expect((await as(user.token, reset.POST, { method: "POST", ...p(plan.id), body: { version: 2 } })).status).toBe(200);
      const restored = await as(user.token, restore.POST, { method: "POST", ...pv(plan.id, 2), body: { version: 3 } });
      expect(restored.status).toBe(200);
      expect(restored.json.version).toBe(4);
      const log = (await catchUp(user.token, plan.id, 1)).json.changes as PlanChange[];
      expect(log.map((c) => [c.version, c.clientId, c.doneByUserId])).toEqual([
        [2, null, user.id],
        [3, null, user.id],
        [4, null, user.id],
      ]);
      expect(log[0]!.operations).toEqual([
        { op: "remove", id: "a" },
        { op: "replace", kind: "line", element: line("b", { width: 6 }), fields: ["width"] },
        { op: "add", kind: "line", element: line("c"), index: 1 },
        { op: "planInfo", planInfo: { contractor: "Vejfirma" }, fields: ["contractor"] },
      ]);
      expect(log[1]!.operations).toEqual([
        { op: "remove", id: "b" },
        { op: "remove", id: "c" },
      ]);
      expect(log[2]!.operations.map((op) => op.op)).toEqual(["add", "add"]);
      const events = emitted
        .filter(([room]) => room === `signplan:${plan.id}`)
        .map(([, event, payload]) => [event, (payload as { version?: number }).version]);
      expect(events).toEqual([
        ["signplanChanges", 2],
        ["signplanUpdate", undefined],
        ["signplanChanges", 3],
        ["signplanUpdate", undefined],
        ["signplanChanges", 4],
        ["signplanUpdate", undefined],
      ]);
    } finally {
      setRealtimeServer(undefined);
    }
  });
});

describe("the version history", () => {
  it("lists who made each version and when, previews one with what it changed, and restores it as a new version", async () => {
    const owner = await createUser({ name: "Ole Ejer" });
    const colleague = await createUser({ name: "Kim Kollega" });
    await createOrganisation(owner.id, [colleague.id]);
    const plan = await newPlan(owner.token, [line("a"), line("b")]);
    expect((await as(owner.token, share.PUT, { method: "PUT", ...p(plan.project_id), body: { isShared: true } })).status).toBe(200);
    await patch(owner.token, plan.id, {
      version: 1,
      operations: [replace(line("a", { width: 5 })), { op: "add", kind: "line", element: line("c") }],
    });
    await patch(colleague.token, plan.id, { version: 2, operations: [{ op: "remove", id: "b" }] });

    const list = await as(colleague.token, versions.GET, p(plan.id));
    expect(list.status).toBe(200);
    expect(list.json.signplanId).toBe(plan.id);
    expect(
      list.json.versions.map((v: { version: number; savedBy: { name: string } | null; changedCount: number | null; current: boolean }) => [
        v.version,
        v.savedBy?.name ?? null,
        v.changedCount,
        v.current,
      ]),
    ).toEqual([
      [3, "Kim Kollega", 1, true],
      [2, "Ole Ejer", 2, false],
      [1, null, null, false],
    ]);
    // Version 1 was made with the plan; the others when their saves were logged.
    const created = await (await getDb()).selectFrom("signplans").select("created_at").where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(list.json.versions[2].savedAt).toBe(created.created_at);
    const logged = await (
      await getDb()
    )
      .selectFrom("signplan_changes")
      .select(["version", "created_at"])
      .where("signplan_id", "=", plan.id)
      .orderBy("version")
      .execute();
    expect([list.json.versions[1].savedAt, list.json.versions[0].savedAt]).toEqual(logged.map((r) => r.created_at));

    const second = await as(colleague.token, versionRoute.GET, pv(plan.id, 2));
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({
      signplanId: plan.id,
      version: 2,
      current: false,
      savedBy: { id: owner.id, name: "Ole Ejer" },
      changes: { added: ["c"], changed: ["a"], removed: [] },
    });
    expect(second.json.content.lines.map((l: Line) => l.id)).toEqual(["a", "b", "c"]);
    const first = await as(colleague.token, versionRoute.GET, pv(plan.id, 1));
    expect(first.json.changes).toBeNull();
    const current = await as(colleague.token, versionRoute.GET, pv(plan.id, 3));
    expect(current.json).toMatchObject({ current: true, changes: { added: [], changed: [], removed: ["b"] } });
    const missing = await as(colleague.token, versionRoute.GET, pv(plan.id, 99));
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe("Version 99 af planen findes ikke længere i historikken.");

    const stale = await as(colleague.token, restore.POST, { method: "POST", ...pv(plan.id, 1), body: { version: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.json.version).toBe(3);
    expect((await as(colleague.token, restore.POST, { method: "POST", ...pv(plan.id, 99), body: { version: 3 } })).status).toBe(404);
    expect((await as(colleague.token, restore.POST, { method: "POST", ...pv(plan.id, 1), body: {} })).status).toBe(400);
    const restored = await as(colleague.token, restore.POST, { method: "POST", ...pv(plan.id, 1), body: { version: 3 } });
    expect(restored.status).toBe(200);
    expect(restored.json.version).toBe(4);
    const now = await read(owner.token, plan.id);
    expect(now.content.lines).toEqual([line("a"), line("b")]);
    const after = await as(owner.token, versions.GET, p(plan.id));
    expect(after.json.versions[0]).toMatchObject({ version: 4, current: true, savedBy: { name: "Kim Kollega" }, changedCount: 3 });
  });

  it("another user and a removed member get a 404 from every route of a plan's changes and history, and change nothing", async () => {
    const owner = await createUser();
    const member = await createUser();
    const stranger = await createUser();
    await createOrganisation(owner.id, [member.id]);
    const plan = await newPlan(owner.token, [line("a")]);
    await as(owner.token, share.PUT, { method: "PUT", ...p(plan.project_id), body: { isShared: true } });
    await patch(owner.token, plan.id, { version: 1, operations: [replace(line("a", { width: 4 }))] });
    expect((await as(member.token, versions.GET, p(plan.id))).status).toBe(200);
    await (await getDb()).deleteFrom("organisation_members").where("user_id", "=", member.id).execute();
    for (const token of [stranger.token, member.token]) {
      expect((await catchUp(token, plan.id, 1)).status).toBe(404);
      expect((await as(token, versions.GET, p(plan.id))).status).toBe(404);
      expect((await as(token, versionRoute.GET, pv(plan.id, 1))).status).toBe(404);
      expect((await as(token, restore.POST, { method: "POST", ...pv(plan.id, 1), body: { version: 2 } })).status).toBe(404);
      const save = await patch(token, plan.id, {
        version: 1,
        clientId: "client-zzzz",
        saveId: 1,
        operations: [replace(line("a", { colour: "#00ff00" }), ["colour"])],
      });
      expect(save.status).toBe(404);
      expect(save.json.message).toBe("Planen findes ikke.");
    }
    const now = await read(owner.token, plan.id);
    expect(now.version).toBe(2);
    expect(now.content.lines).toEqual([line("a", { width: 4 })]);
  });

  it("old history rows are pruned to the last 100 and the last of each of the 30 days before", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const db = await getDb();
    // 40 days of history, one version made each noon, then 100 versions today.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10) + "T12:00:00.000Z";
    const rows = Array.from({ length: 40 }, (_, i) => ({
      signplan_id: plan.id,
      version: i + 1,
      name: "Plan",
      content: "{}",
      saved_by: user.id,
      saved_at: day(i - 39),
      made_by: user.id,
      made_at: day(i - 40),
    }));
    await db.insertInto("signplan_history").values(rows).execute();
    await db.updateTable("signplans").set({ version: 41 }).where("id", "=", plan.id).execute();
    for (let v = 41; v < 141; v++) {
      const saved = await patch(user.token, plan.id, { version: v, operations: [replace(line("a", { width: 2 + (v % 5) }))] });
      expect(saved.status).toBe(200);
    }
    const kept = (
      await db.selectFrom("signplan_history").select("version").where("signplan_id", "=", plan.id).orderBy("version").execute()
    ).map((r) => r.version);
    // Versions 41..140 are the newest 100; of the 40 older, one a day: those made in the 29 days before today.
    expect(kept.filter((v) => v > 40)).toEqual(Array.from({ length: 100 }, (_, i) => 41 + i));
    expect(kept.filter((v) => v <= 40)).toEqual(Array.from({ length: 29 }, (_, i) => 12 + i));
  });
});
