import { describe, expect, it } from "vitest";
import * as settings from "@/app/api/user-settings/route";
import { getDb } from "@/server/db";
import sv from "@messages/sv.json";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const patch = (token: string, body: unknown) => as(token, settings.PATCH, { method: "PATCH", body });
const url = (n: number) => `/signs/dk/A/A${n}.webp`;

describe("GET /user-settings", () => {
  it("answers the defaults before anything is saved: no standard size (it follows the zoom), no recent signs, no drawing styles, no water kinds' looks", async () => {
    const user = await createUser();
    expect(await as(user.token, settings.GET)).toEqual({
      status: 200,
      json: { standardSignSize: null, recentSigns: [], drawingStyles: {}, pipeWaterKinds: {} },
    });
  });
});

describe("PATCH /user-settings", () => {
  it("changes the fields it names, keeps the others, and answers the whole settings", async () => {
    const user = await createUser();
    expect((await patch(user.token, { standardSignSize: 0.1 })).json).toEqual({
      standardSignSize: 0.1,
      recentSigns: [],
      drawingStyles: {},
      pipeWaterKinds: {},
    });
    const recent = ["/api/sign-images/0123456789abcdef0123456789abcdef/personal_3.webp", url(11)];
    expect((await patch(user.token, { recentSigns: recent })).json).toEqual({
      standardSignSize: 0.1,
      recentSigns: recent,
      drawingStyles: {},
      pipeWaterKinds: {},
    });
    expect((await patch(user.token, { standardSignSize: null })).json).toEqual({
      standardSignSize: null,
      recentSigns: recent,
      drawingStyles: {},
      pipeWaterKinds: {},
    });
    expect((await patch(user.token, {})).json).toEqual({
      standardSignSize: null,
      recentSigns: recent,
      drawingStyles: {},
      pipeWaterKinds: {},
    });
    expect((await patch(user.token, { standardSignSize: 10 })).json.standardSignSize).toBe(10);
    expect((await as(user.token, settings.GET)).json).toEqual({
      standardSignSize: 10,
      recentSigns: recent,
      drawingStyles: {},
      pipeWaterKinds: {},
    });
  });

  it("keeps the newest 24 recent signs, each once", async () => {
    const user = await createUser();
    const sent = [url(1), url(2), url(1), ...Array.from({ length: 30 }, (_, i) => url(100 + i))];
    const { json } = await patch(user.token, { recentSigns: sent });
    expect(json.recentSigns).toHaveLength(24);
    expect(json.recentSigns.slice(0, 3)).toEqual([url(1), url(2), url(100)]);
  });

  const invalid: [string, unknown, string][] = [
    ["a size below 0.1 m", { standardSignSize: 0.05 }, "Standardstørrelsen skal være mellem 0,1 og 10 meter, eller tom."],
    ["a size above 10 m", { standardSignSize: 10.5 }, "Standardstørrelsen skal være mellem 0,1 og 10 meter, eller tom."],
    ["a size as text", { standardSignSize: "2" }, "Standardstørrelsen skal være mellem 0,1 og 10 meter, eller tom."],
    ["a recent sign with an empty last segment", { recentSigns: ["/signs/dk/A/"] }, "Listen over senest brugte skilte er ugyldig."],
    ["a recent sign that is no URL", { recentSigns: ["javascript:alert(1)"] }, "Listen over senest brugte skilte er ugyldig."],
    ["recent signs that are no list", { recentSigns: "/signs/dk/A/A11.webp" }, "Listen over senest brugte skilte er ugyldig."],
    ...[
      "https://example.com/signs/dk/A/A11.webp",
      "http://example.com/api/sign-images/0123456789abcdef0123456789abcdef/personal_3.webp",
      "//example.com/signs/dk/A/A11.webp",
      "/signs/%2e%2e/api/project.webp",
      "/api/project/1",
    ].map((foreign): [string, unknown, string] => [
      `a recent sign at ${foreign}`,
      { recentSigns: [url(2), foreign] },
      "Listen over senest brugte skilte er ugyldig.",
    ]),
  ];
  for (const [name, body, message] of invalid) {
    it(`refuses ${name} and changes nothing`, async () => {
      const user = await createUser();
      await patch(user.token, { standardSignSize: 2, recentSigns: [url(1)] });
      expect(await patch(user.token, body)).toMatchObject({ status: 400, json: { message } });
      expect((await as(user.token, settings.GET)).json).toEqual({
        standardSignSize: 2,
        recentSigns: [url(1)],
        drawingStyles: {},
        pipeWaterKinds: {},
      });
    });
  }

  it("keeps the other fields when drawing styles change, and the styles when the other fields change", async () => {
    const user = await createUser();
    await patch(user.token, { standardSignSize: 3, recentSigns: [url(1)] });
    const line = { colour: "#ff0000", width: 2.5 };
    expect((await patch(user.token, { drawingStyles: { line } })).json).toEqual({
      standardSignSize: 3,
      recentSigns: [url(1)],
      drawingStyles: { line },
      pipeWaterKinds: {},
    });
    expect((await patch(user.token, { standardSignSize: null })).json).toEqual({
      standardSignSize: null,
      recentSigns: [url(1)],
      drawingStyles: { line },
      pipeWaterKinds: {},
    });
  });

  it("refuses another host's recent sign in Swedish on the Swedish site", async () => {
    const user = await createUser();
    expect(
      await as(user.token, settings.PATCH, {
        method: "PATCH",
        site: "ta-planen",
        body: { recentSigns: ["https://example.com/signs/se/A/se-A1.webp"] },
      }),
    ).toMatchObject({ status: 400, json: { message: sv.validation.recentSignsInvalid } });
  });

  it("refuses drawing styles the kind's schema refuses, in the user's language, and changes nothing", async () => {
    const user = await createUser();
    const line = { colour: "#ff0000", width: 2.5 };
    await patch(user.token, { drawingStyles: { line } });
    const refused = await patch(user.token, { drawingStyles: { arrow: { width: 0.5 }, line: { colour: "#00ff00", width: 500 } } });
    expect(refused).toMatchObject({
      status: 400,
      json: { message: "Bredde skal være mellem 0.1 og 100 meter", field: "drawingStyles.line.width" },
    });
    expect((await as(user.token, settings.GET)).json.drawingStyles).toEqual({ line });
  });

  it("refuses a bad drawing style in Swedish on the Swedish site", async () => {
    const user = await createUser();
    const refused = await as(user.token, settings.PATCH, {
      method: "PATCH",
      site: "ta-planen",
      body: { drawingStyles: { line: { width: 0 } } },
    });
    expect(refused).toMatchObject({ status: 400, json: { message: "Bredden måste vara mellan 0,1 och 100 meter" } });
  });

  it("refuses a body that is not JSON", async () => {
    const user = await createUser();
    expect((await as(user.token, settings.PATCH, { method: "PATCH", body: "{nope" })).status).toBe(400);
  });
});

describe("GET /user-settings with recent signs saved before only our own were taken", () => {
  it("drops another host's URLs and keeps the rest of the list in its order", async () => {
    const user = await createUser();
    await patch(user.token, { standardSignSize: 2 });
    const own = [url(11), "/api/sign-images/0123456789abcdef0123456789abcdef/organisation_7.webp", url(12)];
    const db = await getDb();
    await db
      .updateTable("user_settings")
      .set({ recent_signs: JSON.stringify([own[0], "https://example.com/x/A11.webp", own[1], 42, "/signs/%2e%2e/api/x.webp", own[2]]) })
      .where("user_id", "=", user.id)
      .execute();
    expect((await as(user.token, settings.GET)).json).toMatchObject({ standardSignSize: 2, recentSigns: own });
    // The list the editor sends back with a new sign in front is taken.
    expect((await patch(user.token, { recentSigns: [url(13), ...own] })).json.recentSigns).toEqual([url(13), ...own]);
  });
});

describe("PATCH /user-settings drawingStyles", () => {
  it("replaces the style of each kind it names, keeps the kinds it does not name, and forgets a kind sent as null", async () => {
    const user = await createUser();
    const line = { colour: "#ff0000", width: 2.5 };
    const arrow = { colour: "#0000ff", width: 1, bothEnds: true };
    await patch(user.token, { drawingStyles: { line } });
    expect((await patch(user.token, { drawingStyles: { arrow } })).json.drawingStyles).toEqual({ line, arrow });
    // The dialog sends every field of a kind: a field it leaves out is gone.
    expect((await patch(user.token, { drawingStyles: { line: { width: 1 } } })).json.drawingStyles).toEqual({ line: { width: 1 }, arrow });
    expect((await patch(user.token, { drawingStyles: { line: null } })).json.drawingStyles).toEqual({ arrow });
    expect((await as(user.token, settings.GET)).json.drawingStyles).toEqual({ arrow });
  });

  it("keeps both when two tabs style different kinds at the same time", async () => {
    const user = await createUser();
    const kinds = ["line", "arrow", "wall", "guardrail", "workArea", "rectangle"] as const;
    // Every kind styled twice at once (a dozen tabs): none may be refused, however they interleave.
    const answers = await Promise.all(
      [...kinds, ...kinds].map((kind, i) =>
        patch(user.token, { drawingStyles: { [kind]: { colour: "#123456", width: (i % kinds.length) + 1 } } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([...kinds, ...kinds].map(() => 200));
    const stored = (await as(user.token, settings.GET)).json.drawingStyles;
    expect(Object.keys(stored).sort()).toEqual([...kinds].sort());
    kinds.forEach((kind, i) => expect(stored[kind]).toEqual({ colour: "#123456", width: i + 1 }));
  });

  it("keeps a field the kind does not know (a newer client's), as elements do", async () => {
    const user = await createUser();
    const { json } = await patch(user.token, { drawingStyles: { line: { width: 1, futureDash: "long" } } });
    expect(json.drawingStyles).toEqual({ line: { width: 1, futureDash: "long" } });
  });

  const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, i]));
  const invalid: [string, unknown, string][] = [
    ["an unknown kind", { spaceship: { width: 1 } }, "Den gemte tegnestil er ugyldig."],
    ["a style that is no object", { line: "red" }, "Den gemte tegnestil er ugyldig."],
    ["a style field holding an object", { line: { width: { metres: 1 } } }, "Den gemte tegnestil er ugyldig."],
    ["a text longer than 500 characters", { text: { label: "x".repeat(501) } }, "Den gemte tegnestil er ugyldig."],
    ["more than 20 fields for a kind", { line: tooMany }, "Den gemte tegnestil er ugyldig."],
    ["an element id as a style", { line: { id: "abc" } }, "Den gemte tegnestil er ugyldig."],
    ["drawing styles that are no object", "line", "Den gemte tegnestil er ugyldig."],
    ["a colour the kind refuses", { line: { colour: "red" } }, "Ugyldig værdi i feltet drawingStyles.line.colour."],
  ];
  for (const [name, drawingStyles, message] of invalid) {
    it(`refuses ${name} with a 400 and changes nothing`, async () => {
      const user = await createUser();
      await patch(user.token, { drawingStyles: { line: { width: 2 } } });
      expect(await patch(user.token, { drawingStyles })).toMatchObject({ status: 400, json: { message } });
      expect((await as(user.token, settings.GET)).json.drawingStyles).toEqual({ line: { width: 2 } });
    });
  }
});
