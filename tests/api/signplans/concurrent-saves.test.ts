import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import * as one from "@/app/api/signplan/[id]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { HISTORY_KEPT } from "@/server/signplans/save";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

/** Editors saving one plan at once, each with its own element; the rest only pan the map. */
const EDITORS = 20;
const LOOKERS = 4;
const PANS_EACH = 5;
/** Enough for every editor to get through; a run that needs more is a starving client, and fails. */
const MAX_ATTEMPTS = 200;

const ownLine = (id: string) => ({
  id,
  coordinates: [
    [10.38, 55.4],
    [10.39, 55.41],
  ],
  colour: "#ff0000",
  width: 2,
});

/** Full jitter, as the editor waits after a 409 (scaled down to keep the test short). */
const backoff = (attempt: number) => sleep(Math.random() * Math.min(100, 2 * 2 ** attempt));

describe("PUT /signplan/{id} under contention", () => {
  it("many clients saving one plan with retry on 409: every acknowledged save is kept, none is lost", async () => {
    const user = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" } });
    const { json: plan } = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
    const params = { id: String(plan.id) };

    const acknowledged: { id: string; version: number }[] = [];
    let conflicts = 0;
    /** Load, add this client's element to what is there now, save; on 409 start over after a jittered wait. */
    const editor = async (id: string) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const loaded = await as(user.token, one.GET, { params });
        expect(loaded.status).toBe(200);
        const content = { ...loaded.json.content, lines: [...loaded.json.content.lines, ownLine(id)] };
        const saved = await as(user.token, one.PUT, { method: "PUT", params, body: { version: loaded.json.version, content } });
        if (saved.status === 200) {
          acknowledged.push({ id, version: saved.json.version });
          return;
        }
        expect(saved.status).toBe(409);
        expect(saved.json.version).toBeGreaterThanOrEqual(loaded.json.version);
        conflicts += 1;
        await backoff(attempt);
      }
      throw new Error(`${id} got no save through in ${MAX_ATTEMPTS} attempts`);
    };
    /** Saves of the whole content with another map view: stored in place, they must never carry stale elements back. */
    let views = 0;
    const looker = async (n: number) => {
      for (let pan = 0; pan < PANS_EACH; pan++) {
        for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
          const loaded = await as(user.token, one.GET, { params });
          const content = { ...loaded.json.content, mapView: { ...loaded.json.content.mapView, zoom: 10 + n, rotation: pan / 10 } };
          const saved = await as(user.token, one.PUT, { method: "PUT", params, body: { version: loaded.json.version, content } });
          if (saved.status === 200) {
            expect(saved.json.version).toBe(loaded.json.version);
            views += 1;
            break;
          }
          expect(saved.status).toBe(409);
          await backoff(attempt);
        }
      }
    };

    const ids = Array.from({ length: EDITORS }, (_, i) => `client-${i}`);
    await Promise.all([...ids.map(editor), ...Array.from({ length: LOOKERS }, (_, n) => looker(n))]);

    expect(acknowledged).toHaveLength(EDITORS);
    expect(views).toBe(LOOKERS * PANS_EACH);
    // Each acknowledged save made exactly one new version; the view saves none.
    expect(acknowledged.map((a) => a.version).sort((a, b) => a - b)).toEqual(Array.from({ length: EDITORS }, (_, i) => i + 2));
    const stored = await as(user.token, one.GET, { params });
    expect(stored.json.version).toBe(1 + EDITORS);
    expect(stored.json.elementCount).toBe(EDITORS);
    expect(stored.json.content.lines.map((l: { id: string }) => l.id).sort()).toEqual([...ids].sort());
    // An element appears in the version its save made and in every later one (the history holds them all).
    const db = await getDb();
    const history = await db.selectFrom("signplan_history").select(["version", "content"]).where("signplan_id", "=", plan.id).execute();
    expect(history).toHaveLength(Math.min(EDITORS, HISTORY_KEPT));
    const linesAt = new Map(history.map((h) => [h.version, (JSON.parse(h.content) as { lines: { id: string }[] }).lines.map((l) => l.id)]));
    linesAt.set(
      stored.json.version,
      stored.json.content.lines.map((l: { id: string }) => l.id),
    );
    for (const { id, version } of acknowledged) {
      for (let v = version; v <= stored.json.version; v++) expect(linesAt.get(v)).toContain(id);
    }
    // Contention really happened: most first attempts met someone else's save.
    expect(conflicts).toBeGreaterThan(EDITORS);
  });
});
