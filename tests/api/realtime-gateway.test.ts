import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT } from "jose";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_PATH, WS_EVENTS, pongSchema } from "@/lib/realtime-events";
import { getJwtSecret } from "@/server/auth/secret";
import { attachRealtime } from "@/server/realtime/gateway";
import * as projects from "@/app/api/project/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import { as } from "../support/api";
import { createUser } from "../support/users";

describe("socket.io gateway", () => {
  let server: Server | undefined;
  let client: Socket | undefined;

  afterEach(async () => {
    client?.disconnect();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

  async function start(options?: { trustProxy: boolean }): Promise<string> {
    server = createServer();
    attachRealtime(server, options);
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
    const forged = Buffer.from(
      JSON.stringify({ id: user.id + 1, email: "x@example.dk", isVerified: true, name: "X", organizationId: null, tv: 0 }),
    ).toString("base64url");
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

  it("joins a plan's room only with access, and hears every save there with who made it", async () => {
    const url = await start();
    const owner = await createUser();
    const stranger = await createUser();
    const { json: project } = await as(owner.token, projects.POST, { method: "POST", body: { name: "Live" } });
    const { json: plan } = await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });

    const other = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token: stranger.token } });
    try {
      expect(await other.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.id })).toEqual({ ok: false });
    } finally {
      other.disconnect();
    }

    client = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token: owner.token } });
    expect(await client.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.id })).toMatchObject({ ok: true });
    const heard = new Promise((resolve) => client!.on(WS_EVENTS.signplanUpdate, resolve));
    await as(owner.token, one.PUT, { method: "PUT", params: { id: String(plan.id) }, body: { version: 1, name: "Ny" } });
    expect(await heard).toEqual({ signplanId: plan.id, doneByUserId: owner.id });
  });

  it("refuses malformed join and leave payloads, and the connection keeps working", async () => {
    const url = await start();
    const owner = await createUser();
    const { json: project } = await as(owner.token, projects.POST, { method: "POST", body: { name: "Live" } });
    const { json: plan } = await as(owner.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.id } });
    client = connect(url, { path: SOCKET_PATH, transports: ["websocket"], reconnection: false, auth: { token: owner.token } });
    const malformed: unknown[] = [
      null,
      "x",
      42,
      [],
      {},
      { signplanId: String(plan.id) },
      { signplanId: plan.id + 0.5 },
      { signplanId: -1 },
      { signplanId: 2 ** 40 },
    ];
    for (const payload of malformed) {
      expect(await client.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, payload), JSON.stringify(payload)).toEqual({ ok: false });
      client.emit(WS_EVENTS.leaveSignplan, payload);
    }
    // Without an acknowledgement, or with no payload at all, nothing breaks either.
    client.emit(WS_EVENTS.joinSignplan, { signplanId: "x" });
    client.emit(WS_EVENTS.joinSignplan);
    expect(pongSchema.parse(await client.timeout(5000).emitWithAck(WS_EVENTS.ping)).pong).toBe(true);
    expect(await client.timeout(5000).emitWithAck(WS_EVENTS.joinSignplan, { signplanId: plan.id })).toMatchObject({ ok: true });
  });
  describe("the security headers of socket.io's own HTTP answers", () => {
    const HSTS = "max-age=31536000; includeSubDomains";
    const expectSecurityHeaders = (res: Response, what: string) => {
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), what).toBe("DENY");
      expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), what).toContain("camera=()");
    };

    it("carries them on the polling handshake, a polling POST and GET, and a refused request; HSTS not on a client's own X-Forwarded-Proto", async () => {
      const url = `${await start()}${SOCKET_PATH}/?EIO=4&transport=polling`;
      const headers = { "x-forwarded-proto": "https" };
      const handshake = await fetch(url, { headers });
      expect(handshake.status).toBe(200);
      expectSecurityHeaders(handshake, "handshake");
      const { sid } = JSON.parse((await handshake.text()).slice(1)) as { sid: string };
      const user = await createUser();
      const post = await fetch(`${url}&sid=${sid}`, { method: "POST", headers, body: `40${JSON.stringify({ token: user.token })}` });
      expect(post.status).toBe(200);
      expectSecurityHeaders(post, "POST");
      const poll = await fetch(`${url}&sid=${sid}`, { headers });
      expect(poll.status).toBe(200);
      expect(await poll.text()).toMatch(/^40/); // the CONNECT answer
      expectSecurityHeaders(poll, "GET");
      const refused = await fetch(`${url}&sid=unknown`, { headers });
      expect(refused.status).toBe(400);
      expectSecurityHeaders(refused, "refused");
      for (const res of [handshake, post, poll, refused]) expect(res.headers.get("strict-transport-security")).toBeNull();
    });

    it("adds HSTS behind a trusted proxy that says the browser used HTTPS, and only then", async () => {
      const url = `${await start({ trustProxy: true })}${SOCKET_PATH}/?EIO=4&transport=polling`;
      const https = await fetch(url, { headers: { "x-forwarded-proto": "https" } });
      expectSecurityHeaders(https, "https");
      expect(https.headers.get("strict-transport-security")).toBe(HSTS);
      const http = await fetch(url, { headers: { "x-forwarded-proto": "http" } });
      expectSecurityHeaders(http, "http");
      expect(http.headers.get("strict-transport-security")).toBeNull();
    });
  });
});
