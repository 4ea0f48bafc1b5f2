import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import * as one from "@/app/api/signplan/[id]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { endTrial } from "../billing/support";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });
const line = (id: string, x = 10.38, width = 2) => ({
  id,
  coordinates: [
    [x, 55.4],
    [x + 0.01, 55.41],
  ],
  colour: "#ff0000",
  width,
});

async function newPlan(token: string, lines: ReturnType<typeof line>[] = []) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const name = `Plan ${Math.random()}`;
  const res = await as(token, signplans.POST, { method: "POST", body: { name, project_id: project.id, content: { lines } } });
  expect(res.status).toBe(201);
  return res.json as { id: number; version: number; content: Record<string, unknown> };
}

const patch = (token: string, id: number, body: unknown) => as(token, one.PATCH, { method: "PATCH", ...p(id), body });
const history = async (id: number) =>
  (await getDb()).selectFrom("signplan_history").select(["version", "content"]).where("signplan_id", "=", id).orderBy("version").execute();

describe("PATCH /signplan/{id}: element operations", () => {
  it("a one-element change makes the next version, stores what PUT stores, keeps the history and tells the plan's room", async () => {
    const emitted: unknown[] = [];
    setRealtimeServer({ to: (room: string) => ({ emit: (...args: unknown[]) => emitted.push([room, ...args]) }) } as never);
    try {
      const user = await createUser();
      const lines = [line("a"), line("b"), line("c")];
      const viaPatch = await newPlan(user.token, lines);
      const viaPut = await newPlan(user.token, lines);
      const moved = line("b", 11);
      const saved = await patch(user.token, viaPatch.id, { version: 1, operations: [{ op: "replace", kind: "line", element: moved }] });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ id: viaPatch.id, version: 2, elementCount: 3 });
      expect(saved.json).not.toHaveProperty("content");
      // The change, then signplanUpdate, both to the plan's room (issue 36).
      expect(emitted.map((e) => (e as unknown[]).slice(0, 2))).toEqual([
        [`signplan:${viaPatch.id}`, "signplanChanges"],
        [`signplan:${viaPatch.id}`, "signplanUpdate"],
      ]);
      expect(emitted[0]).toMatchObject([
        `signplan:${viaPatch.id}`,
        "signplanChanges",
        {
          signplanId: viaPatch.id,
          version: 2,
          clientId: null,
          operations: [{ op: "replace", kind: "line", element: { id: "b" }, fields: ["coordinates"] }],
        },
      ]);
      expect(emitted[1]).toEqual([`signplan:${viaPatch.id}`, "signplanUpdate", { signplanId: viaPatch.id, doneByUserId: user.id }]);

      const put = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(viaPut.id),
        body: { version: 1, content: { ...viaPut.content, lines: [line("a"), moved, line("c")] } },
      });
      expect(put.json.version).toBe(2);
      const [afterPatch, afterPut] = await Promise.all([as(user.token, one.GET, p(viaPatch.id)), as(user.token, one.GET, p(viaPut.id))]);
      expect(afterPatch.json.content).toEqual(afterPut.json.content);
      expect(afterPatch.json.content.lines[1].coordinates[0]).toEqual([11, 55.4]);

      const kept = await history(viaPatch.id);
      expect(kept.map((h) => h.version)).toEqual([1]);
      expect(JSON.parse(kept[0]!.content)).toEqual(viaPatch.content);

      // Add and remove: version 3, with version 2 in the history.
      const next = await patch(user.token, viaPatch.id, {
        version: 2,
        operations: [
          { op: "remove", id: "a" },
          { op: "add", kind: "line", element: line("d"), index: 0 },
        ],
      });
      expect(next.json).toMatchObject({ version: 3, elementCount: 3 });
      const now = await as(user.token, one.GET, p(viaPatch.id));
      expect(now.json.content.lines.map((l: { id: string }) => l.id)).toEqual(["d", "b", "c"]);
      expect((await history(viaPatch.id)).map((h) => h.version)).toEqual([1, 2]);
    } finally {
      setRealtimeServer(undefined);
    }
  });

  it("a map view alone is stored in place at the same version, without a history entry", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const mapView = { center: [12, 55.6], zoom: 16, rotation: 5, activeMapLayerId: "osm" };
    const saved = await patch(user.token, plan.id, { version: 1, operations: [{ op: "mapView", mapView }] });
    expect(saved.json).toMatchObject({ version: 1 });
    expect((await as(user.token, one.GET, p(plan.id))).json.content.mapView).toEqual(mapView);
    expect(await history(plan.id)).toEqual([]);
  });

  it("a save based on an older version is merged onto the plan (issue 36); a version ahead of the plan is a 409 naming the current one", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    await patch(user.token, plan.id, { version: 1, operations: [{ op: "add", kind: "line", element: line("b") }] });
    const merged = await patch(user.token, plan.id, { version: 1, operations: [{ op: "remove", id: "a" }] });
    expect(merged.status).toBe(200);
    expect(merged.json.version).toBe(3);
    // The answer brings every change after the save's base: the other save's and its own.
    expect(merged.json.changes.map((c: { version: number }) => c.version)).toEqual([2, 3]);
    const ahead = await patch(user.token, plan.id, { version: 9, operations: [{ op: "remove", id: "b" }] });
    expect(ahead.status).toBe(409);
    expect(ahead.json).toEqual({
      message: "Planen er blevet ændret af en anden, siden du hentede den. Hent den nyeste version.",
      version: 3,
    });
    const now = await as(user.token, one.GET, p(plan.id));
    expect(now.json.version).toBe(3);
    expect(now.json.content.lines.map((l: { id: string }) => l.id)).toEqual(["b"]);
  });

  it("an invalid element or an unknown id is a 400 with a message in the user's language, and nothing changes", async () => {
    const user = await createUser();
    const plan = await newPlan(user.token, [line("a")]);
    const invalid = await patch(user.token, plan.id, {
      version: 1,
      operations: [
        { op: "add", kind: "line", element: line("b") },
        { op: "replace", kind: "line", element: line("a", 10.38, 1000) },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.field).toBe("operations.1.element.width");
    expect(invalid.json.message).toMatch(/^Planens indhold er ugyldigt i feltet operations\.1\.element\.width\. ./);

    const unknown = await patch(user.token, plan.id, { version: 1, operations: [{ op: "remove", id: "ghost" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      message: "Elementet ghost findes ikke i planen. Hent den nyeste version af planen.",
      code: "UNKNOWN_ELEMENT",
    });
    const swedish = await as(user.token, one.PATCH, {
      method: "PATCH",
      ...p(plan.id),
      site: "ta-planen",
      body: { version: 1, operations: [{ op: "replace", kind: "line", element: line("ghost") }] },
    });
    expect(swedish.status).toBe(400);
    expect(swedish.json.message).toBe("Elementet ghost finns inte i planen. Hämta den senaste versionen av planen.");

    const duplicate = await patch(user.token, plan.id, {
      version: 1,
      operations: [
        {
          op: "add",
          kind: "barrier",
          element: {
            id: "a",
            coordinates: [
              [10, 55],
              [10.1, 55],
            ],
            colour: "#ff0000",
          },
        },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.message).toContain("To elementer i planen har samme id.");

    const noOperations = await patch(user.token, plan.id, { version: 1, operations: [] });
    expect(noOperations.status).toBe(400);
    const now = await as(user.token, one.GET, p(plan.id));
    expect(now.json).toMatchObject({ version: 1, elementCount: 1 });
    expect(now.json.content.lines).toEqual([expect.objectContaining({ id: "a", width: 2 })]);
    expect(await history(plan.id)).toEqual([]);
  });

  it("another user's plan is a 404; a blocked account's PATCH is a 402 like its PUT", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const plan = await newPlan(owner.token, [line("a")]);
    const foreign = await patch(stranger.token, plan.id, { version: 1, operations: [{ op: "remove", id: "a" }] });
    expect(foreign.status).toBe(404);
    await endTrial(owner.id);
    const blocked = await patch(owner.token, plan.id, { version: 1, operations: [{ op: "remove", id: "a" }] });
    expect(blocked.status).toBe(402);
    expect(blocked.json.code).toBe("ACCOUNT_BLOCKED");
    const db = await getDb();
    const row = await db.selectFrom("signplans").select(["version", "content"]).where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
    expect(JSON.parse(row.content).lines).toHaveLength(1);
  });

  it("20 clients patching one plan at once from one loaded version are all merged, and lose no acknowledged change", async () => {
    const CLIENTS = 20;
    const user = await createUser();
    const plan = await newPlan(user.token);
    const acknowledged: { id: string; version: number }[] = [];
    let conflicts = 0;
    const client = async (id: string) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        // Like the editor after a 409: learn the current version, send the same one-element change again.
        const loaded = await as(user.token, one.GET, p(plan.id));
        const saved = await patch(user.token, plan.id, {
          version: loaded.json.version,
          operations: [{ op: "add", kind: "line", element: line(id) }],
        });
        if (saved.status === 200) {
          acknowledged.push({ id, version: saved.json.version });
          return;
        }
        expect(saved.status).toBe(409);
        conflicts += 1;
        await sleep(Math.random() * Math.min(100, 2 * 2 ** attempt));
      }
      throw new Error(`${id} got no save through`);
    };
    const ids = Array.from({ length: CLIENTS }, (_, i) => `client-${i}`);
    await Promise.all(ids.map(client));
    expect(acknowledged.map((a) => a.version).sort((a, b) => a - b)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i + 2));
    const stored = await as(user.token, one.GET, p(plan.id));
    expect(stored.json.version).toBe(1 + CLIENTS);
    expect(stored.json.content.lines.map((l: { id: string }) => l.id).sort()).toEqual([...ids].sort());
    // Every acknowledged element is in the version its save made and in every later one.
    const linesAt = new Map(
      (await history(plan.id)).map((h) => [h.version, (JSON.parse(h.content) as { lines: { id: string }[] }).lines.map((l) => l.id)]),
    );
    linesAt.set(
      stored.json.version,
      stored.json.content.lines.map((l: { id: string }) => l.id),
    );
    for (const { id, version } of acknowledged) for (let v = version; v <= stored.json.version; v++) expect(linesAt.get(v)).toContain(id);
    // Additions of different elements never conflict: every save merges (issue 36), none needs a retry.
    expect(conflicts).toBe(0);
  });
});
