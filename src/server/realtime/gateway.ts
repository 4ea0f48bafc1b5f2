import "server-only";
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { log } from "../log";
import { SOCKET_PATH, WS_EVENTS, type Pong } from "@/lib/realtime-events";

/**
 * The socket.io gateway on the app's own HTTP server. Authentication at the handshake and the plan and
 * organisation rooms come with the accounts issue; for now every client may connect and ping.
 */
export function attachRealtime(httpServer: HttpServer): Server {
  const io = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    // Leave other upgrade requests (Next's dev reload socket) to their own handler.
    destroyUpgrade: false,
  });
  io.on("connection", (socket) => {
    socket.on(WS_EVENTS.ping, (ack: unknown) => {
      if (typeof ack !== "function") return;
      const pong: Pong = { pong: true, serverTime: Date.now() };
      ack(pong);
    });
  });
  log.info("realtime", `socket.io listening on ${SOCKET_PATH}`);
  return io;
}
