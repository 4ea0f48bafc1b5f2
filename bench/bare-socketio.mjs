// The baseline of bench/collaboration.mjs: a bare socket.io server that relays what a client sends to
// everyone else in its room, with no authentication, validation, database or save: the transport's own
// cost. With REDIS_URL (and REDIS_PREFIX) it uses the same Redis Streams adapter as the app, so the
// two-process baseline crosses Redis as the app's events do.
//
// Usage: node bench/bare-socketio.mjs <port>   (prints "ready" when listening)
import { createServer } from "node:http";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";

const port = Number(process.argv[2]);
let redis;
if (process.env.REDIS_URL) {
  redis = createClient({ url: process.env.REDIS_URL });
  redis.on("error", () => {});
  await redis.connect();
}
const http = createServer();
const io = new Server(http, {
  transports: ["websocket"],
  ...(redis
    ? {
        adapter: createAdapter(redis, {
          streamName: `${process.env.REDIS_PREFIX}:bare`,
          channelPrefix: `${process.env.REDIS_PREFIX}:bare`,
        }),
      }
    : {}),
});
io.on("connection", (socket) => {
  socket.on("join", (room, ack) => {
    socket.join(room);
    ack?.(true);
  });
  // A "save": relayed to the room but the sender, acknowledged to the sender (as the app answers a PATCH).
  socket.on("save", (room, payload, ack) => {
    socket.to(room).emit("change", payload);
    ack?.(true);
  });
});
http.listen(port, "127.0.0.1", () => console.log("ready"));
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    // Not io.close(): with the adapter its readers end after their blocking read; the process ends now.
    process.exit(0);
  });
}
