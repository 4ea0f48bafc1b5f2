/** The one body reader (src/server/api/body.ts): its limits, nesting, gzip, and multipart where a file is expected. */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import * as settings from "@/app/api/user-settings/route";
import { getDb } from "@/server/db";
import { MAX_BACKGROUND_BYTES } from "@/lib/schemas/signplan";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const deep = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

function send(
  handler: (req: Request, ctx: { params: Promise<any> }) => Promise<Response>,
  token: string,
  init: { method: string; body: BodyInit; headers?: Record<string, string>; id?: number; site?: string },
) {
  const site = init.site ?? "skilteplanen";
  const body = init.body;
  const req = new Request(`http://${site}.localhost:3000/api/x`, {
    method: init.method,
    body,
    headers: { authorization: `Bearer ${token}`, "x-site": site, "content-type": "application/json", ...init.headers },
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return handler(req, { params: Promise.resolve(init.id === undefined ? {} : { id: String(init.id) }) });
}

/** A stream of `bytes` zero bytes, made as it is read; `read` counts what was taken from it. */
function zeros(bytes: number) {
  const chunk = new Uint8Array(1024 * 1024);
  const counter = { read: 0 };
  let left = bytes;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, left));
      left -= part.length;
      counter.read += part.length;
      controller.enqueue(part);
    },
  });
  return { stream, counter };
}

async function planOf(token: string) {
  const project = await as(token, projects.POST, { method: "POST", body: { name: "P" } });
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.json.id } })).json;
}

describe("JSON bodies", () => {
  it("a small JSON body over 1 MB is a 413 in the user's language, and changes nothing", async () => {
    const user = await createUser();
    const body = JSON.stringify({ recentSigns: [], standardSignSize: 1, filler: "x".repeat(1024 * 1024) });
    const da = await send(settings.PATCH, user.token, { method: "PATCH", body, headers: { "content-type": "application/json" } });
    expect(da.status).toBe(413);
    expect(await da.json()).toEqual({ message: "Forespørgslen er for stor. Den må højst fylde 1 MB." });
    const sv = await send(settings.PATCH, user.token, {
      method: "PATCH",
      body,
      headers: { "content-type": "application/json" },
      site: "ta-planen",
    });
    expect(await sv.json()).toEqual({ message: "Förfrågan är för stor. Den får vara högst 1 MB." });
    expect((await as(user.token, settings.GET)).json.standardSignSize).toBeNull();
  });

  it("JSON nested 10,000 deep is a 400, in a plan's content too, and nothing is created", async () => {
    const user = await createUser();
    const project = await as(user.token, projects.POST, { method: "POST", body: { name: "P" } });
    const res = await send(projects.POST, user.token, { method: "POST", body: deep(10_000) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Forespørgslen er for dybt indlejret." });
    const plan = await send(signplans.POST, user.token, {
      method: "POST",
      body: `{"name":"Dyb","project_id":${project.json.id},"content":${deep(10_000)}}`,
    });
    expect(plan.status).toBe(400);
    expect((await as(user.token, signplans.GET)).json).toEqual([]);
  });

  it("nesting as deep as a plan needs, and brackets inside strings, are read as usual", async () => {
    const user = await createUser();
    const name = "[[[[{{{{".repeat(20);
    const res = await as(user.token, projects.POST, { method: "POST", body: { name, nested: JSON.parse(deep(50)) } });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe(name);
  });

  it("a gzipped small body is read as the plan saves are", async () => {
    const user = await createUser();
    const res = await send(projects.POST, user.token, {
      method: "POST",
      body: gzipSync(JSON.stringify({ name: "Pakket" })),
      headers: { "content-encoding": "gzip", "content-type": "application/json" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe("Pakket");
  });
});

describe("the JSON label", () => {
  it("a JSON body sent as text or as a form is a 415 in the user's language, and nothing is created", async () => {
    const user = await createUser();
    const body = JSON.stringify({ name: "Udefra" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      const res = await send(projects.POST, user.token, { method: "POST", body, headers: { "content-type": type } });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: "Forespørgslens indhold skal sendes som JSON (Content-Type: application/json)." });
    }
    const sv = await send(projects.POST, user.token, {
      method: "POST",
      body,
      headers: { "content-type": "text/plain" },
      site: "ta-planen",
    });
    expect(await sv.json()).toEqual({ message: "Förfrågans innehåll måste skickas som JSON (Content-Type: application/json)." });
    const db = await getDb();
    expect(await db.selectFrom("projects").select("id").where("name", "=", "Udefra").execute()).toEqual([]);
  });

  it("JSON with a charset or a +json type is read", async () => {
    const user = await createUser();
    for (const type of ["application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.plan+json"]) {
      const res = await send(projects.POST, user.token, {
        method: "POST",
        body: JSON.stringify({ name: type }),
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(201);
    }
  });
});

describe("the background upload", () => {
  it("a body that is not multipart is a 400 asking for a file, not a 500", async () => {
    const user = await createUser();
    const plan = await planOf(user.token);
    for (const headers of [
      { "content-type": "application/json" },
      { "content-type": "text/plain" },
      { "content-type": "multipart/form-data" },
      { "content-type": "multipart/form-data; boundary=x" },
    ]) {
      const res = await send(background.POST, user.token, { method: "POST", id: plan.id, body: '{"file":1}', headers });
      expect(res.status, headers["content-type"]).toBe(400);
      expect(await res.json()).toEqual({ message: "Vælg en fil." });
    }
  });

  it("a body over 50 MB is a 413, refused while it is read, and nothing is stored", async () => {
    const user = await createUser();
    const plan = await planOf(user.token);
    const { stream, counter } = zeros(MAX_BACKGROUND_BYTES + 10 * 1024 * 1024);
    const res = await send(background.POST, user.token, {
      method: "POST",
      id: plan.id,
      body: stream,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Filen er for stor. Den må højst fylde 50 MB." });
    expect(counter.read).toBeLessThan(MAX_BACKGROUND_BYTES + 4 * 1024 * 1024);
    const db = await getDb();
    expect(
      (await db.selectFrom("signplans").select("background_key").where("id", "=", plan.id).executeTakeFirstOrThrow()).background_key,
    ).toBeNull();
  });
});
