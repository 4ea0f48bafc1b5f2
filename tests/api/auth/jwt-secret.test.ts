import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

describe("JWT secret", () => {
  it("is generated once into DATA_DIR and reused", async () => {
    const { getJwtSecret } = await import("@/server/auth/secret");
    const file = path.join(process.env.DATA_DIR!, "jwt-secret");
    expect(existsSync(file)).toBe(false);
    const first = getJwtSecret();
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0); // readable by the owner only
    expect(first.byteLength).toBeGreaterThanOrEqual(32);
    expect(new TextDecoder().decode(first)).toBe(readFileSync(file, "utf8").trim());
    expect(getJwtSecret()).toEqual(first);
  });

  it("comes from JWT_SECRET when a deployment sets it", async () => {
    vi.resetModules();
    vi.stubEnv("JWT_SECRET", "a-deployment-secret-of-at-least-32-chars!");
    try {
      const { getJwtSecret } = await import("@/server/auth/secret");
      expect(new TextDecoder().decode(getJwtSecret())).toBe("a-deployment-secret-of-at-least-32-chars!");
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });

  it("refuses a JWT_SECRET too short to be safe", async () => {
    vi.resetModules();
    vi.stubEnv("JWT_SECRET", "short");
    try {
      const { getJwtSecret } = await import("@/server/auth/secret");
      expect(() => getJwtSecret()).toThrow(/JWT_SECRET must be at least 32 characters/);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
