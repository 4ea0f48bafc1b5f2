import { describe, expect, it } from "vitest";
import { userFileResponse } from "./serve";

describe("userFileResponse", () => {
  it("serves a known type inline under a safe name, with nosniff and a sandboxing CSP", () => {
    const res = userFileResponse(
      { data: new Uint8Array([1]), contentType: "application/pdf" },
      { stem: 'a"; b/../c', cacheControl: "no-store" },
    );
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="a___b____c.pdf"',
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      "cache-control": "no-store",
    });
  });

  it("serves any other stored type as an opaque download", () => {
    const res = userFileResponse({ data: new Uint8Array([1]), contentType: "text/html" }, { stem: "x", cacheControl: "no-store" });
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="x.bin"');
  });
});
