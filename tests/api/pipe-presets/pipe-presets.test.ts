import { describe, expect, it } from "vitest";
import * as presets from "@/app/api/pipe-presets/route";
import * as preset from "@/app/api/pipe-presets/[id]/route";
import { elementFieldSchema } from "@/lib/elements/common";
import { pipeSchema } from "@/lib/elements/pipe";
import { MAX_PIPE_PRESETS, PIPE_PRESET_NAME_MAX, PIPE_PRESET_TEXT_MAX, pipePresetNameKey } from "@/lib/schemas/pipe-presets";
import { getDb } from "@/server/db";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import { as } from "../../support/api";
import { callRoute } from "../../support/route";
import { createOrganisation, createUser } from "../../support/users";

// Pipe presets (spec 2-content §3 "Pipe preset", §7, §8): GET/POST /pipe-presets, PUT/DELETE
// /pipe-presets/{id}, only the owner's.

const SEWER = "kloakplanen";
const SWEDISH = "ta-planen";

const foul = {
  name: "Spildevand 110 PP",
  colour: "#c62828",
  widthMm: 110,
  dashPattern: "solid",
  textAbove: "110 PP",
  textBelow: "20 ‰",
  dimension: 110,
  material: "PP",
  fallPerMille: 20,
  waterKind: "spildevand",
};
const rain = { name: "Regnvand", colour: "#1565c0", widthMm: 160, dashPattern: "standard" };

const list = (token: string, site = SEWER) => as(token, presets.GET, { site });
const create = (token: string, body: unknown, site = SEWER) => as(token, presets.POST, { method: "POST", body, site });
const put = (token: string, id: string | number, body: unknown, site = SEWER) =>
  as(token, preset.PUT, { method: "PUT", params: { id: String(id) }, body, site });
const remove = (token: string, id: string | number, site = SEWER) =>
  as(token, preset.DELETE, { method: "DELETE", params: { id: String(id) }, site });

const NOT_FOUND = { da: "Rørtypen findes ikke.", sv: "Rörtypen finns inte." };

describe("POST /pipe-presets", () => {
  it("creates a preset with every field, answering 201 with it as stored", async () => {
    const user = await createUser({ site: SEWER });
    const { status, json } = await create(user.token, { ...foul, name: "  Spildevand 110 PP  ", material: " PP " });
    expect(status).toBe(201);
    expect(json).toEqual({ ...foul, id: expect.stringMatching(/^[1-9][0-9]*$/), createdAt: expect.any(String), updatedAt: json.createdAt });
    expect(Date.parse(json.createdAt)).not.toBeNaN();
    expect((await list(user.token)).json).toEqual([json]);
  });

  it("keeps a fractional width and fall exactly (no single-precision rounding on PostgreSQL)", async () => {
    const user = await createUser({ site: SEWER });
    const { json } = await create(user.token, { ...rain, widthMm: 0.55, fallPerMille: 2.3 });
    expect(json).toMatchObject({ widthMm: 0.55, fallPerMille: 2.3 });
    expect((await list(user.token)).json[0]).toMatchObject({ widthMm: 0.55, fallPerMille: 2.3 });
  });

  it("creates a preset of the specification's six fields alone: empty texts, no pipe data, and a blank material is none", async () => {
    const user = await createUser({ site: SEWER });
    const { status, json } = await create(user.token, { ...rain, material: "  " });
    expect(status).toBe(201);
    expect(json).toEqual({ ...rain, textAbove: "", textBelow: "", id: json.id, createdAt: json.createdAt, updatedAt: json.updatedAt });
  });

  it("refuses a name the user already has, whatever its case, with 409 in the user's language", async () => {
    const user = await createUser({ site: SEWER });
    await create(user.token, { ...foul, name: "Rør Ø110 Æble" });
    expect(await create(user.token, { ...rain, name: "rør ø110 æble" })).toEqual({
      status: 409,
      json: { message: "Du har allerede en rørtype med det navn. Vælg et andet navn." },
    });
    expect(await create(user.token, { ...rain, name: " RØR Ø110 ÆBLE " }, SWEDISH)).toEqual({
      status: 409,
      json: { message: "Du har redan en rörtyp med det namnet. Välj ett annat namn." },
    });
    expect((await list(user.token)).json.map((p: { name: string }) => p.name)).toEqual(["Rør Ø110 Æble"]);
    // Another user may use the same name.
    const other = await createUser({ site: SEWER });
    expect((await create(other.token, { ...rain, name: "Rør Ø110 Æble" })).status).toBe(201);
  });

  it("refuses a name that only looks different: full-width letters, no-break, ideographic and zero-width spaces, a joiner", async () => {
    const user = await createUser({ site: SEWER });
    await create(user.token, { ...foul, name: "PVC 110 Å" });
    const lookalikes = [
      "ＰＶＣ １１０ Å", // full-width letters and digits
      "PVC\u00a0110 Å", // no-break space
      "PVC\u3000110 Å", // ideographic space
      "PVC 1\u200b10 Å", // zero-width space inside
      "\u200bPVC 110 Å\u200d", // zero-width space and joiner at the ends, which trim() keeps
      "PVC  110 \u2060Å", // two spaces, a word joiner
      "pvc 110 A\u030a", // A and a combining ring: Å decomposed
    ];
    for (const name of lookalikes) {
      expect(await create(user.token, { ...rain, name }), JSON.stringify(name)).toEqual({
        status: 409,
        json: { message: "Du har allerede en rørtype med det navn. Vælg et andet navn." },
      });
    }
    expect(await create(user.token, { ...rain, name: "ＰＶＣ １１０ Å" }, SWEDISH)).toEqual({
      status: 409,
      json: { message: "Du har redan en rörtyp med det namnet. Välj ett annat namn." },
    });
    expect((await list(user.token)).json.map((p: { name: string }) => p.name)).toEqual(["PVC 110 Å"]);
  });

  it("refuses a name like one saved before names were folded this far (its stored key is the older one)", async () => {
    const user = await createUser({ site: SEWER });
    const db = await getDb();
    const now = new Date().toISOString();
    // Saved when the key only trimmed, composed (NFC) and lower-cased: full-width letters stayed in it.
    await db
      .insertInto("pipe_presets")
      .values({
        user_id: user.id,
        name: "ＰＶＣ",
        name_key: "ｐｖｃ",
        colour: "#000000",
        width_mm: 110,
        dash_pattern: "solid",
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await create(user.token, { ...rain, name: "PVC" })).status).toBe(409);
    expect((await list(user.token)).json.map((p: { name: string }) => p.name)).toEqual(["ＰＶＣ"]);
  });

  it("keeps one preset when the same name is saved several times at once", async () => {
    const user = await createUser({ site: SEWER });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => create(user.token, { ...rain, name: i % 2 ? "Dræn" : "dræn" })));
    // Enough at once that some pass the name check before any insert: the unique index then refuses them.
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array.from({ length: 19 }, () => 409)]);
    expect((await list(user.token)).json).toHaveLength(1);
  });

  it(`refuses a user's preset number ${MAX_PIPE_PRESETS + 1}, naming the limit, in Danish and Swedish`, async () => {
    const user = await createUser({ site: SEWER });
    const db = await getDb();
    const now = new Date().toISOString();
    await db
      .insertInto("pipe_presets")
      .values(
        Array.from({ length: MAX_PIPE_PRESETS - 1 }, (_, i) => ({
          user_id: user.id,
          name: `P${i}`,
          name_key: pipePresetNameKey(`P${i}`),
          colour: "#000000",
          width_mm: 110,
          dash_pattern: "solid" as const,
          dimension: null,
          material: null,
          fall_per_mille: null,
          water_kind: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect((await create(user.token, rain)).status).toBe(201); // number MAX_PIPE_PRESETS
    expect(await create(user.token, { ...rain, name: "En for meget" })).toEqual({
      status: 400,
      json: { message: `Du kan højst have ${MAX_PIPE_PRESETS} rørtyper. Slet en rørtype, du ikke bruger længere.` },
    });
    expect(await create(user.token, { ...rain, name: "En for meget" }, SWEDISH)).toEqual({
      status: 400,
      json: { message: `Du kan ha högst ${MAX_PIPE_PRESETS} rörtyper. Radera en rörtyp som du inte längre använder.` },
    });
    expect((await list(user.token)).json).toHaveLength(MAX_PIPE_PRESETS);
    // Changing one of them is no new preset.
    const last = (await list(user.token)).json.find((p: { name: string }) => p.name === rain.name);
    expect((await put(user.token, last.id, { ...rain, colour: "#000" })).status).toBe(200);
  });

  it("refuses a body that is not JSON, or not an object, or has a field it does not know", async () => {
    const user = await createUser({ site: SEWER });
    expect(await create(user.token, "{nope")).toEqual({ status: 400, json: { message: "Forespørgslen er ikke gyldig JSON." } });
    expect(await create(user.token, "{nope", SWEDISH)).toEqual({ status: 400, json: { message: "Förfrågan är inte giltig JSON." } });
    expect((await create(user.token, [rain])).status).toBe(400);
    expect((await create(user.token, { ...rain, presetId: "7" })).status).toBe(400);
    expect((await list(user.token)).json).toEqual([]);
  });

  it("answers 401 without a token, and 403 to a user whose e-mail is not confirmed", async () => {
    expect((await as(null, presets.GET, { site: SEWER })).status).toBe(401);
    expect((await as(null, presets.POST, { method: "POST", body: rain, site: SEWER })).status).toBe(401);
    expect((await as(null, preset.PUT, { method: "PUT", params: { id: "1" }, body: rain, site: SEWER })).status).toBe(401);
    expect((await as(null, preset.DELETE, { method: "DELETE", params: { id: "1" }, site: SEWER })).status).toBe(401);
    const unverified = await createUser({ site: SEWER, verified: false });
    expect((await list(unverified.token)).status).toBe(403);
    expect((await create(unverified.token, rain)).status).toBe(403);
  });
});

describe("validation of a preset", () => {
  const textsOf = (message: string) => ({
    da: da.validation[message as keyof typeof da.validation],
    sv: sv.validation[message as keyof typeof sv.validation],
  });
  // [what, body, message key]; each text is checked word for word below, in both languages.
  const cases: [string, Record<string, unknown>, string][] = [
    ["no name", { ...rain, name: undefined }, "pipePresetNameRequired"],
    ["a blank name", { ...rain, name: "   " }, "pipePresetNameRequired"],
    ["a name of invisible characters alone", { ...rain, name: "\u200b\u200d\u2060" }, "pipePresetNameRequired"],
    ["a name that is no text", { ...rain, name: 12 }, "pipePresetNameRequired"],
    [`a name of ${PIPE_PRESET_NAME_MAX + 1} characters`, { ...rain, name: "x".repeat(PIPE_PRESET_NAME_MAX + 1) }, "pipePresetNameTooLong"],
    ["no colour", { ...rain, colour: undefined }, "pipeColour"],
    ["a colour by name", { ...rain, colour: "red" }, "pipeColour"],
    ["a colour of five digits", { ...rain, colour: "#12345" }, "pipeColour"],
    ["no width", { ...rain, widthMm: undefined }, "pipePresetWidth"],
    ["a width of 0", { ...rain, widthMm: 0 }, "pipePresetWidth"],
    ["a negative width", { ...rain, widthMm: -110 }, "pipePresetWidth"],
    ["a width above 5000 mm", { ...rain, widthMm: 5000.5 }, "pipePresetWidth"],
    ["a width as text", { ...rain, widthMm: "110" }, "pipePresetWidth"],
    ["no dash pattern", { ...rain, dashPattern: undefined }, "pipeDashPattern"],
    ["an unknown dash pattern", { ...rain, dashPattern: "dotted" }, "pipeDashPattern"],
    [
      `a text above of ${PIPE_PRESET_TEXT_MAX + 1} characters`,
      { ...rain, textAbove: "x".repeat(PIPE_PRESET_TEXT_MAX + 1) },
      "pipePresetTextTooLong",
    ],
    [
      `a text below of ${PIPE_PRESET_TEXT_MAX + 1} characters`,
      { ...rain, textBelow: "x".repeat(PIPE_PRESET_TEXT_MAX + 1) },
      "pipePresetTextTooLong",
    ],
    ["a dimension of 0", { ...rain, dimension: 0 }, "pipeDimension"],
    ["a dimension of 110.5", { ...rain, dimension: 110.5 }, "pipeDimension"],
    ["a dimension above 5000", { ...rain, dimension: 5001 }, "pipeDimension"],
    ["a dimension as text", { ...rain, dimension: "110" }, "pipeDimension"],
    ["a material of 41 characters", { ...rain, material: "x".repeat(41) }, "pipeMaterial"],
    ["a material that is no text", { ...rain, material: 7 }, "pipeMaterial"],
    ["a negative fall", { ...rain, fallPerMille: -1 }, "pipeFall"],
    ["a fall above 1000 ‰", { ...rain, fallPerMille: 1000.5 }, "pipeFall"],
    ["an unknown kind of water", { ...rain, waterKind: "kloak" }, "pipeWaterKind"],
  ];

  for (const [what, body, key] of cases) {
    it(`POST and PUT refuse ${what} (${key}) in Danish and Swedish, and change nothing`, async () => {
      const texts = textsOf(key);
      expect(texts.da && texts.sv, key).toBeTruthy();
      const user = await createUser({ site: SEWER });
      expect(await create(user.token, body)).toMatchObject({ status: 400, json: { message: texts.da } });
      expect(await create(user.token, body, SWEDISH)).toMatchObject({ status: 400, json: { message: texts.sv } });
      expect((await list(user.token)).json).toEqual([]);
      const made = (await create(user.token, foul)).json;
      expect(await put(user.token, made.id, body)).toMatchObject({ status: 400, json: { message: texts.da } });
      expect(await put(user.token, made.id, body, SWEDISH)).toMatchObject({ status: 400, json: { message: texts.sv } });
      expect((await list(user.token)).json).toEqual([made]);
    });
  }

  it("accepts every value at its limit", async () => {
    const user = await createUser({ site: SEWER });
    const body = {
      name: "x".repeat(PIPE_PRESET_NAME_MAX),
      colour: "#ABC",
      widthMm: 5000,
      dashPattern: "long-long-short",
      textAbove: "x".repeat(PIPE_PRESET_TEXT_MAX),
      textBelow: "y".repeat(PIPE_PRESET_TEXT_MAX),
      dimension: 5000,
      material: "m".repeat(40),
      fallPerMille: 1000,
      waterKind: "draen",
    };
    const { status, json } = await create(user.token, body);
    expect(status).toBe(201);
    expect(json).toMatchObject(body);
    expect((await create(user.token, { ...rain, widthMm: 0.01, dimension: 1, fallPerMille: 0 })).status).toBe(201);
  });

  it("names the limits the constants and the pipe kind hold, in both languages", () => {
    // The bounds a drawn pipe has (src/lib/elements/pipe.ts), which the texts name.
    const accepts = (field: string, value: unknown) => elementFieldSchema(pipeSchema, field)!.safeParse(value).success;
    expect([accepts("widthMm", 5000), accepts("widthMm", 5000.001)]).toEqual([true, false]);
    expect([accepts("dimension", 5000), accepts("dimension", 5001)]).toEqual([true, false]);
    expect([accepts("material", "m".repeat(40)), accepts("material", "m".repeat(41))]).toEqual([true, false]);
    expect([accepts("fallPerMille", 1000), accepts("fallPerMille", 1000.001)]).toEqual([true, false]);
    for (const messages of [da, sv]) {
      expect(messages.validation.pipePresetNameTooLong).toContain(String(PIPE_PRESET_NAME_MAX));
      expect(messages.validation.pipePresetTextTooLong).toContain(String(PIPE_PRESET_TEXT_MAX));
      expect(messages.validation.pipePresetWidth).toContain("5000 mm");
      expect(messages.validation.pipeDimension).toContain("5000");
      expect(messages.validation.pipeMaterial).toContain("40");
      expect(messages.validation.pipeFall).toContain("1000 ‰");
      expect(messages.validation.pipePresetLimit).toContain("{max}");
    }
  });
});

describe("GET /pipe-presets", () => {
  it("answers the caller's presets by name in Danish order (æ, ø, å after z; case ignored; numbers by value), uncached", async () => {
    const user = await createUser({ site: SEWER });
    const names = ["Åben rende", "Øst", "æble", "Zebra", "Beton 200", "beton 90", "Aalborg", "afløb"];
    for (const name of names) expect((await create(user.token, { ...rain, name })).status).toBe(201);
    const res = await list(user.token);
    expect(res.status).toBe(200);
    // Danish sorts "Aa" as "Å": Aalborg is Ålborg.
    expect(res.json.map((p: { name: string }) => p.name)).toEqual([
      "afløb",
      "beton 90",
      "Beton 200",
      "Zebra",
      "æble",
      "Øst",
      "Åben rende",
      "Aalborg",
    ]);
    const raw = await callRoute(presets.GET, {
      path: "/api/pipe-presets",
      site: SEWER,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(raw.headers.get("cache-control")).toBe("no-store");
  });

  it("answers an empty list to a user without presets", async () => {
    const user = await createUser({ site: SEWER });
    expect(await list(user.token)).toEqual({ status: 200, json: [] });
  });
});

describe("PUT /pipe-presets/{id}", () => {
  it("replaces the preset whole: fields left out are cleared, the name may change its case, updatedAt moves", async () => {
    const user = await createUser({ site: SEWER });
    const made = (await create(user.token, foul)).json;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = { name: "SPILDEVAND 110 PP", colour: "#000000", widthMm: 125, dashPattern: "long-short", textAbove: "ny" };
    const { status, json } = await put(user.token, made.id, changed);
    expect(status).toBe(200);
    expect(json).toEqual({ ...changed, textBelow: "", id: made.id, createdAt: made.createdAt, updatedAt: json.updatedAt });
    expect(json.updatedAt > made.updatedAt).toBe(true);
    expect((await list(user.token)).json).toEqual([json]);
  });

  it("refuses the name of another of the user's presets with 409, and changes nothing", async () => {
    const user = await createUser({ site: SEWER });
    const first = (await create(user.token, foul)).json;
    const second = (await create(user.token, rain)).json;
    expect(await put(user.token, second.id, { ...rain, name: foul.name.toUpperCase() })).toEqual({
      status: 409,
      json: { message: "Du har allerede en rørtype med det navn. Vælg et andet navn." },
    });
    expect(await put(user.token, second.id, { ...rain, name: `\u200b${foul.name.replace(/ /g, "\u00a0")}` })).toEqual({
      status: 409,
      json: { message: "Du har allerede en rørtype med det navn. Vælg et andet navn." },
    });
    expect((await list(user.token)).json).toEqual([second, first]);
  });

  it("answers 404 for a preset that does not exist, and 400 for an id that is no id", async () => {
    const user = await createUser({ site: SEWER });
    expect(await put(user.token, 999_999, rain)).toEqual({ status: 404, json: { message: NOT_FOUND.da } });
    expect(await put(user.token, 999_999, rain, SWEDISH)).toEqual({ status: 404, json: { message: NOT_FOUND.sv } });
    expect((await put(user.token, "abc", rain)).status).toBe(400);
    expect((await put(user.token, "0x10", rain)).status).toBe(400);
  });
});

describe("DELETE /pipe-presets/{id}", () => {
  it("deletes the preset with 204; a second delete is a 404, and its name is free again", async () => {
    const user = await createUser({ site: SEWER });
    const made = (await create(user.token, foul)).json;
    const kept = (await create(user.token, rain)).json;
    expect(await remove(user.token, made.id)).toEqual({ status: 204, json: null });
    expect((await list(user.token)).json).toEqual([kept]);
    expect(await remove(user.token, made.id)).toEqual({ status: 404, json: { message: NOT_FOUND.da } });
    expect((await create(user.token, foul)).status).toBe(201);
  });

  it("goes with the account", async () => {
    const user = await createUser({ site: SEWER });
    const made = (await create(user.token, foul)).json;
    const db = await getDb();
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await db.selectFrom("pipe_presets").select("id").where("id", "=", Number(made.id)).execute()).toEqual([]);
  });
});

describe("only the owner's presets", () => {
  it("another user cannot see, change or delete a user's preset: every call answers 404 and the preset is unchanged", async () => {
    const a = await createUser({ site: SEWER });
    const b = await createUser({ site: SEWER });
    const made = (await create(a.token, foul)).json;
    expect((await list(b.token)).json).toEqual([]);
    expect(await put(b.token, made.id, rain)).toEqual({ status: 404, json: { message: NOT_FOUND.da } });
    expect(await remove(b.token, made.id)).toEqual({ status: 404, json: { message: NOT_FOUND.da } });
    expect((await list(a.token)).json).toEqual([made]);
  });

  it("is not shared with the owner's organisation, whose owner and members get 404 too", async () => {
    const owner = await createUser({ site: SEWER });
    const member = await createUser({ site: SEWER });
    await createOrganisation(owner.id, [member.id]);
    const mine = (await create(member.token, foul)).json;
    const theirs = (await create(owner.token, rain)).json;
    expect((await list(owner.token)).json).toEqual([theirs]);
    expect((await list(member.token)).json).toEqual([mine]);
    expect((await put(owner.token, mine.id, rain)).status).toBe(404);
    expect((await remove(owner.token, mine.id)).status).toBe(404);
    expect((await put(member.token, theirs.id, foul)).status).toBe(404);
    expect((await remove(member.token, theirs.id)).status).toBe(404);
    expect((await list(member.token)).json).toEqual([mine]);
    expect((await list(owner.token)).json).toEqual([theirs]);
  });
});
