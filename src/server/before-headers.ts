/**
 * A hook just before an answer's headers go out, with every header already on the response: those set
 * with setHeader and those handed to writeHead itself (an object, or a flat list of names and values),
 * so the hook reads and changes them all with getHeader, setHeader and removeHeader. Each hook wraps
 * writeHead; the one installed last runs first. (Node calls writeHead for an answer written without
 * it too, at its first write.)
 */
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

function setAll(res: ServerResponse, headers: OutgoingHttpHeaders | readonly unknown[]): void {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1] as string | string[]);
    return;
  }
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && value !== null) res.setHeader(name, value as string | number | readonly string[]);
}

export function beforeHeaders(res: ServerResponse, hook: (res: ServerResponse) => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const at = rest.findIndex((arg) => typeof arg === "object" && arg !== null);
    if (at !== -1) setAll(this, rest.splice(at, 1)[0] as OutgoingHttpHeaders | unknown[]);
    this.statusCode = statusCode;
    hook(this);
    return writeHead.call(this, statusCode, ...(rest as [])) as ServerResponse;
  } as ServerResponse["writeHead"];
}
