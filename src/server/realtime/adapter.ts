import "server-only";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { createClient, type RedisClientType } from "redis";
import { log } from "../log";

/**
 * Events between several server processes (REDIS_URL): socket.io's Redis Streams adapter. Each process
 * appends what it broadcasts to one Redis stream and reads the stream from the last entry it saw, so a
 * reader that loses its connection for a while reads on where it stopped instead of missing what was
 * sent meanwhile (the plain Redis adapter's pub/sub would drop it).
 *
 * What the adapter does not do by itself, done here:
 * - Redis away must not stop a process serving its own clients. socket.io delivers a broadcast to the
 *   process's own sockets only after the adapter has appended it to the stream, so the appends fail at
 *   once while Redis is away (the local delivery goes ahead) and are kept, in order, and appended when
 *   it is back: the other processes' clients get them late rather than never. Volatile broadcasts
 *   (presence) are not kept: they are stale by then and the next one replaces them.
 * - Requests that wait for the other processes (fetchSockets) fail at once instead of waiting for
 *   Redis; socketsIn (emitter.ts) then answers with this process's sockets.
 * - Its own Redis connections are closed on shutdown.
 *
 * Checked with node-redis 5 (RESP2, the default): its XREAD answers `[{ name, messages: [{ id, message }] }]`,
 * the shape the adapter reads for the `redis` package.
 */

/** Appends kept while Redis is away, at most; the oldest are dropped past this (the stream's own length). */
export const PENDING_APPENDS_KEPT = 10_000;

export interface RedisAdapterOptions {
  /** Prefix of the stream, the pub/sub channels and the keys: several apps (or test runs) can share one Redis. */
  prefix: string;
}

export interface RealtimeRedis {
  /** For `io.adapter(…)`. */
  adapter: ReturnType<typeof createAdapter>;
  /** Whether the publishing connection is up now. */
  isConnected(): boolean;
  /** Appends waiting for Redis to come back (tests). */
  pendingAppends(): number;
  /** Closes every Redis connection; call after `io.close()`, which stops the adapter's readers. */
  close(): Promise<void>;
}

type XAddArgs = Parameters<RedisClientType["xAdd"]>;

/** Kept from an appended broadcast: whether socket.io marked it volatile (the adapter's message is JSON inside `data`). */
function isVolatileBroadcast(message: Record<string, string>): boolean {
  if (message.type !== "3" || !message.data?.startsWith("{")) return false;
  try {
    return (JSON.parse(message.data) as { opts?: { flags?: { volatile?: boolean } } }).opts?.flags?.volatile === true;
  } catch {
    return false;
  }
}

// Reconnect for ever: 100 ms, doubling to 2 s, with jitter so that several processes do not knock at once.
const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 2000) + Math.floor(Math.random() * 100);

export function createRedisAdapter(url: string, options: RedisAdapterOptions): RealtimeRedis {
  // Commands of this connection fail at once while Redis is away (disableOfflineQueue) instead of
  // waiting in node-redis's queue, which would hold up every local broadcast behind the append.
  const client = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy } }) as RedisClientType;
  const duplicates: RedisClientType[] = [];
  const pending: XAddArgs[] = [];
  let flushing = false;
  let away = false;
  let dropped = 0;

  client.on("error", (error: unknown) => {
    if (away) return; // node-redis reports every failed reconnect; one line per outage is enough
    away = true;
    log.warn(
      "realtime",
      `Redis unavailable (${error instanceof Error ? error.message : String(error)}): this process serves its own clients until it is back`,
    );
  });
  client.on("ready", () => {
    if (away) log.info("realtime", `Redis is back${pending.length ? `: sending ${pending.length} kept events on` : ""}`);
    away = false;
    void flush();
  });
  client.connect().catch((error: unknown) => log.error("realtime", "Redis connection failed", error));

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (pending.length > 0 && client.isReady) {
        await client.xAdd(...pending[0]!);
        pending.shift();
      }
    } catch {
      // Gone again: the rest waits for the next "ready".
    } finally {
      flushing = false;
    }
    if (dropped > 0) {
      log.warn(
        "realtime",
        `${dropped} events for other processes were dropped while Redis was away (more than ${PENDING_APPENDS_KEPT} kept)`,
      );
      dropped = 0;
    }
  }

  function xAdd(...args: XAddArgs): Promise<string> {
    // In order: nothing overtakes what is still kept.
    if (client.isReady && pending.length === 0) return client.xAdd(...args);
    if (!isVolatileBroadcast(args[2] as Record<string, string>)) {
      pending.push(args);
      if (pending.length > PENDING_APPENDS_KEPT) {
        pending.shift();
        dropped++;
      }
    }
    if (client.isReady) void flush();
    return Promise.reject(new Error("Redis unavailable: kept for the other processes until it is back"));
  }

  // The adapter's readers and its subscriber wait for Redis while it is away (their commands queue):
  // a failed XREAD is retried at once, so without the queue it would spin.
  function duplicate(): RedisClientType {
    const copy = client.duplicate({ disableOfflineQueue: false }) as RedisClientType;
    // The adapter disconnects its clients once when it closes; close() may have ended them already, and
    // node-redis throws for a second close (unhandled in the adapter's read loop).
    Object.assign(copy, { disconnect: () => Promise.resolve(copy.isOpen ? copy.destroy() : undefined) });
    duplicates.push(copy);
    return copy;
  }

  // What the adapter calls on the client it is given (its util.ts, for the `redis` package): the same
  // client, but appends through xAdd above and connections for reading made by duplicate above.
  const facade = {
    sSubscribe: client.sSubscribe.bind(client), // marks the client as node-redis's; the adapter only subscribes on duplicates
    duplicate,
    xAdd,
    xRange: client.xRange.bind(client),
    set: client.set.bind(client),
    multi: client.multi.bind(client),
    publish: client.publish.bind(client),
    sPublish: client.sPublish.bind(client),
    sendCommand: client.sendCommand.bind(client),
  };

  const adapter = createAdapter(facade, {
    streamName: `${options.prefix}:socket.io`,
    channelPrefix: `${options.prefix}:socket.io`,
    sessionKeyPrefix: `${options.prefix}:sio:session:`,
  });

  return {
    adapter,
    isConnected: () => client.isReady,
    pendingAppends: () => pending.length,
    async close() {
      if (pending.length > 0) log.warn("realtime", `${pending.length} events for other processes not sent: Redis was away at shutdown`);
      pending.length = 0;
      for (const copy of duplicates) if (copy.isOpen) copy.destroy();
      if (client.isOpen) {
        // Waits for appends under way; without Redis there are none to wait for.
        await (client.isReady ? client.close() : Promise.resolve(client.destroy()));
      }
    },
  };
}
