// What the benchmarks share to run the built app: its process (started elsewhere, stopped here), HTTP
// calls from Node with the site in the Host header, and the verification link from the mail outbox.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** Up to this long for the app to exit after SIGTERM, before SIGKILL. */
export const STOP_WAIT_MS = 8_000;

/** Keeps the last 200 lines of a process's output, for the error message when it fails. */
export function remember(lines, chunk) {
  for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(line);
  if (lines.length > 200) lines.splice(0, lines.length - 200);
}

export const isRunning = (child) => child && child.exitCode === null && child.signalCode === null;

export function killQuietly(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the app's process group, up to STOP_WAIT_MS for the exit, then SIGKILL to the group. */
export async function stopApp(child, label) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  killQuietly(-child.pid, "SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(STOP_WAIT_MS).then(() => false)]);
  if (!gone) {
    console.error(`[${label}] app pid ${child.pid} did not stop within ${STOP_WAIT_MS / 1000} s: SIGKILL`);
    killQuietly(-child.pid, "SIGKILL");
    await Promise.race([exited, sleep(2_000)]);
  }
}

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms))),
  ]);
}

/**
 * HTTP from Node to the app: connect to `host`:`port` and name the site in the Host header (Node does not
 * resolve *.localhost as browsers do). Answers `{ status, json }` (the text when it is not JSON).
 */
export function appCaller({ host, port, siteHost }) {
  return function call(method, urlPath, { body, token, timeoutMs = 30_000 } = {}) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host,
          port,
          path: urlPath,
          method,
          agent: false,
          headers: {
            host: siteHost,
            ...(payload !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json = null;
            try {
              json = text ? JSON.parse(text) : null;
            } catch {
              json = text;
            }
            resolve({ status: res.statusCode ?? 0, json });
          });
          res.on("error", reject);
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${method} ${urlPath}`)));
      req.on("error", reject);
      req.end(payload);
    });
  };
}

export async function expectStatus(promise, status, what) {
  const answer = await promise;
  if (answer.status !== status) {
    const detail = typeof answer.json === "string" ? answer.json.slice(0, 300) : JSON.stringify(answer.json)?.slice(0, 300);
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${detail}`);
  }
  return answer.json;
}

/** The token of the verification link mailed to `email` (the app's local outbox in `dataDir`). */
export async function verificationToken(dataDir, email) {
  const outbox = path.join(dataDir, "outbox");
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const names = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith(".json"))
          .sort()
      : [];
    for (const name of names) {
      const mail = JSON.parse(readFileSync(path.join(outbox, name), "utf8"));
      if (mail.to !== email) continue;
      const link = (mail.links ?? []).find((candidate) => candidate.includes("/encourage-verify-email?token="));
      if (link) return new URL(link).searchParams.get("token");
    }
    await sleep(100);
  }
  throw new Error(`no verification mail for ${email} in ${outbox} within 15 s`);
}

/** Fails with a hint (the variable that moves it) when something already listens on host:port. */
export function assertPortFree(port, host, hint) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error) =>
      reject(new Error(error.code === "EADDRINUSE" ? `port ${port} on ${host} is in use: ${hint}` : `port ${port}: ${error.message}`)),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
