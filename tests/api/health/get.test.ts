import { describe, expect, it } from "vitest";
import pkg from "../../../package.json";
import { GET } from "@/app/api/health/route";
import { getHealth } from "@/server/health";
import { callRoute } from "../../support/route";

describe("GET /api/health", () => {
  it("answers the version and that the database answers, without naming the database", async () => {
    const res = await callRoute(GET, { path: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      status: "ok",
      version: pkg.version,
      database: { ok: true },
    });
  });

  it("reports a database that does not answer instead of failing", async () => {
    const health = await getHealth(() => Promise.reject(new Error("connection refused")));
    expect(health).toEqual({ status: "degraded", version: pkg.version, database: { ok: false } });
  });
});
