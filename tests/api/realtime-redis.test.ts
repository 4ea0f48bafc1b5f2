/**
 * Several server processes (issue 36): two socket.io servers, each with its own Redis Streams adapter,
 * share events through one Redis — here a Redis of the test's own on a port of its own, which the test
 * stops and starts again (the machine's shared Redis is left alone; tests/e2e/multi-process.spec.ts
 * restarts that one with real server processes).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "redis";
import type { Server } from "socket.io";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SOCKET_PATH,
  WS_EVENTS,
  type PresenceLeave,
  type PresenceState,
  type SignplanAccessLost,
  type SignplanUpdate,
} from "@/lib/realtime-events";
import { attachRealtime, closeRealtime, realtimeRedisOf } from "@/server/realtime/gateway";
import { signplanRoom } from "@/server/realtime/emitter";
import * as projects from "@/app/api/project/route";
import * as one from "@/app/api/signplan/[id]/route";
import * as signplans from "@/app/api/signplan/route";
import * as removeUser from "@/app/api/users/removeUser/route";
import { as } from "../support/api";
import { joinPlan as join, record, socketClients } from "../support/socket-clients";
import { createOrganisation, createUser } from "../support/users";

// One port per database project (vitest runs the SQLite and the PostgreSQL project at once); nothing
// listens on the one below it (the unreachable Redis).
const REDIS_PORT = Number(process.env.TEST_REDIS_PORT ?? (process.env.TEST_DIALECT === "postgres" ? 3237 : 3239));
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

let redis: ChildProcess | undefined;

async function startRedis(): Promise<void> {
  redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: 50 } });
  probe.on("error", () => {});
  await probe.connect();
  await probe.ping();
  probe.destroy();
}

async function stopRedis(): Promise<void> {
  if (!redis || redis.exitCode !== null) return;
  const exited = once(redis, "exit");
  redis.kill("SIGKILL");
  await exited;
}

describe("socket.io across processes through Redis", () => {
  const servers: Array<{ http: HttpServer; io: Server }> = [];
  const { open, closeAll } = socketClients();

  beforeAll(startRedis);
  afterAll(stopRedis);

  afterEach(async () => {
    closeAll();
    for (const { http, io } of servers.splice(0)) {
      await closeRealtime(io);
      if (http.listening) await new Promise((resolve) => http.close(resolve));
    }
    if (redis?.exitCode !== null) await startRedis();
  });

  /** A server on its own port; the last one started is the one the API's saves emit through. */
  async function start(prefix: string, options: { redisUrl?: string } = {}): Promise<{ url: string; io: Server }> {
    const http = createServer();
    const io = attachRealtime(http, { redisUrl: options.redisUrl ?? REDIS_URL, redisPrefix: prefix });
    servers.push({ http, io });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, io };
  }

  /** Two servers that see each other (each counts two subscribers on the shared channel). */
  async function startTwo() {
    const prefix = `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const b = await start(prefix);
    const a = await start(prefix);
    for (const { io } of [a, b]) await expect.poll(() => io.of("/").adapter.serverCount(), { timeout: 5000 }).toBe(2);
    return { a, b };
  }

  async function scene() {
    const anna = await createUser({ name: "Anna Berg" });
    const bo = await createUser({ name: "Bo Holm" });
    await createOrganisation(anna.id, [bo.id]);
    const project = await as(anna.token, projects.POST, { method: "POST", body: { name: "Fælles", isShared: true } });
    const plan = await as(anna.token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project.json.id } });
    return { anna, bo, planId: plan.json.id as number };
  }

  const pointer = (signplanId: number, x: number) => ({ signplanId, pointer: [x, 0], selection: [], view: null });

  it("carries saves, presence and a removal from one process to the sockets of the other; WebSocket only", async () => {
    const { a, b } = await startTwo();
    const s = await scene();
    const annaOnA = open(a.url, s.anna.token);
    const boOnB = open(b.url, s.bo.token);
    expect(await join(annaOnA, s.planId)).toMatchObject({ ok: true, presence: [] });
    // Bo's join on B is told of Anna on A.
    const ack = await join(boOnB, s.planId);
    expect(ack.presence?.map((p) => [p.socketId, p.userId])).toEqual([[annaOnA.id, s.anna.id]]);

    const boHeard = record<PresenceState>(boOnB, WS_EVENTS.presenceUpdate);
    const updates = record<SignplanUpdate>(boOnB, WS_EVENTS.signplanUpdate);
    // Volatile: dropped, not queued, when the connection is busy at that moment; sent again until heard.
    await expect
      .poll(
        () => {
          annaOnA.emit(WS_EVENTS.presence, pointer(s.planId, 42));
          return boHeard.map((p) => p.pointer?.[0]);
        },
        { timeout: 5000 },
      )
      .toContain(42);
    // A save through A's API (saves emit through the last server attached: A).
    expect(
      (await as(s.anna.token, one.PUT, { method: "PUT", params: { id: String(s.planId) }, body: { version: 1, name: "Ny" } })).status,
    ).toBe(200);
    await expect.poll(() => updates, { timeout: 5000 }).toEqual([{ signplanId: s.planId, doneByUserId: s.anna.id }]);

    // Bo is removed through A: his socket on B leaves the room at once, and Anna hears him go.
    const annaLeaves = record<PresenceLeave>(annaOnA, WS_EVENTS.presenceLeave);
    const lost = record<SignplanAccessLost>(boOnB, WS_EVENTS.signplanAccessLost);
    expect((await as(s.anna.token, removeUser.DELETE, { method: "DELETE", body: { userId: s.bo.id } })).status).toBe(200);
    await expect.poll(() => lost, { timeout: 5000 }).toEqual([{ signplanId: s.planId }]);
    await expect.poll(() => annaLeaves, { timeout: 5000 }).toEqual([{ signplanId: s.planId, socketId: boOnB.id }]);
    expect((await b.io.local.in(signplanRoom(s.planId)).fetchSockets()).length).toBe(0);

    // Long-polling is refused: its requests could reach another process.
    const polling = await fetch(`${b.url}${SOCKET_PATH}/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
  });

  it("keeps serving each process's own clients while Redis is away, and sends the other process what it missed when it is back", async () => {
    const { a, b } = await startTwo();
    const s = await scene();
    const annaOnA = open(a.url, s.anna.token);
    const boOnA = open(a.url, s.bo.token);
    const boOnB = open(b.url, s.bo.token);
    for (const socket of [annaOnA, boOnA, boOnB]) await join(socket, s.planId);
    const onA = record<SignplanUpdate>(boOnA, WS_EVENTS.signplanUpdate);
    const onB = record<SignplanUpdate>(boOnB, WS_EVENTS.signplanUpdate);
    const presenceOnA = record<PresenceState>(boOnA, WS_EVENTS.presenceUpdate);
    const presenceOnB = record<PresenceState>(boOnB, WS_EVENTS.presenceUpdate);

    await stopRedis();
    await expect.poll(() => realtimeRedisOf(a.io)!.isConnected(), { timeout: 5000 }).toBe(false);
    // A's own clients: the save's event and presence arrive at once.
    expect(
      (await as(s.anna.token, one.PUT, { method: "PUT", params: { id: String(s.planId) }, body: { version: 1, name: "Uden Redis" } }))
        .status,
    ).toBe(200);
    await expect.poll(() => onA, { timeout: 5000 }).toEqual([{ signplanId: s.planId, doneByUserId: s.anna.id }]);
    await expect
      .poll(
        () => {
          annaOnA.emit(WS_EVENTS.presence, pointer(s.planId, 7));
          return presenceOnA.map((p) => p.pointer?.[0]);
        },
        { timeout: 5000 },
      )
      .toContain(7);
    // A join on A still answers (with A's sockets alone).
    expect((await join(open(a.url, s.anna.token), s.planId)).ok).toBe(true);
    // Kept for B: the save's event (and the joins' presence), not the volatile pointer.
    const kept = realtimeRedisOf(a.io)!.pendingAppends();
    expect(kept).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        () => {
          annaOnA.emit(WS_EVENTS.presence, pointer(s.planId, 8));
          return presenceOnA.map((p) => p.pointer?.[0]);
        },
        { timeout: 5000 },
      )
      .toContain(8);
    expect(realtimeRedisOf(a.io)!.pendingAppends()).toBe(kept);
    expect(onB).toEqual([]);

    await startRedis();
    // Back: B gets the save it missed, and events flow again both ways.
    await expect.poll(() => onB, { timeout: 10_000 }).toEqual([{ signplanId: s.planId, doneByUserId: s.anna.id }]);
    expect(realtimeRedisOf(a.io)!.pendingAppends()).toBe(0);
    expect(presenceOnB.map((p) => p.pointer?.[0]).filter((x) => x === 7 || x === 8)).toEqual([]);
    await expect
      .poll(
        () => {
          annaOnA.emit(WS_EVENTS.presence, pointer(s.planId, 9));
          return presenceOnB.map((p) => p.pointer?.[0]);
        },
        { timeout: 5000 },
      )
      .toContain(9);
    expect(
      (await as(s.anna.token, one.PUT, { method: "PUT", params: { id: String(s.planId) }, body: { version: 2, name: "Med Redis" } }))
        .status,
    ).toBe(200);
    await expect.poll(() => onB.length, { timeout: 5000 }).toBe(2);
  });

  it("starts and serves its own clients when Redis cannot be reached at all, and closes cleanly", async () => {
    const { url, io } = await start("unreachable", { redisUrl: `redis://127.0.0.1:${REDIS_PORT - 1}` });
    const s = await scene();
    const anna = open(url, s.anna.token);
    const bo = open(url, s.bo.token);
    expect(await join(anna, s.planId)).toMatchObject({ ok: true });
    expect((await join(bo, s.planId)).presence?.map((p) => p.socketId)).toEqual([anna.id]);
    const heard = record<PresenceState>(bo, WS_EVENTS.presenceUpdate);
    await expect
      .poll(
        () => {
          anna.emit(WS_EVENTS.presence, pointer(s.planId, 1));
          return heard.length;
        },
        { timeout: 5000 },
      )
      .toBeGreaterThan(0);
    expect(realtimeRedisOf(io)!.isConnected()).toBe(false);
  });
});
