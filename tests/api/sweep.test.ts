/**
 * No request makes a 500 (DESIGN.md: a 500 is a bug). Every route handler under src/app/api is found
 * by walking the folder, so a new route is swept the day it is added, and each of its methods is sent
 * malformed input: no body, a body that is not JSON, JSON of the wrong shape, nesting 10,000 deep, a
 * Content-Type that is not what it expects, and a body larger than any route's limit — each with no
 * token, a garbage token and a valid, confirmed user's token. Any 5xx fails.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as projects from "@/app/api/project/route";
import * as signplans from "@/app/api/signplan/route";
import { MAX_BACKGROUND_BYTES } from "@/lib/schemas/signplan";
import { as } from "../support/api";
import { apiRouteHandlers, type RouteHandler } from "../support/routes";
import { createUser } from "../support/users";

const deepArray = "[".repeat(10_000) + "]".repeat(10_000);
const deepObject = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);
const json = "application/json";

/** A body larger than the largest limit of any route (a background, 50 MB), made as it is read. */
function oversizedBody(): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x20);
  let left = MAX_BACKGROUND_BYTES / chunk.length + 2;
  return new ReadableStream({
    pull(controller) {
      if (left-- > 0) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

interface Variant {
  name: string;
  body?: () => BodyInit;
  contentType?: string;
  query?: string;
}

const BODIES: Variant[] = [
  { name: "no body" },
  { name: "no body, JSON type", contentType: json },
  { name: "not JSON", body: () => "{", contentType: json },
  { name: "an array", body: () => "[]", contentType: json },
  { name: "a string", body: () => '"x"', contentType: json },
  { name: "null", body: () => "null", contentType: json },
  {
    name: "wrong field types",
    body: () => '{"name":5,"version":"x","content":[],"project_id":{},"email":[],"token":7}',
    contentType: json,
  },
  { name: "arrays nested 10,000 deep", body: () => deepArray, contentType: json },
  { name: "objects nested 10,000 deep", body: () => deepObject, contentType: json },
  { name: "content nested 10,000 deep", body: () => `{"version":1,"name":"x","project_id":1,"content":${deepObject}}`, contentType: json },
  { name: "text/plain", body: () => "hello", contentType: "text/plain" },
  { name: "multipart without a boundary", body: () => "--x\r\n", contentType: "multipart/form-data" },
  { name: "multipart that does not parse", body: () => "not a form", contentType: "multipart/form-data; boundary=zzz" },
  { name: "gzip that is not gzip", body: () => "{}", contentType: json },
  { name: "an oversized body", body: oversizedBody, contentType: json },
  { name: "an oversized multipart body", body: oversizedBody, contentType: "multipart/form-data; boundary=zzz" },
];
const QUERIES: Variant[] = [{ name: "no query" }, { name: "a malformed query", query: "?project_id=-1&key=%ZZ&key=x" }];

let routes: RouteHandler[] = [];
let validToken = "";

beforeAll(async () => {
  routes = await apiRouteHandlers();
  const user = await createUser();
  validToken = user.token;
  // Rows behind the ids the sweep uses, so the handlers get past their lookups as far as they can.
  const project = await as(user.token, projects.POST, { method: "POST", body: { name: "Sweep" } });
  await as(user.token, signplans.POST, { method: "POST", body: { name: "Sweep", project_id: project.json.id } });
});

function request(route: RouteHandler, variant: Variant, token: string | null, id: string): Promise<Response> {
  const headers = new Headers({ host: "skilteplanen.localhost:3000", "x-site": "skilteplanen" });
  if (token !== null) headers.set("authorization", `Bearer ${token}`);
  if (variant.contentType) headers.set("content-type", variant.contentType);
  if (variant.name === "gzip that is not gzip") headers.set("content-encoding", "gzip");
  const body = route.method === "GET" ? undefined : variant.body?.();
  const req = new Request(`http://skilteplanen.localhost:3000${route.pattern}${variant.query ?? ""}`, {
    method: route.method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return route.handler(req, { params: Promise.resolve(Object.fromEntries(route.paramNames.map((name) => [name, id]))) });
}

describe("the sweep of every route with malformed input", () => {
  it("finds the route handlers", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.name)).toContain("POST /api/signplan/[id]/background");
    for (const method of ["GET", "POST", "DELETE"]) expect(routes.map((r) => r.name)).toContain(`${method} /api/signplan/[id]/share`);
    // The logo's paths of core §7 (issue 30), and not the /api/company-logo they replaced.
    expect(routes.map((r) => r.name)).toEqual(
      expect.arrayContaining(["POST /api/users/upload-logo", "GET /api/users/logo", "DELETE /api/users/logo"]),
    );
    // The company look-up (issue 30): its malformed queries are refused before the service is asked.
    expect(routes.map((r) => r.name)).toContain("GET /api/users/cvrLookup");
    expect(routes.filter((r) => r.name.includes("company-logo"))).toEqual([]);
  });

  it("answers no request with a 5xx, and every 4xx with a message", async () => {
    const failures: string[] = [];
    const tokens: [string, () => string | null][] = [
      ["no token", () => null],
      ["a garbage token", () => "garbage.token.here"],
      ["a valid token", () => validToken],
    ];
    for (const route of routes) {
      const variants = route.method === "GET" ? QUERIES : BODIES;
      const cases: [string, string | null, string, Variant][] = [];
      for (const [tokenName, token] of tokens) for (const variant of variants) cases.push([tokenName, token(), "1", variant]);
      // An id beyond the database's integers (PostgreSQL refuses it in a query), for the user who gets that far.
      if (route.paramNames.length > 0)
        for (const variant of variants.slice(0, 2)) cases.push(["a valid token", validToken, "99999999999", variant]);
      for (const [tokenName, token, id, variant] of cases) {
        const res = await request(route, variant, token, id);
        const label = `${route.name} (${id}) with ${variant.name} and ${tokenName}: ${res.status}`;
        if (res.status >= 500) failures.push(`${label} ${await res.text()}`);
        else if (res.status >= 400) {
          const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
          if (typeof answer?.message !== "string" || !answer.message) failures.push(`${label} without a message`);
        } else await res.body?.cancel();
      }
    }
    expect(failures).toEqual([]);
  });
});
