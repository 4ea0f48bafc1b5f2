import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_PATH, WS_EVENTS, pongSchema } from "@/lib/realtime-events";
import { getJwtSecret } from "@/server/auth/secret";
import { attachRealtime } from "@/server/realtime/gateway";
import { createUser } from "../support/users";

describe("socket.io gateway", () => {
  let server: Server | undefined;
  let client: Socket | undefined;

  afterEach(async () => {
    client?.disconnect();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  async function start(): Promise<string> {
    server = createServer();
    attachRealtime(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  function connectError(url: string, auth: Record<string, unknown>): Promise<string> {
    client = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth });
    return new Promise((resolve, reject) => {
      client!.on("connect", () => reject(new Error("connected without a valid token")));
      client!.on("connect_error", (error) => resolve(error.message));
    });
  }

  it.each(["websocket", "polling"] as const)("answers a ping over %s for a logged-in user", async (transport) => {
    const url = await start();
    const user = await createUser();
    client = connect(url, { path: SOCKET_PATH, transports: [transport], reconnection: false, auth: { token: user.token } });
    const before = Date.now();
    const pong = await client.timeout(5000).emitWithAck(WS_EVENTS.ping);
    expect(pongSchema.parse(pong).serverTime).toBeGreaterThanOrEqual(before);
  });

  it("refuses a handshake without a token", async () => {
    expect(await connectError(await start(), {})).toBe("unauthorized");
  });

  it("refuses a tampered token", async () => {
    const user = await createUser();
    const [header, , signature] = user.token.split(".");
    const forged = Buffer.from(JSON.stringify({ id: user.id + 1, email: "x@example.dk", isVerified: true, name: "X", organizationId: null, tv: 0 })).toString("base64url");
    expect(await connectError(await start(), { token: `${header}.${forged}.${signature}` })).toBe("unauthorized");
  });

  it("tells an expired token apart, so the client can log out with the notice", async () => {
    const user = await createUser();
    const expired = await new SignJWT({ id: user.id, email: user.email, isVerified: true, name: user.name, organizationId: null, tv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(getJwtSecret());
    expect(await connectError(await start(), { token: expired })).toBe("jwt expired");
  });
});
