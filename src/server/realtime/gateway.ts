import "server-only";
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import { Server, type Socket } from "socket.io";
import { userFromToken, type SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { securityHeadersOf } from "../forwarded-headers";
import { setRealtimeServer, signplanRoom, socketsIn, userRoom } from "./emitter";
import { createRedisAdapter, type RealtimeRedis } from "./adapter";
import { currentAccessOf, PLAN_ROOM } from "./access";
import { canReadSignplan } from "../signplans/read";
import { catchUpSince } from "../signplans/changes";
import { log } from "../log";
import {
  SOCKET_PATH,
  WS_EVENTS,
  presenceColor,
  presenceInitials,
  presenceInputSchema,
  signplanRoomPayloadSchema,
  type JoinSignplanAck,
  type Pong,
  type PresenceInput,
  type PresenceLeave,
  type PresenceState,
} from "@/lib/realtime-events";

export interface SocketData {
  user: SessionUser;
  /**
   * The socket's last presence per plan room it is in (by plan id). Kept on the socket, never stored:
   * a joiner on any process reads it through fetchSockets.
   */
  presence?: Record<number, PresenceState>;
}

/** Presence events a socket may send per second; more are dropped (the editor sends at most 20). */
export const PRESENCE_PER_SECOND = 30;

/** The server's heartbeat: a dead connection is noticed within PING_INTERVAL + PING_TIMEOUT (20 s). */
const PING_INTERVAL_MS = 10_000;
const PING_TIMEOUT_MS = 10_000;

async function canReadSignplanNow(user: SessionUser, signplanId: number): Promise<boolean> {
  return canReadSignplan(await currentAccessOf(user), signplanId);
}

function presenceOf(socket: Socket, input: PresenceInput): PresenceState {
  const { user } = socket.data as SocketData;
  return {
    ...input,
    socketId: socket.id,
    userId: user.id,
    name: user.name,
    initials: presenceInitials(user.name),
    color: presenceColor(user.id),
  };
}

/** A token bucket: PRESENCE_PER_SECOND a second on average, as many at once. */
function presenceBudget(): () => boolean {
  let tokens = PRESENCE_PER_SECOND;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(PRESENCE_PER_SECOND, tokens + ((now - last) / 1000) * PRESENCE_PER_SECOND);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The presence of everyone else in a plan's room, on every process. */
async function othersPresence(signplanId: number, socketId: string): Promise<PresenceState[]> {
  const sockets = await socketsIn(signplanRoom(signplanId));
  return sockets
    .filter((other) => other.id !== socketId)
    .flatMap((other) => (other.data as Partial<SocketData>).presence?.[signplanId] ?? []);
}

function announceLeave(socket: Socket, signplanId: number): void {
  const data = socket.data as SocketData;
  if (data.presence) delete data.presence[signplanId];
  const leave: PresenceLeave = { signplanId, socketId: socket.id };
  socket.to(signplanRoom(signplanId)).emit(WS_EVENTS.presenceLeave, leave);
}

export interface RealtimeOptions {
  trustProxy?: boolean;
  /** Accept long-polling besides WebSocket (SOCKET_POLLING; by default only without Redis). */
  polling?: boolean;
  /** Several processes: REDIS_URL's Redis, with REDIS_PREFIX's prefix. */
  redisUrl?: string;
  redisPrefix?: string;
}

// The Redis adapter of each server attached here, for closeRealtime and the tests.
const redisOf = new WeakMap<Server, RealtimeRedis>();

/** The Redis adapter of a server attached with REDIS_URL (tests: whether it is connected, what it keeps). */
export function realtimeRedisOf(io: Server): RealtimeRedis | undefined {
  return redisOf.get(io);
}

/** Closes the sockets, the adapter and its Redis connections. */
export async function closeRealtime(io: Server): Promise<void> {
  setRealtimeServer(undefined);
  await io.close();
  await redisOf.get(io)?.close();
}

/**
 * The socket.io gateway on the app's own HTTP server. Every connection is authenticated at the
 * handshake with the same access token as the API (`auth: { token }`); without a valid one it is
 * refused ("jwt expired" for an expired token, so the client can log the user out). `trustProxy` is
 * TRUST_PROXY's unless a test says otherwise.
 *
 * With REDIS_URL, events reach the sockets of every process (adapter.ts). Only WebSocket is offered
 * then, unless SOCKET_POLLING says sticky sessions are in place: a long-polling connection is a series of
 * HTTP requests that must all reach the process holding its session. The client tries WebSocket first
 * and polling only after a WebSocket failed (src/client/realtime.tsx), so the server's setting decides.
 */
export function attachRealtime(httpServer: HttpServer, options: RealtimeOptions = {}): Server {
  const config = getConfig();
  const trustProxy = options.trustProxy ?? config.TRUST_PROXY;
  const redisUrl = options.redisUrl ?? (config.REDIS_URL || undefined);
  const polling = options.polling ?? config.SOCKET_POLLING ?? !redisUrl;
  const redis = redisUrl ? createRedisAdapter(redisUrl, { prefix: options.redisPrefix ?? config.REDIS_PREFIX }) : undefined;
  const io = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Leave other upgrade requests (Next's dev reload socket) to their own handler.
    destroyUpgrade: false,
    transports: polling ? ["polling", "websocket"] : ["websocket"],
    pingInterval: PING_INTERVAL_MS,
    pingTimeout: PING_TIMEOUT_MS,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  // socket.io answers its path on the HTTP server before server.ts's handler (and Next's headers) would:
  // its polling, handshake and error answers get the security headers here, as engine.io's middleware
  // (applied to every HTTP request and upgrade of the path) is meant for.
  io.engine.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    for (const [key, value] of Object.entries(securityHeadersOf(req.headers, trustProxy))) res.setHeader(key, value);
    next();
  });
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const result = await userFromToken(typeof token === "string" ? token : null).catch(() => ({ problem: "invalid" as const }));
    if ("problem" in result) return next(new Error(result.problem === "expired" ? "jwt expired" : "unauthorized"));
    (socket.data as SocketData).user = result.user;
    next();
  });
  io.on("connection", (socket) => {
    const data = socket.data as SocketData;
    void socket.join(userRoom(data.user.id));
    // Joining a plan's room needs the same right as reading the plan, with the organisation as it is now
    // (the handshake's may have ended or begun since); a malformed payload is refused.
    socket.on(WS_EVENTS.joinSignplan, async (payload: unknown, ack: unknown) => {
      const answer = await join(socket, payload).catch((error: unknown): JoinSignplanAck => {
        log.error("realtime", "joining a plan failed", error);
        return { ok: false };
      });
      if (typeof ack === "function") ack(answer);
    });
    socket.on(WS_EVENTS.leaveSignplan, async (payload: unknown) => {
      const parsed = signplanRoomPayloadSchema.safeParse(payload);
      if (!parsed.success || !socket.rooms.has(signplanRoom(parsed.data.signplanId))) return;
      await socket.leave(signplanRoom(parsed.data.signplanId));
      announceLeave(socket, parsed.data.signplanId);
    });
    // Presence is relayed, never stored, and dropped rather than queued: the next one replaces it.
    const withinBudget = presenceBudget();
    socket.on(WS_EVENTS.presence, (payload: unknown) => {
      if (!withinBudget()) return;
      const parsed = presenceInputSchema.safeParse(payload);
      if (!parsed.success) return;
      const room = signplanRoom(parsed.data.signplanId);
      if (!socket.rooms.has(room)) return;
      const state = presenceOf(socket, parsed.data);
      (data.presence ??= {})[state.signplanId] = state;
      socket.to(room).volatile.emit(WS_EVENTS.presenceUpdate, state);
    });
    socket.on("disconnecting", () => {
      for (const room of socket.rooms) {
        const match = PLAN_ROOM.exec(room);
        if (match) announceLeave(socket, Number(match[1]));
      }
    });
    socket.on(WS_EVENTS.ping, (ack: unknown) => {
      if (typeof ack !== "function") return;
      const pong: Pong = { pong: true, serverTime: Date.now() };
      ack(pong);
    });
  });
  setRealtimeServer(io);
  log.info(
    "realtime",
    `socket.io listening on ${SOCKET_PATH}${redis ? " (events shared through Redis)" : ""}${polling ? "" : ", WebSocket only"}`,
  );
  if (redis) redisOf.set(io, redis);
  return io;
}

/**
 * joinSignplan: the room, then (when the join names the last version the client saw) the changes since,
 * read after joining so that none falls between the two (one may come both ways; the client keeps
 * versions in order); then the joiner's presence to the room and everyone else's to the joiner.
 */
async function join(socket: Socket, payload: unknown): Promise<JoinSignplanAck> {
  const parsed = signplanRoomPayloadSchema.safeParse(payload);
  if (!parsed.success) return { ok: false };
  const { signplanId, version } = parsed.data;
  const data = socket.data as SocketData;
  if (!(await canReadSignplanNow(data.user, signplanId))) return { ok: false };
  const room = signplanRoom(signplanId);
  await socket.join(room);
  const answer: JoinSignplanAck = { ok: true };
  if (version !== undefined) {
    try {
      answer.catchUp = await catchUpSince(signplanId, version);
    } catch (error) {
      await socket.leave(room);
      throw error;
    }
  }
  const mine = presenceOf(socket, { signplanId, pointer: null, selection: [], view: null });
  (data.presence ??= {})[signplanId] = mine;
  socket.to(room).emit(WS_EVENTS.presenceUpdate, mine);
  answer.presence = await othersPresence(signplanId, socket.id);
  for (const other of answer.presence) socket.emit(WS_EVENTS.presenceUpdate, other);
  return answer;
}
