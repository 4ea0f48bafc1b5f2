// The baseline for `npm run bench` (bench/plan-api.mjs): the plan API's database work with nothing
// around it — node:http and better-sqlite3 on the app's own SQLite file, no Next.js, no auth, no
// validation. Started by the benchmark as a child process (fork, with an IPC channel):
//
//   BENCH_DB=<DATA_DIR>/app.sqlite PORT=0 node bench/bare-server.mjs
//
// It reports {ready: true, port} over IPC once listening and exits when the benchmark disconnects or
// sends SIGTERM/SIGINT. Listens on 127.0.0.1 only.
//
//   GET /signplan/{id}  the stored row, content JSON.parse'd and the row JSON.stringify'd (as the app's
//                       toDto does); 404 when there is no such row.
//   PUT /signplan/{id}  body {version, content}: in one transaction, a compare-and-set
//                       UPDATE … SET content, version = version + 1 … WHERE id = ? AND version = ?,
//                       the previous content into signplan_history and the history pruned to 100
//                       versions (the same writes as the app's saveNewVersion), then answers the new row
//                       like GET; 409 {message, version} when the version is stale.
//
// Columns are selected with `content` last so that the version sits near the start of every answer
// (the load generator reads it from there without parsing the whole document).
import http from "node:http";
import Database from "better-sqlite3";

const file = process.env.BENCH_DB;
if (!file) {
  console.error("bare-server: BENCH_DB (the SQLite file) is required");
  process.exit(2);
}
const HISTORY_KEPT = 100;
const MAX_BODY = 20 * 1024 * 1024 + 64 * 1024;

const db = new Database(file, { fileMustExist: true });
// The app's connection settings (src/server/db/index.ts).
db.pragma("journal_mode = WAL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");

const COLUMNS =
  "id, name, project_id, owner_id, version, archived_at, deleted_at, background_key, background_kind, paper_size, scale, deleted_with_project, element_count, created_at, updated_at, content";
const selectPlan = db.prepare(`SELECT ${COLUMNS} FROM signplans WHERE id = ?`);
const selectVersion = db.prepare("SELECT version FROM signplans WHERE id = ?");
const casUpdate = db.prepare("UPDATE signplans SET content = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?");
const insertHistory = db.prepare(
  "INSERT INTO signplan_history (signplan_id, version, name, content, saved_by, saved_at) VALUES (?, ?, ?, ?, ?, ?)",
);
const pruneHistory = db.prepare("DELETE FROM signplan_history WHERE signplan_id = ? AND version <= ?");

/** Returns the saved row, or null when another save won (the version moved on). */
const save = db.transaction((current, expectedVersion, contentJson, now) => {
  const result = casUpdate.run(contentJson, expectedVersion + 1, now, current.id, expectedVersion);
  if (result.changes !== 1) return null;
  insertHistory.run(current.id, expectedVersion, current.name, current.content, current.owner_id, now);
  pruneHistory.run(current.id, expectedVersion - HISTORY_KEPT);
  return selectPlan.get(current.id);
});

function send(res, status, text) {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
}

function rowJson(row) {
  row.content = JSON.parse(row.content);
  return JSON.stringify(row);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(Object.assign(new Error("too large"), { status: 413 }));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function handle(req, res) {
  const match = /^\/signplan\/(\d+)$/.exec(req.url ?? "");
  if (!match) return send(res, 404, '{"message":"not found"}');
  const id = Number(match[1]);
  if (req.method === "GET") {
    const row = selectPlan.get(id);
    return row ? send(res, 200, rowJson(row)) : send(res, 404, '{"message":"not found"}');
  }
  if (req.method === "PUT") {
    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      return send(res, error.status ?? 400, '{"message":"invalid body"}');
    }
    if (!body || !Number.isInteger(body.version) || typeof body.content !== "object" || body.content === null) {
      return send(res, 400, '{"message":"version and content required"}');
    }
    const current = selectPlan.get(id);
    if (!current) return send(res, 404, '{"message":"not found"}');
    if (current.version !== body.version) return send(res, 409, JSON.stringify({ message: "conflict", version: current.version }));
    const saved = save(current, body.version, JSON.stringify(body.content), new Date().toISOString());
    if (!saved) return send(res, 409, JSON.stringify({ message: "conflict", version: selectVersion.get(id).version }));
    return send(res, 200, rowJson(saved));
  }
  res.setHeader("allow", "GET, PUT");
  return send(res, 405, '{"message":"method not allowed"}');
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => {
    console.error("bare-server:", error);
    if (!res.headersSent) send(res, 500, '{"message":"internal error"}');
    else res.destroy();
  });
});
server.keepAliveTimeout = 65_000;

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  server.closeAllConnections();
  try {
    db.close();
  } catch {
    // a statement may still be running; the process ends anyway
  }
  process.exit(0);
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop); // the benchmark went away

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const { port } = server.address();
  if (process.send) process.send({ ready: true, port });
  else console.log(`bare-server listening on http://127.0.0.1:${port}`);
});
