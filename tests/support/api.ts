import { callRoute } from "./route";

type Handler<P> = (req: Request, ctx: { params: Promise<P> }) => Promise<Response>;

/** Calls a route handler as a user (token) or anonymously (null), answering status and JSON. */
export async function as<P extends object>(
  token: string | null,
  handler: Handler<P>,
  options: { method?: string; params?: P; body?: unknown; query?: string; site?: string } = {},
): Promise<{ status: number; json: any }> {
  const res = await callRoute(handler, {
    method: options.method ?? "GET",
    path: `/api/x${options.query ?? ""}`,
    site: options.site ?? "skilteplanen",
    params: options.params,
    body: options.body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}
