/**
 * At most MAX_LARGE_UPLOADS_PER_USER large uploads of one user run at once; the next is answered 429 in
 * the user's language with Retry-After, before its body is read, and the user's uploads work again as
 * soon as one has finished. Other users are not held up by it.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as planExports from "@/app/api/exports/signplan/[id]/route";
import * as projects from "@/app/api/project/route";
import * as background from "@/app/api/signplan/[id]/background/route";
import * as signplans from "@/app/api/signplan/route";
import { MAX_LARGE_UPLOADS_PER_USER, UPLOAD_RETRY_AFTER_SECONDS, uploadsRunning } from "@/server/api/upload-slots";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { JPG_SETTINGS, eventually, sendUpload, streamedUpload } from "./support";

async function newPlan(token: string, site = "skilteplanen"): Promise<number> {
  const project = (await as(token, projects.POST, { method: "POST", body: { name: "Projekt" }, site })).json.id;
  return (await as(token, signplans.POST, { method: "POST", body: { name: "Plan", project_id: project }, site })).json.id as number;
}

const jpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#0a0" } })
      .jpeg()
      .toBuffer(),
  );

/** An export upload of 2 MB whose last chunk waits for `hold`. */
async function exportUpload(hold?: Promise<void>) {
  return streamedUpload({
    head: await jpeg(),
    size: 2 * 1024 * 1024,
    fill: 0,
    fields: { settings: JSON.stringify(JPG_SETTINGS) },
    name: "x.jpg",
    hold,
  });
}

describe("large uploads at once per user", () => {
  it("a third at once is a 429 with Retry-After, read no further; after one finishes the next works", async () => {
    expect(MAX_LARGE_UPLOADS_PER_USER).toBe(2);
    const user = await createUser();
    const other = await createUser();
    const planId = await newPlan(user.token);
    const params = { params: { id: String(planId) } };
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const running = [
      sendUpload(user.token, planExports.POST, await exportUpload(hold), params),
      sendUpload(user.token, planExports.POST, await exportUpload(hold), params),
    ];
    await eventually(() => uploadsRunning(user.id) === 2, "two uploads running");

    // A third upload of either kind waits for nothing: refused at once, its body left unread.
    const third = await exportUpload();
    const refused = await sendUpload(user.token, planExports.POST, third, params);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe("Du sender allerede 2 store filer. Vent, til de er færdige, og prøv igen.");
    expect(refused.headers.get("retry-after")).toBe(String(UPLOAD_RETRY_AFTER_SECONDS));
    expect(third.pulled()).toBeLessThan(256 * 1024);
    const backgroundPlan = await newPlan(user.token);
    const alsoRefused = await sendUpload(user.token, background.POST, streamedUpload({ size: 1024, name: "kort.png" }), {
      params: { id: String(backgroundPlan) },
    });
    expect(alsoRefused.status).toBe(429);

    // Another user is not held up.
    const otherPlan = await newPlan(other.token);
    const theirs = await sendUpload(other.token, planExports.POST, await exportUpload(), { params: { id: String(otherPlan) } });
    expect(theirs.status, JSON.stringify(theirs.json)).toBe(201);

    release();
    expect((await Promise.all(running)).map((res) => res.status)).toEqual([201, 201]);
    expect(uploadsRunning(user.id)).toBe(0);
    const next = await sendUpload(user.token, planExports.POST, await exportUpload(), params);
    expect(next.status).toBe(201);
  });

  it("the 429 is in Swedish on TA-planen", async () => {
    const user = await createUser({ site: "ta-planen" });
    const planId = await newPlan(user.token, "ta-planen");
    const options = { params: { id: String(planId) }, site: "ta-planen" };
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const running = [
      sendUpload(user.token, planExports.POST, await exportUpload(hold), options),
      sendUpload(user.token, planExports.POST, await exportUpload(hold), options),
    ];
    await eventually(() => uploadsRunning(user.id) === 2, "two uploads running");
    const refused = await sendUpload(user.token, planExports.POST, await exportUpload(), options);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe("Du skickar redan 2 stora filer. Vänta tills de är klara och försök igen.");
    release();
    expect((await Promise.all(running)).map((res) => res.status)).toEqual([201, 201]);
  });
});
