import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;

/**
 * Serves route handlers over real HTTP (node:http, as server.ts does for Next), for tests whose
 * subject is what happens between one request and the next on the server's event loop: a handler
 * called directly resolves within microtasks, so work the event loop does after an answer never
 * gets between it and the next call. Answers the base URL and a close function.
 */
export async function serveRoutes(
  routes: Record<string, Handler>,
  site = "skilteplanen",
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const handler = routes[`${req.method} ${req.url}`];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      headers.set("host", `${site}.localhost:3000`);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      void handler(new Request(`http://${site}.localhost:3000${req.url}`, { method: req.method, headers, body }), {
        params: Promise.resolve({}),
      }).then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
