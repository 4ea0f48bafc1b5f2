import { expect, test } from "@playwright/test";
import { io } from "socket.io-client";
import { E2E_PORT } from "../../playwright.config";
import { siteRequest } from "./support";

test("the socket.io endpoint on the app's server answers a ping", async () => {
  const socket = io(`http://127.0.0.1:${E2E_PORT}`, { path: "/socket.io", transports: ["websocket"], reconnection: false });
  try {
    const pong = await socket.timeout(5000).emitWithAck("ping");
    expect(pong).toMatchObject({ pong: true });
  } finally {
    socket.disconnect();
  }
});

test("the health endpoint answers through the proxy with the database up", async () => {
  const res = await siteRequest("ta-planen", "/api/health");
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ status: "ok", database: { ok: true, dialect: "sqlite" } });
});
