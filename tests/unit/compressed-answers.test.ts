/**
 * Plans' answers kept compressed (src/server/compressed-answers.ts): negotiated as the request
 * accepts, sent from the kept entry only for the very same text, bounded per entry and in total.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { clearCompressedAnswers, compressedAnswerStats, compressedJsonResponse } from "@/server/compressed-answers";
import { PRECOMPRESSED_HEADER } from "@/server/compression";

/** A plan-like answer of about `lines` × 120 bytes. */
const planJson = (lines: number, colour = "#ff0000") =>
  JSON.stringify({ id: 1, version: 3, content: { lines: Array.from({ length: lines }, (_, i) => ({ id: `l${i}`, colour, width: 1, coordinates: [[10.38 + i / 1e5, 55.4], [10.39, 55.41 + i / 1e5]] })) } });
const answer = (accept: string | null, json: string, key = "plan:1", limits?: { entry: number; total: number }) =>
  compressedJsonResponse(accept, key, json, { headers: new Headers({ "content-type": "application/json", "cache-control": "no-store" }) }, limits);
const body = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeEach(() => clearCompressedAnswers());

describe("a plan's answer, compressed and kept", () => {
  it("is Brotli where the client takes it, gzip where it takes only that, and plain otherwise", async () => {
    const json = planJson(200);
    const br = await answer("gzip, deflate, br, zstd", json);
    expect(br.headers.get(PRECOMPRESSED_HEADER)).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("no-store");
    expect(brotliDecompressSync(await body(br)).toString("utf8")).toBe(json);

    const gz = await answer("gzip;q=1, br;q=0", json);
    expect(gz.headers.get(PRECOMPRESSED_HEADER)).toBe("gzip");
    expect(gunzipSync(await body(gz)).toString("utf8")).toBe(json);

    for (const accept of [null, "identity", "deflate"]) {
      const plain = await answer(accept, json);
      expect(plain.headers.get(PRECOMPRESSED_HEADER), String(accept)).toBeNull();
      expect(await plain.text()).toBe(json);
    }
    // A small answer is left to the middleware, as before.
    const small = await answer("br", JSON.stringify({ id: 1 }));
    expect(small.headers.get(PRECOMPRESSED_HEADER)).toBeNull();
  });

  it("sends the kept bytes again for the same text, and compresses anew for any other text under the key", async () => {
    const json = planJson(300);
    const first = await body(await answer("br", json));
    expect(compressedAnswerStats()).toMatchObject({ entries: 1, hits: 0, misses: 1 });
    const again = await body(await answer("br", json));
    expect(again.equals(first)).toBe(true);
    expect(compressedAnswerStats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });

    // One letter changed (a saved edit, a rename): never the old answer.
    const changed = json.replace('"version":3', '"version":4');
    const fresh = await answer("br", changed);
    expect(brotliDecompressSync(await body(fresh)).toString("utf8")).toBe(changed);
    expect(compressedAnswerStats()).toMatchObject({ entries: 1, hits: 1, misses: 2 });
    // Each encoding and each key has its own entry.
    await answer("gzip", changed);
    await answer("br", changed, "public-plan:1");
    expect(compressedAnswerStats()).toMatchObject({ entries: 3, misses: 4 });
  });

  it("keeps no answer larger than the entry limit, and drops the least recently used past the total", async () => {
    const json = (n: number) => planJson(400, `#00000${n}`);
    const size = (await body(await answer("br", json(0), "probe"))).length;
    clearCompressedAnswers();
    const limits = { entry: size * 2, total: size * 2.5 };
    await answer("br", json(1), "plan:1", limits);
    await answer("br", json(2), "plan:2", limits);
    await answer("br", json(1), "plan:1", limits); // plan 1 used again: plan 2 is now the oldest
    expect(compressedAnswerStats()).toMatchObject({ entries: 2, hits: 1 });
    await answer("br", json(3), "plan:3", limits); // past the total: plan 2 goes
    expect(compressedAnswerStats().entries).toBe(2);
    await answer("br", json(1), "plan:1", limits);
    expect(compressedAnswerStats().hits).toBe(2);
    await answer("br", json(2), "plan:2", limits); // was dropped: compressed again
    expect(compressedAnswerStats()).toMatchObject({ hits: 2, misses: 4 });
    expect(compressedAnswerStats().bytes).toBeLessThanOrEqual(limits.total);

    // Too large to keep: answered all the same, and not kept.
    const kept = compressedAnswerStats().entries;
    const tooLarge = await answer("br", planJson(2000), "plan:9", { entry: size, total: size * 10 });
    expect(brotliDecompressSync(await body(tooLarge)).toString("utf8")).toBe(planJson(2000));
    expect(compressedAnswerStats().entries).toBe(kept);
    await answer("br", planJson(2000), "plan:9", { entry: size, total: size * 10 });
    expect(compressedAnswerStats().hits).toBe(2);
  });
});
