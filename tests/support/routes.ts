import { readdirSync } from "node:fs";
import path from "node:path";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface RouteHandler {
  /** e.g. "PUT /api/signplan/[id]" */
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route's path with its dynamic segments as folder names, e.g. /api/signplan/[id]. */
  pattern: string;
  /** The dynamic segments' names, e.g. ["id"]. */
  paramNames: string[];
  handler: Handler;
}

const API_DIR = path.join(import.meta.dirname, "../../src/app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every exported method of every route handler under src/app/api, found by walking the folder. */
export async function apiRouteHandlers(): Promise<RouteHandler[]> {
  const files = readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
  const handlers: RouteHandler[] = [];
  for (const file of files) {
    const folder = path.dirname(file).split(path.sep).join("/");
    const pattern = `/api/${folder}`;
    const paramNames = [...folder.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
    const mod = (await import(path.join(API_DIR, file))) as Partial<Record<(typeof METHODS)[number], Handler>>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (handler) handlers.push({ name: `${method} ${pattern}`, method, pattern, paramNames, handler });
    }
  }
  return handlers;
}
