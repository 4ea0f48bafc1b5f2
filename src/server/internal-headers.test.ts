import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { BODY_LENGTH_HEADER, withoutInternalHeaders } from "./internal-headers";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Answers as Next does a route handler's streamed body: headers set one by one, then written in chunks. */
async function answer(headers: Record<string, string>): Promise<Headers> {
  server = createServer((_req, res) => {
    withoutInternalHeaders(res);
    for (const [name, value] of Object.entries(headers)) res.appendHeader(name, value);
    res.write("hello ");
    res.end("world");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await res.text();
  return res.headers;
}

describe("withoutInternalHeaders", () => {
  it("turns a route's body length into Content-Length, and sends the internal header nowhere", async () => {
    const headers = await answer({ [BODY_LENGTH_HEADER]: "11", "x-middleware-rewrite": "/skilteplanen/x" });
    expect(headers.get("content-length")).toBe("11");
    expect(headers.get("transfer-encoding")).toBeNull();
    expect(headers.get(BODY_LENGTH_HEADER)).toBeNull();
    expect(headers.get("x-middleware-rewrite")).toBeNull();
  });

  it("leaves the length out of an answer being compressed, and ignores one that is not a number", async () => {
    expect((await answer({ [BODY_LENGTH_HEADER]: "11", "content-encoding": "identity" })).get("content-length")).toBeNull();
    const odd = await answer({ [BODY_LENGTH_HEADER]: "11, 12" });
    expect(odd.get("content-length")).toBeNull();
    expect(odd.get("transfer-encoding")).toBe("chunked");
  });
});
