import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as copy from "@/app/api/signplan/[id]/copy/route";
import * as reset from "@/app/api/signplan/[id]/reset/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as share from "@/app/api/signplan/[id]/share/route";
import * as publicPlan from "@/app/api/signplan/public/[id]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { setRealtimeServer } from "@/server/realtime/emitter";
import { purgeTrash } from "@/server/signplans/service";
import { defaultPlanContent } from "@/lib/elements/plan-content";
import { MAX_PLAN_CONTENT_BYTES } from "@/lib/schemas/signplan";
import { callRoute } from "../../support/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });
const line = (id: string, width = 2) => ({
  id,
  coordinates: [
    [10.38, 55.4],
    [10.39, 55.41],
  ],
  colour: "#ff0000",
  width,
});

async function newPlan(token: string, extra: Record<string, unknown> = {}) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const res = await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id, ...extra } });
  expect(res.status).toBe(201);
  return { project, plan: res.json };
}

describe("plans", () => {
  it("a new plan has the default content, version 1, and paper size and scale when given", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token, { paperSize: "A3", scale: "1:500" });
    expect(plan).toMatchObject({ version: 1, paperSize: "A3", scale: "1:500", backgroundKind: null, elementCount: 0 });
    expect(plan.content).toEqual(defaultPlanContent());
    expect(plan.content.mapView).toMatchObject({ center: [10.38551, 55.40178], zoom: 12, rotation: 0 });
    expect(plan.content.supportsMapRotation).toBe(true);
  });

  it("refuses a scale that is not 1:xxx", async () => {
    const user = await createUser();
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "P" } });
    const res = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id, scale: "500" } });
    expect(res).toEqual({ status: 400, json: { message: "Skalaen skal skrives som 1:xxx, fx 1:500.", field: "scale" } });
  });

  it("saves with the loaded version, keeps history, and answers a stale version with 409 and the current one", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const content = { ...plan.content, lines: [line("a")] };
    const saved = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content } });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ version: 2, elementCount: 1 });
    // The saver already has the content it sent; the answer does not send it back.
    expect(saved.json).not.toHaveProperty("content");

    const stale = await as(user.token, one.PUT, {
      method: "PUT",
      ...p(plan.id),
      body: { version: 1, content: { ...plan.content, lines: [line("b")] } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json).toEqual({
      message: "Planen er blevet ændret af en anden, siden du hentede den. Hent den nyeste version.",
      version: 2,
    });
    const now = await as(user.token, one.GET, p(plan.id));
    expect(now.json.content.lines.map((l: any) => l.id)).toEqual(["a"]);

    const db = await getDb();
    const history = await db.selectFrom("signplan_history").select(["version", "content"]).where("signplan_id", "=", plan.id).execute();
    expect(history).toHaveLength(1);
    expect(JSON.parse(history[0]!.content)).toEqual(plan.content);
  });

  it("a plan with two elements of one id is a 400 naming the field, in the user's language, and nothing is saved", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const body = { version: 1, content: { ...plan.content, lines: [line("dup"), line("dup")] } };
    const da = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body });
    expect(da.status).toBe(400);
    expect(da.json).toEqual({
      message: "Planens indhold er ugyldigt i feltet content.lines.1.id. To elementer i planen har samme id.",
      field: "content.lines.1.id",
    });
    expect((await as(user.token, one.GET, p(plan.id))).json).toMatchObject({ version: 1, content: { lines: [] } });
  });

  it("keeps an element's phase, and refuses a phase that is neither active nor inactive in the user's language", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const saved = await as(user.token, one.PUT, {
      method: "PUT",
      ...p(plan.id),
      body: { version: 1, content: { ...plan.content, lines: [{ ...line("day"), phase: "active" }, line("both")] } },
    });
    expect(saved.status).toBe(200);
    const stored = (await as(user.token, one.GET, p(plan.id))).json;
    expect(stored.content.lines.map((l: { phase?: string }) => l.phase)).toEqual(["active", undefined]);
    const body = { version: stored.version, content: { ...stored.content, lines: [{ ...line("night"), phase: "night" }] } };
    for (const [site, message] of [
      ["skilteplanen", "Planens indhold er ugyldigt i feltet content.lines.0.phase. Fasen skal være aktiv eller inaktiv."],
      ["ta-planen", "Planens innehåll är ogiltigt i fältet content.lines.0.phase. Fasen ska vara aktiv eller inaktiv."],
    ]) {
      const res = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body, site });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message, field: "content.lines.0.phase" });
    }
    expect((await as(user.token, one.GET, p(plan.id))).json.content.lines.map((l: { id: string }) => l.id)).toEqual(["day", "both"]);
  });

  it("an id is plain decimal digits: hex, exponent, sign, spaces or a fraction open nothing", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    expect((await as(user.token, one.GET, { params: { id: String(plan.id) } })).status).toBe(200);
    const hex = `0x${plan.id.toString(16)}`;
    for (const id of [hex, `${plan.id}e0`, `+${plan.id}`, ` ${plan.id}`, `${plan.id}.0`, `0${plan.id}`, "0", "-1", "2147483648"]) {
      const res = await as(user.token, one.GET, { params: { id } });
      expect(res.status, id).toBe(400);
      expect(res.json.content, id).toBeUndefined();
    }
  });

  it("a plan's answer is its stored JSON as it is, uncompressed by the handler and never cached", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const content = { ...plan.content, lines: Array.from({ length: 50 }, (_, i) => line(`k${i}`)) };
    await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content } });
    const res = await callRoute(one.GET, {
      path: "/api/x",
      site: "skilteplanen",
      ...p(plan.id),
      headers: { authorization: `Bearer ${user.token}`, "accept-encoding": "gzip, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-precompressed-encoding")).toBeNull();
    expect(res.headers.get("x-plan-content-schema")).toBeNull();
    const text = await res.text();
    const db = await getDb();
    const stored = await db.selectFrom("signplans").select("content").where("id", "=", plan.id).executeTakeFirstOrThrow();
    expect(text.endsWith(`,"content":${stored.content}}`)).toBe(true);
    expect(JSON.parse(text)).toMatchObject({ id: plan.id, version: 2, elementCount: 50, content });
  });

  it("a change of the map view alone is saved in place: same version, no history entry, no event, no new last-changed", async () => {
    const emitted: unknown[] = [];
    // Every new version sends signplanChanges and signplanUpdate (issue 36); a view alone sends neither.
    setRealtimeServer({ to: () => ({ emit: (...args: unknown[]) => args[0] === "signplanUpdate" && emitted.push(args) }) } as never);
    try {
      const user = await createUser();
      const { plan } = await newPlan(user.token);
      const edited = { ...plan.content, lines: [line("a")] };
      expect((await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: edited } })).json).toMatchObject({
        version: 2,
      });
      expect(emitted).toHaveLength(1);
      const before = await as(user.token, one.GET, p(plan.id));

      const panned = { ...edited, mapView: { ...edited.mapView, center: [10.5, 55.5], zoom: 17, rotation: 0.5, activeMapLayerId: "osm" } };
      const view = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 2, content: panned, name: "Plan" } });
      expect(view.status).toBe(200);
      expect(view.json).toMatchObject({ version: 2, updatedAt: before.json.updatedAt });
      const after = await as(user.token, one.GET, p(plan.id));
      expect(after.json.content.mapView).toEqual(panned.mapView);
      expect(after.json.version).toBe(2);
      const db = await getDb();
      expect(await db.selectFrom("signplan_history").select("version").where("signplan_id", "=", plan.id).execute()).toEqual([
        { version: 1 },
      ]);
      expect(emitted).toHaveLength(1);

      // The version still guards: an edit from version 2 is saved as version 3 with its history entry …
      const next = { ...panned, lines: [line("a"), line("b")] };
      expect((await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 2, content: next } })).json).toMatchObject({
        version: 3,
      });
      const history = await db
        .selectFrom("signplan_history")
        .select(["version", "content"])
        .where("signplan_id", "=", plan.id)
        .orderBy("version")
        .execute();
      expect(history.map((h) => h.version)).toEqual([1, 2]);
      expect(JSON.parse(history[1]!.content).mapView).toEqual(panned.mapView);
      expect(emitted).toHaveLength(2);
      // … and a view change from a version that is no longer current is a 409, changing nothing.
      const stale = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(plan.id),
        body: { version: 2, content: { ...next, mapView: { ...next.mapView, zoom: 3 } } },
      });
      expect(stale.status).toBe(409);
      expect(stale.json).toMatchObject({ version: 3 });
      expect((await as(user.token, one.GET, p(plan.id))).json.content.mapView.zoom).toBe(17);
      // A rename with a view change is an edit.
      const renamed = await as(user.token, one.PUT, {
        method: "PUT",
        ...p(plan.id),
        body: { version: 3, name: "Ny", content: { ...next, mapView: { ...next.mapView, zoom: 4 } } },
      });
      expect(renamed.json).toMatchObject({ version: 4, name: "Ny" });
    } finally {
      setRealtimeServer(undefined);
    }
  });

  it("of two simultaneous saves from the same version exactly one wins", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const results = await Promise.all(
      ["x", "y", "z"].map((id) =>
        as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: { ...plan.content, lines: [line(id)] } } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await as(user.token, one.GET, p(plan.id))).json.version).toBe(2);
  });

  it("a stale save is a 409 before its content is validated, and so is a stale reset", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: { ...plan.content, lines: [line("a")] } } });
    // Content that would be a 400 at the current version: the stale version is answered first.
    const invalid = { ...plan.content, lines: [line("b", 500)] };
    const stale = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: invalid } });
    expect(stale).toEqual({ status: 409, json: { message: expect.any(String), version: 2 } });
    const current = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 2, content: invalid } });
    expect(current.status).toBe(400);
    const staleReset = await as(user.token, reset.POST, { method: "POST", ...p(plan.id), body: { version: 1 } });
    expect(staleReset).toEqual({ status: 409, json: { message: expect.any(String), version: 2 } });
  });

  it("malformed content is a 400 naming the first invalid field, and nothing is saved", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const bad = await as(user.token, one.PUT, {
      method: "PUT",
      ...p(plan.id),
      body: { version: 1, content: { ...plan.content, lines: [line("a"), line("b", 500)] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.field).toBe("content.lines.1.width");
    expect(bad.json.message).toContain("Bredde skal være mellem 0.1 og 100 meter");
    expect((await as(user.token, one.GET, p(plan.id))).json.version).toBe(1);
  });

  it("accepts content up to 20 MB and answers more with a 413", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const filler = "x".repeat(MAX_PLAN_CONTENT_BYTES + 100 * 1024);
    const res = await callRoute(one.PUT, {
      method: "PUT",
      path: "/api/x",
      site: "skilteplanen",
      params: { id: String(plan.id) },
      body: JSON.stringify({ version: 1, content: { ...plan.content, filler } }),
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Planen er for stor. Den må højst fylde 20 MB.");

    const big = { ...plan.content, lines: Array.from({ length: 60_000 }, (_, i) => line(`l${i}`)) };
    expect(JSON.stringify(big).length).toBeGreaterThan(5_000_000);
    const ok = await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: big } });
    expect(ok.status).toBe(200);
    expect(ok.json.elementCount).toBe(60_000);
  });

  it("reset removes the drawings, keeps the map view, and the history holds the old content", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const content = { ...plan.content, lines: [line("a")], mapView: { ...plan.content.mapView, zoom: 17 } };
    await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content } });
    const res = await as(user.token, reset.POST, { method: "POST", ...p(plan.id), body: { version: 2 } });
    expect(res.json).toMatchObject({ version: 3, elementCount: 0 });
    expect(res.json.content.lines).toEqual([]);
    expect(res.json.content.mapView.zoom).toBe(17);
    const db = await getDb();
    const last = await db
      .selectFrom("signplan_history")
      .select("content")
      .where("signplan_id", "=", plan.id)
      .where("version", "=", 2)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.content).lines).toHaveLength(1);
  });

  it("copies a plan into a project under a new name", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: { ...plan.content, lines: [line("a")] } } });
    const { json: other } = await as(user.token, projects.POST, { method: "POST", body: { name: "Andet" } });
    const res = await as(user.token, copy.POST, { method: "POST", ...p(plan.id), body: { name: "Kopi", project_id: other.id } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Kopi", project_id: other.id, version: 1, elementCount: 1 });
    expect(res.json.id).not.toBe(plan.id);
  });

  it("a background image or PDF is set once, checked by its bytes", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const form = new FormData();
      form.set("file", new File([bytes], name, { type }));
      return background.POST(
        new Request("http://skilteplanen.localhost:3000/api/x", {
          method: "POST",
          body: form,
          headers: { authorization: `Bearer ${user.token}`, "x-site": "skilteplanen" },
        }),
        { params: Promise.resolve({ id: String(plan.id) }) },
      );
    };
    const fake = await upload(new TextEncoder().encode("<script>alert(1)</script>"), "plan.png", "image/png");
    expect(fake.status).toBe(400);
    expect((await fake.json()).message).toBe("Baggrunden skal være et billede (PNG, JPG eller WEBP) eller en PDF.");

    const drawing = await PDFDocument.create();
    drawing.addPage([842, 595]);
    const pdf = await upload(new Uint8Array(await drawing.save()), "tegning.pdf", "application/pdf");
    expect(pdf.status).toBe(200);
    expect((await pdf.json()).backgroundKind).toBe("pdf");
    const again = await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), "x.png", "image/png");
    expect(again.status).toBe(409);

    const file = await background.GET(new Request("http://x/api", { headers: { authorization: `Bearer ${user.token}` } }), {
      params: Promise.resolve({ id: String(plan.id) }),
    });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(await file.arrayBuffer())).toMatch(/^%PDF-1.7/);
  });

  it("a share link reads that plan only, cannot write, and is refused for another plan", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const { plan: other } = await newPlan(user.token);
    const { json: link } = await as(user.token, share.POST, { method: "POST", ...p(plan.id) });
    expect(link.link).toBe(`http://skilteplanen.localhost:3000/view?token=${link.token}`);

    const view = await as(link.token, publicPlan.GET, p(plan.id));
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ id: plan.id, name: "Plan" });
    expect((await as(link.token, publicPlan.GET, p(other.id))).status).toBe(404);
    expect((await as(user.token, publicPlan.GET, p(plan.id))).status).toBe(404); // a login token is not a view token
    expect((await as(link.token, one.GET, p(plan.id))).status).toBe(401);
    expect((await as(link.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1 } })).status).toBe(401);
    expect((await as(null, publicPlan.GET, p(plan.id))).status).toBe(404);
  });

  it("the trash is purged only after the retention period", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await as(user.token, one.DELETE, { method: "DELETE", ...p(plan.id) });
    const db = await getDb();
    await purgeTrash(new Date(Date.now() + 29 * 24 * 3600_000));
    expect(await db.selectFrom("signplans").select("id").where("id", "=", plan.id).executeTakeFirst()).toBeDefined();
    await purgeTrash(new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await db.selectFrom("signplans").select("id").where("id", "=", plan.id).executeTakeFirst()).toBeUndefined();
  });
});

describe("plan names within a project", () => {
  it("refuses a second plan, a copy or a renaming to a name the project already has, letter case aside", async () => {
    const user = await createUser();
    const { project, plan } = await newPlan(user.token);
    const taken = {
      status: 409,
      json: { message: "Projektet har allerede en plan, der hedder »plan«. Giv planen et andet navn.", code: "PLAN_NAME_TAKEN" },
    };
    expect(await as(user.token, signplans.POST, { method: "POST", body: { name: "plan", project_id: project.id } })).toEqual(taken);
    expect(await as(user.token, copy.POST, { method: "POST", ...p(plan.id), body: { name: "plan", project_id: project.id } })).toEqual(
      taken,
    );
    const other = await as(user.token, signplans.POST, { method: "POST", body: { name: "Anden plan", project_id: project.id } });
    expect(other.status).toBe(201);
    expect(await as(user.token, one.PUT, { method: "PUT", ...p(other.json.id), body: { version: 1, name: "plan" } })).toEqual(taken);
    // Another project may have a plan of the same name, and a plan in the trash frees its name.
    const { json: second } = await as(user.token, projects.POST, { method: "POST", body: { name: "Andet projekt" } });
    expect((await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: second.id } })).status).toBe(201);
    expect((await as(user.token, one.DELETE, { method: "DELETE", ...p(plan.id) })).status).toBe(200);
    expect((await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } })).status).toBe(201);
  });

  it("says so in Swedish on TA-planen", async () => {
    const user = await createUser({ site: "ta-planen" });
    const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" }, site: "ta-planen" });
    const body = { name: "Plan", project_id: project.id };
    expect((await as(user.token, signplans.POST, { method: "POST", body, site: "ta-planen" })).status).toBe(201);
    expect(await as(user.token, signplans.POST, { method: "POST", body, site: "ta-planen" })).toEqual({
      status: 409,
      json: { message: "Projektet har redan en plan som heter ”Plan”. Ge planen ett annat namn.", code: "PLAN_NAME_TAKEN" },
    });
  });
});
