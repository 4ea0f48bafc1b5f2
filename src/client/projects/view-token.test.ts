import { describe, expect, it } from "vitest";
import { signplanIdOfViewToken } from "./view-token";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const token = (claims: unknown) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.c2lnbmF0dXJl`;

describe("signplanIdOfViewToken", () => {
  it("reads signplanId from the payload without verifying it", () => {
    expect(signplanIdOfViewToken(token({ purpose: "view", signplanId: 42, sv: 1 }))).toBe(42);
  });

  it("reads a payload with characters outside Latin-1", () => {
    expect(signplanIdOfViewToken(token({ signplanId: 7, note: "Afspærring ✓" }))).toBe(7);
  });

  it.each([
    "",
    "not-a-token",
    "a.b.c",
    token({ id: 3 }),
    token({ signplanId: 0 }),
    token({ signplanId: -1 }),
    token({ signplanId: 1.5 }),
    token("42"),
  ])("refuses %s", (value) => {
    expect(signplanIdOfViewToken(value)).toBeNull();
  });
});
