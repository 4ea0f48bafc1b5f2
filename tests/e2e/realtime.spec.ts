import { expect, test } from "./fixtures";
import { io } from "socket.io-client";
import { E2E_PORT } from "../../playwright.config";
import { registerAndLogin } from "./api";
import { siteRequest, siteUrl } from "./support";

const socketUrl = `http://127.0.0.1:${E2E_PORT}`;

test("the socket.io endpoint on the app's server answers a ping for a logged-in user", async () => {
  const token = await registerAndLogin("skilteplanen", `socket-${Date.now()}@example.dk`);
  const socket = io(socketUrl, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token } });
  try {
    const pong = await socket.timeout(5000).emitWithAck("ping");
    expect(pong).toMatchObject({ pong: true });
  } finally {
    socket.disconnect();
  }
});

test("the socket.io endpoint refuses a connection without a token", async () => {
  const socket = io(socketUrl, { path: "/socket.io", transports: ["websocket"], reconnection: false });
  try {
    const message = await new Promise<string>((resolve) => socket.on("connect_error", (e) => resolve(e.message)));
    expect(message).toBe("unauthorized");
  } finally {
    socket.disconnect();
  }
});

test("the health endpoint answers through the server with the database up, naming no database", async () => {
  const res = await siteRequest("ta-planen", "/api/health");
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({ status: "ok", version: expect.any(String), database: { ok: true } });
});

test("the browser opens the live connection only while a user is logged in, by WebSocket", async ({ page }) => {
  // Polling would show as requests, a WebSocket as its own event: both are watched.
  const socketRequests: string[] = [];
  const note = (url: string) => {
    if (url.includes("/socket.io/")) socketRequests.push(url);
  };
  page.on("request", (r) => note(r.url()));
  page.on("websocket", (ws) => note(ws.url()));
  await page.goto(siteUrl("skilteplanen", "/prices"));
  await page.waitForLoadState("networkidle");
  expect(socketRequests).toEqual([]);

  const token = await registerAndLogin("skilteplanen", `live-${Date.now()}@example.dk`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  const opened = page.waitForEvent("websocket", (ws) => ws.url().includes("/socket.io/"));
  await page.reload();
  expect((await opened).url()).toContain("transport=websocket");
  // The first attempt is the WebSocket, with no long-polling before it (issue 36: several processes).
  expect(socketRequests[0]).toContain("transport=websocket");
});
