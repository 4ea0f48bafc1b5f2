/**
 * `npm run bench:login`: how a burst of wrong logins at the production bcrypt cost holds up the rest of
 * the server. Serves the login and health route handlers (the same handler wrapper as the app) from a
 * plain node:http server in this process, so it needs no build, and drives it over HTTP from a worker
 * thread, so the client's clock keeps running while the server's event loop is busy: LOGINS
 * simultaneous wrong logins, each from its own address for its own e-mail so that no rate limit cuts
 * the burst short and every one is compared, and meanwhile GET /api/health one after another; the
 * health requests' latency (median, max) is what a user of the server sees during such a burst.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

const LOGINS = Number(process.env.LOGINS ?? 100);
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-login-"));
process.env.DATA_DIR = dataDir;
process.env.BCRYPT_COST ??= "12";
process.env.LOGIN_SLOWDOWN_MAX_MS = "0";
delete process.env.DATABASE_URL;

const { POST: login } = await import("@/app/api/auth/login/route");
const { GET: health } = await import("@/app/api/health/route");
const { getDb, closeDb } = await import("@/server/db");
await getDb();

const routes: Record<string, (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>> = {
  "POST /api/auth/login": login,
  "GET /api/health": health,
};
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", async () => {
    const handler = routes[`${req.method} ${req.url}`];
    if (!handler) return res.writeHead(404).end();
    const headers = new Headers(req.headers as Record<string, string>);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await handler(new Request(`http://skilteplanen.localhost${req.url}`, { method: req.method, headers, body }), {
      params: Promise.resolve({}),
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const client = `
const { parentPort, workerData: { base, logins } } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const post = (i, ip) => fetch(base + "/api/auth/login", {
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip },
  body: JSON.stringify({ email: "guess-" + i + "@example.dk", password: "forkert1" }),
}).then((r) => r.status);
const probe = async (into) => { const t = performance.now(); await (await fetch(base + "/api/health")).text(); into.push(performance.now() - t); };
(async () => {
  await post("warm", "10.9.9.9"); // the dummy hash made, the handlers' first run done
  const idle = [];
  for (let i = 0; i < 50; i++) await probe(idle);
  let done = 0;
  const t0 = performance.now();
  const burst = Promise.all(Array.from({ length: logins }, (_, i) => post(i, "10.0." + (i >> 8) + "." + (i & 255)).finally(() => (done += 1))));
  const busy = [];
  while (done < logins) { await probe(busy); await new Promise((r) => setTimeout(r, 10)); }
  const statuses = await burst;
  parentPort.postMessage({ idle, busy, statuses, seconds: (performance.now() - t0) / 1000 });
})();
`;
const result = await new Promise<{ idle: number[]; busy: number[]; statuses: number[]; seconds: number }>((resolve, reject) => {
  const worker = new Worker(client, { eval: true, workerData: { base, logins: LOGINS } });
  worker.once("message", resolve);
  worker.once("error", reject);
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const counts: Record<number, number> = {};
for (const s of result.statuses) counts[s] = (counts[s] ?? 0) + 1;
const line = (label: string, v: number[]) =>
  `GET /api/health ${label}: median ${median(v).toFixed(1)} ms, max ${Math.max(...v).toFixed(1)} ms (${v.length} requests)`;
console.log(
  `bcrypt cost ${process.env.BCRYPT_COST}, ${LOGINS} simultaneous wrong logins answered in ${result.seconds.toFixed(1)} s:`,
  counts,
);
console.log(line("idle ", result.idle));
console.log(line("burst", result.busy));
server.close();
await closeDb();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
