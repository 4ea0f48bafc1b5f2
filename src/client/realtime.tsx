"use client";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { ManagerOptions, Socket, SocketOptions } from "socket.io-client";
import { storeToken, useCurrentUser, useToken } from "./session";
import { SOCKET_PATH } from "@/lib/realtime-names";

/**
 * Reconnection settings of core §9: delay 1000 ms, max 5000 ms, randomization 0.5, timeout 20000 ms, unlimited attempts.
 *
 * WebSocket, and long-polling only when a WebSocket cannot be opened (a proxy that blocks it): several
 * server processes accept polling only behind sticky sessions (SOCKET_POLLING), so the server decides
 * and refuses it otherwise. No WebTransport: it needs HTTP/3, which Node's HTTP server cannot offer (README).
 */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: SOCKET_PATH,
  transports: ["websocket", "polling"],
  tryAllTransports: true,
  withCredentials: true,
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
};

const SocketContext = createContext<Socket | null>(null);

/**
 * One live connection per tab while a user is logged in (core §4): opened when a token with a user id
 * exists, closed on logout and when the app shell unmounts. A refused handshake because the token
 * expired logs the user out like an API 401 does.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const userId = useCurrentUser()?.id ?? null;
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!token || userId === null) return;
    // The client library is loaded with the first login, not with every page: a logged-out visitor
    // (the front page, the marketing pages) never downloads it (issue 34).
    let s: Socket | null = null;
    let ended = false;
    void import("socket.io-client").then(({ io }) => {
      if (ended) return;
      const socket = io({ ...SOCKET_OPTIONS, auth: { token } });
      s = socket;
      socket.on("connect", () => setSocket(socket));
      socket.on("connect_error", (error) => {
        if (error.message === "jwt expired" || error.message === "unauthorized") {
          socket.disconnect(); // retrying with the same token cannot succeed
          if (error.message === "jwt expired") storeToken(null);
        }
      });
    });
    return () => {
      ended = true;
      s?.disconnect();
      setSocket(null);
    };
  }, [token, userId]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** The live connection once it has connected, or null while logged out or before the first connection. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}
