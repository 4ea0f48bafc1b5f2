import { describe, expect, it } from "vitest";
import * as settings from "@/app/api/user-settings/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const patch = (token: string, body: unknown) => as(token, settings.PATCH, { method: "PATCH", body });
const url = (n: number) => `/signs/dk/A/A${n}.webp`;

describe("GET /user-settings", () => {
  it("answers the defaults before anything is saved: no standard size (it follows the zoom), no recent signs", async () => {
    const user = await createUser();
    expect(await as(user.token, settings.GET)).toEqual({ status: 200, json: { standardSignSize: null, recentSigns: [] } });
  });
});

describe("PATCH /user-settings", () => {
  it("changes the fields it names, keeps the others, and answers the whole settings", async () => {
    const user = await createUser();
    expect((await patch(user.token, { standardSignSize: 0.1 })).json).toEqual({ standardSignSize: 0.1, recentSigns: [] });
    const recent = ["/api/sign-images/0123456789abcdef0123456789abcdef/personal_3.webp", url(11)];
    expect((await patch(user.token, { recentSigns: recent })).json).toEqual({ standardSignSize: 0.1, recentSigns: recent });
    expect((await patch(user.token, { standardSignSize: null })).json).toEqual({ standardSignSize: null, recentSigns: recent });
    expect((await patch(user.token, {})).json).toEqual({ standardSignSize: null, recentSigns: recent });
    expect((await patch(user.token, { standardSignSize: 10 })).json.standardSignSize).toBe(10);
    expect((await as(user.token, settings.GET)).json).toEqual({ standardSignSize: 10, recentSigns: recent });
  });

  it("keeps the newest 24 recent signs, each once", async () => {
    const user = await createUser();
    const sent = [url(1), url(2), url(1), ...Array.from({ length: 30 }, (_, i) => url(100 + i))];
    const { json } = await patch(user.token, { recentSigns: sent });
    expect(json.recentSigns).toHaveLength(24);
    expect(json.recentSigns.slice(0, 3)).toEqual([url(1), url(2), url(100)]);
  });

  const invalid: [string, unknown, string][] = [
    ["a size below 0.1 m", { standardSignSize: 0.05 }, "Standardstørrelsen skal være mellem 0.1 og 10 meter, eller tom."],
    ["a size above 10 m", { standardSignSize: 10.5 }, "Standardstørrelsen skal være mellem 0.1 og 10 meter, eller tom."],
    ["a size as text", { standardSignSize: "2" }, "Standardstørrelsen skal være mellem 0.1 og 10 meter, eller tom."],
    ["a recent sign with an empty last segment", { recentSigns: ["/signs/dk/A/"] }, "Listen over senest brugte skilte er ugyldig."],
    ["a recent sign that is no URL", { recentSigns: ["javascript:alert(1)"] }, "Listen over senest brugte skilte er ugyldig."],
    ["recent signs that are no list", { recentSigns: "/signs/dk/A/A11.webp" }, "Listen over senest brugte skilte er ugyldig."],
  ];
  for (const [name, body, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const user = await createUser();
      await patch(user.token, { standardSignSize: 2, recentSigns: [url(1)] });
      expect(await patch(user.token, body)).toMatchObject({ status: 400, json: { message } });
      expect((await as(user.token, settings.GET)).json).toEqual({ standardSignSize: 2, recentSigns: [url(1)] });
    });
  }

  it("refuses a body that is not JSON", async () => {
    const user = await createUser();
    expect((await as(user.token, settings.PATCH, { method: "PATCH", body: "{nope" })).status).toBe(400);
  });
});
