// server.ts runs in plain Node (through tsx), where the `server-only` package throws by design: it is a
// guard for bundles that might reach the browser. This process is the server, so the guard resolves
// to an empty module here. Next's own bundles keep the real guard.
import { register } from "node:module";

const hook = `
export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,export {};", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
