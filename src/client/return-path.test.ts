import { describe, expect, it } from "vitest";
import { loginHref, returnPathFrom, safeReturnPath, verifyEmailHref } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(safeReturnPath("/organisation?tab=invoices#top")).toBe("/organisation?tab=invoices#top");
  });

  it.each(["//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "app", "", null, undefined])(
    "refuses %s",
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );

  it("never returns to the login or register page", () => {
    expect(safeReturnPath("/login?from=%2Fapp")).toBeNull();
    expect(safeReturnPath("/register")).toBeNull();
    expect(safeReturnPath("/login-help")).toBe("/login-help");
  });
});

describe("loginHref and returnPathFrom", () => {
  it("round-trips the origin through the login page's query", () => {
    const href = loginHref("/organisation?tab=1");
    expect(href).toBe("/login?from=%2Forganisation%3Ftab%3D1");
    expect(returnPathFrom(new URL(href, "http://x").search)).toBe("/organisation?tab=1");
  });

  it("falls back to the app", () => {
    expect(loginHref("/")).toBe("/login");
    expect(returnPathFrom("")).toBe("/app");
    expect(returnPathFrom("?from=%2F%2Fevil.example")).toBe("/app");
  });
});

describe("verifyEmailHref", () => {
  it("names the e-mail and, from the guard, the source", () => {
    expect(verifyEmailHref("a+b@example.dk", "protected-route")).toBe(
      "/encourage-verify-email?email=a%2Bb%40example.dk&source=protected-route",
    );
    expect(verifyEmailHref(null)).toBe("/encourage-verify-email");
  });
});
