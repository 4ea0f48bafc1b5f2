/**
 * A large upload streams to the disk as it arrives instead of being held in memory (issue 28, item 3:
 * four 140 MB exports took the server from 376 to 2,131 MB), and one past its limit is cut off there.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import * as projects from "@/app/api/project/route";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as signplans from "@/app/api/signplan/route";
import { getDb } from "@/server/db";
import { getStorage } from "@/server/storage";
import { FORM_OVERHEAD_BYTES } from "@/server/api/body";
import { MAX_BACKGROUND_BYTES } from "@/lib/plan-limits";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { storedFileCount, text } from "../signs/support";
import { JPG_SETTINGS, peakBufferGrowth, sendUpload, streamedUpload } from "./support";

async function newPlan(token: string): Promise<number> {
  const project = (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" } })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project } })).json.id as number;
}

/** The longest pause of the event loop while `work` runs, sampled every 10 ms. */
async function longestPause<T>(work: () => Promise<T>): Promise<{ result: T; pause: number }> {
  let last = performance.now();
  let pause = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pause = Math.max(pause, now - last);
    last = now;
  }, 10);
  try {
    return { result: await work(), pause };
  } finally {
    clearInterval(timer);
  }
}

describe("a large upload", () => {
  it("an export of 48 MB is stored whole while the process's buffers grow by a fraction of it", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
        .jpeg()
        .toBuffer(),
    );
    const size = 48 * 1024 * 1024;
    // A JPEG followed by zeros: the server reads the header only, so the file's size is all that matters here.
    const body = streamedUpload({ head: jpeg, size, fill: 0, fields: { settings: JSON.stringify(JPG_SETTINGS) }, name: "stor.jpg" });
    const { result: res, growth } = await peakBufferGrowth(() =>
      sendUpload(user.token, planExports.POST, body, { params: { id: String(planId) } }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.fileSize).toBe(size);
    expect(body.pulled()).toBe(body.length);
    expect(growth).toBeLessThan(size / 4);

    const { storage_key: key } = await (
      await getDb()
    )
      .selectFrom("signplan_exports")
      .select("storage_key")
      .where("id", "=", res.json.id)
      .executeTakeFirstOrThrow();
    const stored = (await getStorage().get(key))!.data;
    const expected = createHash("sha256")
      .update(jpeg)
      .update(new Uint8Array(size - jpeg.byteLength))
      .digest("hex");
    expect(stored.byteLength).toBe(size);
    expect(createHash("sha256").update(stored).digest("hex")).toBe(expected);
  });

  it("a background past its limit is cut off at the limit, not read to its end, and nothing is stored", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const before = await storedFileCount();
    const body = streamedUpload({ size: MAX_BACKGROUND_BYTES + 30 * 1024 * 1024, name: "kort.png" });
    const { result: res, growth } = await peakBufferGrowth(() =>
      sendUpload(user.token, background.POST, body, { params: { id: String(planId) } }),
    );
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("Filen er for stor. Den må højst fylde 50 MB.");
    expect(body.pulled()).toBeLessThan(MAX_BACKGROUND_BYTES + FORM_OVERHEAD_BYTES + 256 * 1024);
    expect(growth).toBeLessThan(MAX_BACKGROUND_BYTES / 4);
    expect(await storedFileCount()).toBe(before);
  });

  it("a body whose Content-Length is past the limit is refused before any of it is read", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const body = streamedUpload({ size: MAX_BACKGROUND_BYTES + 1024 * 1024, name: "kort.png" });
    const res = await sendUpload(user.token, background.POST, body, { params: { id: String(planId) }, contentLength: true });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(256 * 1024);
  });

  it("a PDF export pdf-lib would step through byte by byte (140 MB of blanks, a 20 MB array) is refused without holding up the server", async () => {
    const user = await createUser();
    const planId = await newPlan(user.token);
    const pdf = text(
      "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n[",
    );
    const fields = { settings: JSON.stringify({ ...JPG_SETTINGS, format: "pdf", type: "largeArea", phases: "both" }) };
    for (const [what, size, fill] of [
      ["blanks", 140 * 1024 * 1024, 0x20],
      ["array", 20 * 1024 * 1024, 0x30],
    ] as const) {
      // Before: pdf-lib held the event loop for seconds on such a file (about 7 s for 140 MB of blanks).
      const body = streamedUpload({ head: pdf, size, fill, fields, name: "plan.pdf" });
      const { result: res, pause } = await longestPause(() =>
        sendUpload(user.token, planExports.POST, body, { params: { id: String(planId) } }),
      );
      expect(res.status, what).toBe(400);
      expect(res.json.message, what).toBe("Filen er ikke en PDF-fil, selvom formatet er PDF.");
      expect(pause, what).toBeLessThan(1000);
    }
  });
});
