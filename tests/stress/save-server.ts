/**
 * A server process for the crash test (./crash.test.ts): GET and PUT /api/signplan/{id} through the real
 * route handler, save service and SQLite connection, on node:http without Next, so that it starts in
 * about a second and needs no build. The database work under test (the transaction, WAL, sync) is the
 * app's own. Run with `node --import tsx --import ./scripts/server-only-hook.mjs`; DATA_DIR names the
 * data folder. With SEED=1 it first creates a user and a plan. Prints one JSON line when it listens:
 * { port, token?, planId? }.
 */
import { createServer } from "node:http";
import { Readable } from "node:stream";
import * as one from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import * as projects from "@/app/api/project/route";
import { getDb } from "@/server/db";
import { as } from "../support/api";
import { createUser } from "../support/users";

await getDb(); // migrated before the first request, as server.ts does

let seed: { token: string; planId: number } | null = null;
if (process.env.SEED === "1") {
  const user = await createUser();
  const { json: project } = await as(user.token, projects.POST, { method: "POST", body: { name: "Projekt" } });
  const { json: plan } = await as(user.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
  seed = { token: user.token, planId: plan.id };
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://skilteplanen.localhost");
  const id = /^\/api\/signplan\/(\d+)$/.exec(url.pathname)?.[1];
  const handler = req.method === "GET" ? one.GET : req.method === "PUT" ? one.PUT : null;
  if (!id || !handler) {
    res.writeHead(404).end();
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const body = req.method === "PUT" ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined;
  const request = new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit);
  void handler(request, { params: Promise.resolve({ id }) }).then(async (response) => {
    res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, ...seed })}\n`);
});
