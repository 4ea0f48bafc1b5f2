import "server-only";
import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import { Server } from "socket.io";
import { userFromToken, type SessionUser } from "../auth/session";
import { getConfig } from "../config";
import { securityHeadersOf } from "../forwarded-headers";
import { setRealtimeServer, signplanRoom, userRoom } from "./emitter";
import { currentAccessOf } from "./access";
import { canReadSignplan } from "../signplans/read";
import { log } from "../log";
import { SOCKET_PATH, WS_EVENTS, signplanRoomPayloadSchema, type Pong } from "@/lib/realtime-events";

export interface SocketData {
  user: SessionUser;
}

async function canReadSignplanNow(user: SessionUser, signplanId: number): Promise<boolean> {
  return canReadSignplan(await currentAccessOf(user), signplanId);
}

/**
 * The socket.io gateway on the app's own HTTP server. Every connection is authenticated at the
 * handshake with the same access token as the API (`auth: { token }`); without a valid one it is
 * refused ("jwt expired" for an expired token, so the client can log the user out). `trustProxy` is
 * TRUST_PROXY's unless a test says otherwise.
 */
export function attachRealtime(httpServer: HttpServer, options: { trustProxy?: boolean } = {}): Server {
  const trustProxy = options.trustProxy ?? getConfig().TRUST_PROXY;
  const io = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Leave other upgrade requests (Next's dev reload socket) to their own handler.
    destroyUpgrade: false,
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
    void socket.join(userRoom((socket.data as SocketData).user.id));
    // Joining a plan's room needs the same right as reading the plan, with the organisation as it is now
    // (the handshake's may have ended or begun since); a malformed payload is refused.
    socket.on(WS_EVENTS.joinSignplan, async (payload: unknown, ack: unknown) => {
      const parsed = signplanRoomPayloadSchema.safeParse(payload);
      let ok = false;
      if (parsed.success) {
        const id = parsed.data.signplanId;
        ok = await canReadSignplanNow((socket.data as SocketData).user, id).catch((error: unknown) => {
          log.error("realtime", "access check failed", error);
          return false;
        });
        if (ok) await socket.join(signplanRoom(id));
      }
      if (typeof ack === "function") ack({ ok });
    });
    socket.on(WS_EVENTS.leaveSignplan, async (payload: unknown) => {
      const parsed = signplanRoomPayloadSchema.safeParse(payload);
      if (parsed.success) await socket.leave(signplanRoom(parsed.data.signplanId));
    });
    socket.on(WS_EVENTS.ping, (ack: unknown) => {
      if (typeof ack !== "function") return;
      const pong: Pong = { pong: true, serverTime: Date.now() };
      ack(pong);
    });
  });
  setRealtimeServer(io);
  log.info("realtime", `socket.io listening on ${SOCKET_PATH}`);
  return io;
}
