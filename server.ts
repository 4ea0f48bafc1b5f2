/**
 * The one Node process: Next's request handler and the socket.io gateway on the same HTTP server.
 * Start-up order: configuration, the database migrated, the JWT secret, then Next, then listen — so a
 * server that answers is always on the current schema.
 */
import { createServer } from "node:http";
import next from "next";
import { withCompression } from "./src/server/compression";
import { applyProxyTrust } from "./src/server/forwarded-headers";
import { withoutInternalHeaders } from "./src/server/internal-headers";
import { getJwtSecret } from "./src/server/auth/secret";
import { getConfig } from "./src/server/config";
import { closeDb, getDatabaseHandle } from "./src/server/db";
import { startMailWorker, stopMailWorker } from "./src/server/accounts/mail-queue";
import { startBillingScheduler, stopBillingScheduler } from "./src/server/billing/scheduler";
import { log } from "./src/server/log";
import { describeStorage } from "./src/server/storage";
import { linkOriginsConfigured } from "./src/server/site-url";
import { attachRealtime, closeRealtime } from "./src/server/realtime/gateway";
import { purgeTrash } from "./src/server/signplans/service";
import { cleanUpStagedUploads } from "./src/server/archive/tus";
import { SOCKET_PATH } from "./src/lib/realtime-events";

const dev = process.argv.includes("--dev");

async function main(): Promise<void> {
  const config = getConfig();
  const handle = await getDatabaseHandle();
  log.info("db", `${handle.dialect} database ready: ${handle.description}`);
  log.info("storage", `files: ${describeStorage(config)}`);
  getJwtSecret();

  // Next builds its internal request URLs from `hostname`; it must be the same name it gives the
  // proxy's request URL ("localhost"), or every rewrite to /<site>/… looks like one to another host.
  // Which interface the server listens on is decided by server.listen below.
  const app = next({ dev, hostname: "localhost", port: config.PORT, turbopack: dev });
  await app.prepare();
  const handleRequest = app.getRequestHandler();
  const handleUpgrade = app.getUpgradeHandler();

  const server = createServer((req, res) => {
    // A client's own X-Forwarded-* are dropped unless a proxy is trusted to set them; HSTS behind a TLS one.
    applyProxyTrust(req, res, config.TRUST_PROXY);
    withoutInternalHeaders(res);
    // Next's answers compressed here, pages and API alike (src/server/compression.ts).
    withCompression(req, res, () => void handleRequest(req, res));
  });
  server.on("upgrade", (req, socket, head) => {
    if (!req.url?.startsWith(SOCKET_PATH)) void handleUpgrade(req, socket, head);
  });
  const io = attachRealtime(server);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const shown = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
  log.info("server", `ready (${dev ? "development" : "production"}) on http://${shown}:${config.PORT}`);
  if (!dev && !linkOriginsConfigured(config)) {
    log.warn("server", "links in e-mails and share links name <site>.localhost: set SITE_HOSTS (or SITE_URLS) for a public server");
  }
  log.info(
    "server",
    `sites: http://skilteplanen.localhost:${config.PORT} http://kloakplanen.localhost:${config.PORT} http://ta-planen.localhost:${config.PORT}`,
  );

  // Account mails queued before a stop or a crash are sent now, new ones as they come (mail-queue.ts).
  startMailWorker();

  // The daily billing job: soon after start, then whenever the hourly check finds today's run missing.
  startBillingScheduler();

  // The trash is emptied of what is older than the retention period now and every six hours.
  const purge = () => void purgeTrash().catch((error: unknown) => log.error("trash", "purge failed", error));
  purge();
  setInterval(purge, 6 * 3600_000).unref();
  // The archive's resumable uploads abandoned for a day (src/server/archive/tus.ts).
  const cleanStaging = () => void cleanUpStagedUploads().catch((error: unknown) => log.error("archive", "staging cleanup failed", error));
  cleanStaging();
  setInterval(cleanStaging, 3600_000).unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("server", `${signal}: closing`);
    // Finish requests in flight and the mail job under way, then close the database; give up after 10 s.
    // Queued mails stay queued: the next start sends them.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // The sockets, the Redis adapter and its connections (src/server/realtime/adapter.ts).
    void closeRealtime(io);
    server.close(() => {
      void Promise.all([stopMailWorker(), stopBillingScheduler()])
        .then(closeDb)
        .finally(() => process.exit(0));
    });
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  log.error("server", "start-up failed", error);
  process.exit(1);
});
