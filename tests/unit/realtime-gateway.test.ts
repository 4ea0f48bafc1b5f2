import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_PATH, WS_EVENTS, pongSchema } from "@/lib/realtime-events";
import { attachRealtime } from "@/server/realtime/gateway";

describe("socket.io gateway", () => {
  let server: Server | undefined;
  let client: Socket | undefined;

  afterEach(async () => {
    client?.disconnect();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it.each(["websocket", "polling"] as const)("answers a ping over %s on /socket.io", async (transport) => {
    server = createServer();
    const io = attachRealtime(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    client = connect(`http://127.0.0.1:${port}`, { path: SOCKET_PATH, transports: [transport], reconnection: false });
    const before = Date.now();
    const pong = await client.timeout(5000).emitWithAck(WS_EVENTS.ping);
    expect(pongSchema.parse(pong).serverTime).toBeGreaterThanOrEqual(before);
    await io.close();
  });
});
