/**
 * Plan content validated once (src/lib/content-schema.ts): every write stamps the schema fingerprint
 * of the build that validated the content, and a read answers stamped content as it is stored, naming
 * the schema in a header, so a client of the same build need not validate it again. Content stored by
 * another schema (or before stamps existed) is validated on the way out. A build without a fingerprint
 * (development, and these tests unless they set one) stamps and names nothing.
 */
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as copy from "@/app/api/signplan/[id]/copy/route";
import * as reset from "@/app/api/signplan/[id]/reset/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as share from "@/app/api/signplan/[id]/share/route";
import * as publicPlan from "@/app/api/signplan/public/[id]/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { CONTENT_SCHEMA_HEADER } from "@/lib/content-schema";
import { getDb } from "@/server/db";
import { callRoute } from "../../support/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const p = (id: number) => ({ params: { id: String(id) } });
const line = (id: string) => ({ id, coordinates: [[10.38, 55.4], [10.39, 55.41]], colour: "#ff0000", width: 2 });

afterEach(() => vi.unstubAllEnvs());

async function newPlan(token: string) {
  const { json: project } = await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const res = await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  expect(res.status).toBe(201);
  return { project, plan: res.json };
}

/** GET /api/signplan/{id} (or the public one with a view token): status, the schema header, the body's text. */
async function read(token: string, id: number, handler: typeof one.GET | typeof publicPlan.GET = one.GET) {
  const res = await callRoute(handler, { path: `/api/signplan/${id}`, site: "skilteplanen", params: { id: String(id) }, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, schema: res.headers.get(CONTENT_SCHEMA_HEADER), type: res.headers.get("content-type"), cache: res.headers.get("cache-control"), text: await res.text() };
}

async function stored(id: number) {
  const db = await getDb();
  return db.selectFrom("signplans").select(["content", "content_schema", "version"]).where("id", "=", id).executeTakeFirstOrThrow();
}

async function store(id: number, content: string, contentSchema: string | null) {
  const db = await getDb();
  await db.updateTable("signplans").set({ content, content_schema: contentSchema }).where("id", "=", id).execute();
}

describe("plan content validated once", () => {
  it("a plan saved by this build is answered with its stored content as it is, naming the schema", async () => {
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "schema-a");
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    expect((await stored(plan.id)).content_schema).toBe("schema-a");
    const content = { ...plan.content, lines: [line("a")] };
    expect((await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content } })).status).toBe(200);
    const row = await stored(plan.id);
    expect(row.content_schema).toBe("schema-a");

    const answer = await read(user.token, plan.id);
    expect(answer).toMatchObject({ status: 200, schema: "schema-a", type: "application/json", cache: "no-store" });
    // The stored JSON, written into the answer unparsed.
    expect(answer.text).toContain(`"content":${row.content}}`);
    const body = JSON.parse(answer.text);
    expect(body).toMatchObject({ id: plan.id, name: "Plan", version: 2, elementCount: 1 });
    expect(body.content).toEqual(content);
  });

  it("content stored by another schema, or before schemas were recorded, is validated when read and answered in its current form", async () => {
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "schema-a");
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    // An old document: no map view, no rotation flag, one list only. The schema's defaults complete it.
    const old = JSON.stringify({ lines: [line("old")] });
    for (const stamp of [null, "schema-before"]) {
      await store(plan.id, old, stamp);
      const answer = await read(user.token, plan.id);
      expect(answer).toMatchObject({ status: 200, schema: "schema-a" });
      const { content } = JSON.parse(answer.text);
      expect(content.lines).toEqual([line("old")]);
      expect(content.signs).toEqual([]);
      expect(content.supportsMapRotation).toBe(true);
      expect(content.mapView).toMatchObject({ center: [10.38551, 55.40178], zoom: 12 });
      // Reading changes nothing stored.
      expect(await stored(plan.id)).toMatchObject({ content: old, content_schema: stamp, version: 1 });
    }
  });

  it("content that does not validate is answered as stored and without a schema, for the client to report; content that is not JSON is answered as null", async () => {
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "schema-a");
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await store(plan.id, JSON.stringify({ lines: "not a list" }), null);
    const invalid = await read(user.token, plan.id);
    expect(invalid).toMatchObject({ status: 200, schema: null });
    expect(JSON.parse(invalid.text).content).toEqual({ lines: "not a list" });

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await store(plan.id, "{not json", "schema-a-but-broken");
    const broken = await read(user.token, plan.id);
    expect(broken).toMatchObject({ status: 200, schema: null });
    expect(JSON.parse(broken.text)).toMatchObject({ id: plan.id, content: null });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(`plan ${plan.id}: the stored content is not JSON`), expect.anything());
    errors.mockRestore();
  });

  it("a map-view save, a reset and a copy stamp the schema; the public view answers the same way", async () => {
    vi.stubEnv("PLAN_CONTENT_SCHEMA", "schema-a");
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await store(plan.id, JSON.stringify(plan.content), null);
    const view = { ...plan.content, mapView: { ...plan.content.mapView, zoom: 16 } };
    expect((await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: view } })).json).toMatchObject({ version: 1 });
    expect(await stored(plan.id)).toMatchObject({ content_schema: "schema-a", version: 1 });

    vi.stubEnv("PLAN_CONTENT_SCHEMA", "schema-b");
    expect((await as(user.token, reset.POST, { method: "POST", ...p(plan.id), body: { version: 1 } })).status).toBe(200);
    expect(await stored(plan.id)).toMatchObject({ content_schema: "schema-b", version: 2 });

    const { json: other } = await as(user.token, projects.POST, { method: "POST", body: { name: "Andet" } });
    const copied = await as(user.token, copy.POST, { method: "POST", ...p(plan.id), body: { name: "Kopi", project_id: other.id } });
    expect(copied.status).toBe(201);
    expect(await stored(copied.json.id)).toMatchObject({ content: (await stored(plan.id)).content, content_schema: "schema-b" });

    const { json: link } = await as(user.token, share.POST, { method: "POST", ...p(plan.id) });
    const shared = await read(link.token, plan.id, publicPlan.GET);
    expect(shared).toMatchObject({ status: 200, schema: "schema-b", cache: "no-store" });
    expect(JSON.parse(shared.text).content.mapView.zoom).toBe(16);
  });

  it("a build without a fingerprint (development) stamps nothing and names no schema", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    await as(user.token, one.PUT, { method: "PUT", ...p(plan.id), body: { version: 1, content: { ...plan.content, lines: [line("a")] } } });
    expect((await stored(plan.id)).content_schema).toBeNull();
    const answer = await read(user.token, plan.id);
    expect(answer).toMatchObject({ status: 200, schema: null });
    expect(JSON.parse(answer.text).content.lines).toEqual([line("a")]);
  });
});

describe("a plan saved gzipped (Content-Encoding: gzip)", () => {
  const put = (token: string, id: number, body: Uint8Array<ArrayBuffer> | string, encoding: string | null) =>
    one.PUT(
      new Request(`http://skilteplanen.localhost:3000/api/signplan/${id}`, {
        method: "PUT",
        body,
        headers: { authorization: `Bearer ${token}`, "x-site": "skilteplanen", "content-type": "application/json", ...(encoding ? { "content-encoding": encoding } : {}) },
      }),
      { params: Promise.resolve({ id: String(id) }) },
    );

  it("is unpacked and saved as if it had come plain", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const content = { ...plan.content, lines: [line("a"), line("b")] };
    const res = await put(user.token, plan.id, new Uint8Array(gzipSync(JSON.stringify({ version: 1, content }))), "gzip");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ version: 2, elementCount: 2 });
    expect(JSON.parse((await stored(plan.id)).content).lines).toEqual(content.lines);
  });

  it("is refused, changing nothing, when broken (400), in another encoding (415) or larger than the limit once unpacked (413)", async () => {
    const user = await createUser();
    const { plan } = await newPlan(user.token);
    const before = await stored(plan.id);
    const body = JSON.stringify({ version: 1, content: { ...plan.content, lines: [line("a")] } });
    const broken = new Uint8Array(gzipSync(body)).slice(0, 20);
    const answers = [
      [await put(user.token, plan.id, broken, "gzip"), 400, "Forespørgslen er ikke gyldig JSON."],
      [await put(user.token, plan.id, body, "br"), 415, "Forespørgslens indhold er komprimeret på en måde, som ikke understøttes."],
      // 21 MB of spaces in a few kilobytes: refused as it unpacks, not after.
      [await put(user.token, plan.id, new Uint8Array(gzipSync(`{"version":1,"pad":"${" ".repeat(21 * 1024 * 1024)}"}`)), "gzip"), 413, "Planen er for stor. Den må højst fylde 20 MB."],
    ] as const;
    for (const [res, status, message] of answers) {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
    expect(await stored(plan.id)).toEqual(before);
  });
});
