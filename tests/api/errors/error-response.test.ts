import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { errorResponse } from "@/server/api/handler";

// How thrown errors become answers (DESIGN.md: `{ message }` with a fitting status; a 500 is a bug).
describe("errorResponse", () => {
  it("answers a request the client aborted with a 400, logged as information, not as an error", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
      const res = errorResponse(aborted, "skilteplanen");
      expect(res.status).toBe(400);
      expect(error).not.toHaveBeenCalled();
      expect(info).toHaveBeenCalledWith("[api] request aborted by the client");
    } finally {
      error.mockRestore();
      info.mockRestore();
    }
  });

  it("still answers an unknown error with a 500 and logs it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = errorResponse(new TypeError("boom"), "skilteplanen");
      expect(res.status).toBe(500);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
      expect(error).toHaveBeenCalledOnce();
    } finally {
      error.mockRestore();
    }
  });

  it("names the first invalid field of a zod error in a 400", async () => {
    const parsed = z.object({ lines: z.array(z.object({ width: z.number().max(100) })) }).safeParse({ lines: [{ width: 500 }] });
    const res = errorResponse(parsed.error, "skilteplanen");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "lines.0.width" });
  });
});
