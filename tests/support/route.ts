/** Calls a route handler as Next would, with a request for one of the sites. */
export function callRoute<P extends object>(
  handler: (req: Request, ctx: { params: Promise<P> }) => Promise<Response>,
  init: { method?: string; path: string; site?: string; body?: unknown; params?: P; headers?: Record<string, string> },
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("host", `${init.site ?? "skilteplanen"}.localhost:3000`);
  if (init.site) headers.set("x-site", init.site);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const req = new Request(`http://${init.site ?? "skilteplanen"}.localhost:3000${init.path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  return handler(req, { params: Promise.resolve((init.params ?? {}) as P) });
}
