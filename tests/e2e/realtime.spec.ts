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

test("the browser opens the live connection only while a user is logged in", async ({ page }) => {
  const socketRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/socket.io/")) socketRequests.push(r.url());
  });
  await page.goto(siteUrl("skilteplanen", "/prices"));
  await page.waitForLoadState("networkidle");
  expect(socketRequests).toEqual([]);

  const token = await registerAndLogin("skilteplanen", `live-${Date.now()}@example.dk`);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  const opened = page.waitForRequest((r) => r.url().includes("/socket.io/"));
  await page.reload();
  await opened;
  expect(socketRequests.length).toBeGreaterThan(0);
});
