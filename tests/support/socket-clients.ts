/** socket.io clients for the API tests that attach the realtime gateway to a server of their own. */
import { io as connect, type Socket } from "socket.io-client";
import { SOCKET_PATH, WS_EVENTS, type JoinSignplanAck } from "@/lib/realtime-events";

/** Clients opened by WebSocket with a user's token and no reconnection, all closed by `closeAll` (an afterEach). */
export function socketClients() {
  const clients: Socket[] = [];
  return {
    open(url: string, token: string): Socket {
      const client = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token } });
      clients.push(client);
      return client;
    },
    closeAll(): void {
      for (const client of clients.splice(0)) client.disconnect();
    },
  };
}

/** Everything a socket hears of an event, in order. */
export function record<T>(socket: Socket, event: string): T[] {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return heard;
}

/** joinSignplan with its acknowledgement (naming `version` asks for the catch-up). */
export const joinPlan = (socket: Socket, signplanId: number, version?: number): Promise<JoinSignplanAck> =>
  socket.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, version === undefined ? { signplanId } : { signplanId, version });
