import { describe, expect, it } from "vitest";
import * as lists from "@/app/api/custom-lists/route";
import * as list from "@/app/api/custom-lists/[id]/route";
import { getDb } from "@/server/db";
import {
  CUSTOM_LIST_COMMENT_MAX,
  CUSTOM_LIST_COUNT_MAX,
  CUSTOM_LIST_MAX_SIGNS,
  CUSTOM_LIST_NAME_MAX,
  CUSTOM_LIST_SIGN_NAME_MAX,
  CUSTOM_LIST_SIGN_VALUE_MAX,
  MAX_CUSTOM_LISTS,
} from "@/lib/schemas/custom-lists";
import da from "@messages/da.json";
import sv from "@messages/sv.json";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

// Sign lists (spec 2-content §3 "Sign list", §4, §5, §7): GET/POST /custom-lists, GET/PUT/DELETE
// /custom-lists/{id}, only the owner's.

const a11 = { imageUrl: "/signs/dk/A/A11.webp", name: "A 11 Farligt vejsving til højre", count: 2 };
const c55 = { imageUrl: "/signs/dk/C/C55.webp", name: "C 55 Lokal hastighedsbegrænsning", count: 4, comment: "På stander", value: "30" };
const personal = { imageUrl: "/api/sign-images/0123456789abcdef0123456789abcdef/personal_3.webp", name: "Vores skilt", count: 1 };

const create = (token: string, body: unknown, site?: string) => as(token, lists.POST, { method: "POST", body, site });
const get = (token: string, id: number | string) => as(token, list.GET, { params: { id: String(id) } });
const put = (token: string, id: number | string, body: unknown, site?: string) =>
  as(token, list.PUT, { method: "PUT", params: { id: String(id) }, body, site });
const remove = (token: string, id: number | string) => as(token, list.DELETE, { method: "DELETE", params: { id: String(id) } });

describe("POST /custom-lists", () => {
  it("creates an empty list, answering 201 with its name and no signs", async () => {
    const user = await createUser();
    const { status, json } = await create(user.token, { name: "  Algade etape 1  " });
    expect(status).toBe(201);
    expect(json).toMatchObject({ name: "Algade etape 1", signCount: 0, totalCount: 0, signs: [] });
    expect(json.id).toBeGreaterThan(0);
    expect(Date.parse(json.createdAt)).not.toBeNaN();
  });

  it("creates a list with signs, keeping their order, counts, comments and values", async () => {
    const user = await createUser();
    const { status, json } = await create(user.token, { name: "Nat", signs: [c55, a11, personal] });
    expect(status).toBe(201);
    expect(json.signs).toEqual([c55, { ...a11, comment: "" }, { ...personal, comment: "" }]);
    expect(json).toMatchObject({ signCount: 3, totalCount: 7 });
    expect((await get(user.token, json.id)).json.signs).toEqual(json.signs);
  });

  it(`refuses a user's list number ${MAX_CUSTOM_LISTS + 1}`, async () => {
    const user = await createUser();
    const db = await getDb();
    const now = new Date().toISOString();
    await db
      .insertInto("custom_lists")
      .values(Array.from({ length: MAX_CUSTOM_LISTS }, (_, i) => ({ owner_id: user.id, name: `L${i}`, created_at: now, updated_at: now })))
      .execute();
    expect(await create(user.token, { name: "En for meget" })).toMatchObject({
      status: 400,
      json: { message: `Du kan højst have ${MAX_CUSTOM_LISTS} skiltelister. Slet en liste, du ikke bruger længere.` },
    });
  });

  it("answers 401 without a token", async () => {
    expect((await as(null, lists.POST, { method: "POST", body: { name: "x" } })).status).toBe(401);
    expect((await as(null, lists.GET)).status).toBe(401);
  });
});

describe("validation of a list's name and signs", () => {
  const cases: [string, unknown, string][] = [
    ["no name", {}, "Skriv et navn til listen."],
    ["a blank name", { name: "   " }, "Skriv et navn til listen."],
    ["a name that is no text", { name: 12 }, "Skriv et navn til listen."],
    [
      `a name of ${CUSTOM_LIST_NAME_MAX + 1} characters`,
      { name: "x".repeat(CUSTOM_LIST_NAME_MAX + 1) },
      "Listens navn må højst være 100 tegn.",
    ],
    ["signs that are no list", { name: "L", signs: a11 }, "Listens skilte er ugyldige."],
    [
      `${CUSTOM_LIST_MAX_SIGNS + 1} signs`,
      { name: "L", signs: Array.from({ length: CUSTOM_LIST_MAX_SIGNS + 1 }, () => a11) },
      "En liste kan højst have 300 skilte.",
    ],
    ["a count of 0", { name: "L", signs: [{ ...a11, count: 0 }] }, "Antal skal være et helt tal mellem 1 og 9999."],
    [
      `a count of ${CUSTOM_LIST_COUNT_MAX + 1}`,
      { name: "L", signs: [{ ...a11, count: CUSTOM_LIST_COUNT_MAX + 1 }] },
      "Antal skal være et helt tal mellem 1 og 9999.",
    ],
    ["a count of 1.5", { name: "L", signs: [{ ...a11, count: 1.5 }] }, "Antal skal være et helt tal mellem 1 og 9999."],
    ["a count as text", { name: "L", signs: [{ ...a11, count: "2" }] }, "Antal skal være et helt tal mellem 1 og 9999."],
    [
      "a sign without a count",
      { name: "L", signs: [{ imageUrl: a11.imageUrl, name: a11.name }] },
      "Antal skal være et helt tal mellem 1 og 9999.",
    ],
    [
      `a comment of ${CUSTOM_LIST_COMMENT_MAX + 1} characters`,
      { name: "L", signs: [{ ...a11, comment: "x".repeat(CUSTOM_LIST_COMMENT_MAX + 1) }] },
      "Kommentaren må højst være 500 tegn.",
    ],
    ["a sign without a name", { name: "L", signs: [{ ...a11, name: " " }] }, "Skiltets navn skal være mellem 1 og 200 tegn."],
    [
      `a sign name of ${CUSTOM_LIST_SIGN_NAME_MAX + 1} characters`,
      { name: "L", signs: [{ ...a11, name: "x".repeat(CUSTOM_LIST_SIGN_NAME_MAX + 1) }] },
      "Skiltets navn skal være mellem 1 og 200 tegn.",
    ],
    [
      `a value of ${CUSTOM_LIST_SIGN_VALUE_MAX + 1} characters`,
      { name: "L", signs: [{ ...c55, value: "9".repeat(CUSTOM_LIST_SIGN_VALUE_MAX + 1) }] },
      "Værdien på skiltet må højst være 60 tegn.",
    ],
  ];
  const badImages = [
    "/signs/dk/A/", // 'Invalid image URL format': the last path segment is empty
    "https://example.com/signs/dk/A/A11.webp", // another host
    "//example.com/signs/A11.webp",
    "javascript:alert(1)",
    "/api/project/1",
    "/signs/../api/x.webp",
    "",
    // Percent-encoded dot segments: a browser's fetch() resolves "/signs/%2e%2e/api/…" to "/api/…".
    "/signs/%2e%2e/api/project.webp",
    "/signs/dk/%2E%2E/%2e%2e/api/account.svg",
    "/signs/dk/A/..%2f..%2fapi.webp",
    "/api/sign-images/0123456789abcdef0123456789abcdef/%2e%2e%2f%2e%2e%2fproject",
    "/signs/dk/A/A11.webp?x=../../api",
    // Of the catalogue's form, but no catalogue has it (an unknown sign, a sign in another folder).
    "/signs/dk/A/A9999.webp",
    "/signs/dk/C/A11.webp",
  ];
  for (const imageUrl of badImages)
    cases.push([
      `the image URL ${JSON.stringify(imageUrl)}`,
      { name: "L", signs: [{ ...a11, imageUrl }] },
      "Skiltets billede skal være et skilt fra kataloget eller et uploadet skilt.",
    ]);

  for (const [what, body, message] of cases) {
    it(`POST and PUT refuse ${what} with a Danish message, and change nothing`, async () => {
      const user = await createUser();
      expect(await create(user.token, body)).toMatchObject({ status: 400, json: { message } });
      expect((await as(user.token, lists.GET)).json).toEqual([]);
      const made = (await create(user.token, { name: "Før", signs: [a11] })).json;
      // PUT names what it changes: the signs, or else the name (a PUT without a name keeps the old one).
      const { name, signs } = body as { name?: unknown; signs?: unknown };
      const update = signs !== undefined ? { signs } : { name: name ?? null };
      expect(await put(user.token, made.id, update)).toMatchObject({ status: 400, json: { message } });
      expect((await get(user.token, made.id)).json).toMatchObject({ name: "Før", signs: [{ ...a11, comment: "" }] });
    });
  }

  it("takes every catalogue's pictures (webp and svg) and uploaded signs' pictures", async () => {
    const user = await createUser();
    const signs = [
      "/signs/dk/A/A11.svg",
      "/signs/se/A/se-A1.webp",
      "/signs/sewer/LAR/drosselbrond.webp",
      "/api/sign-images/0123456789abcdef0123456789abcdef/organisation_4.webp",
    ].map((imageUrl) => ({ imageUrl, name: "S", count: 1, comment: "" }));
    const { status, json } = await create(user.token, { name: "Alle slags", signs });
    expect(status).toBe(201);
    expect((await get(user.token, json.id)).json.signs).toEqual(signs);
  });

  it("refuses an image URL in Swedish on the Swedish site, naming the field", async () => {
    const user = await createUser({ site: "ta-planen" });
    for (const imageUrl of ["/signs/%2e%2e/api/x.webp", "/signs/se/A/se-A9999.webp"])
      expect(await create(user.token, { name: "L", signs: [a11, { ...a11, imageUrl }] }, "ta-planen")).toMatchObject({
        status: 400,
        json: { message: "Skyltens bild måste vara en skylt från katalogen eller en uppladdad skylt.", field: "signs.1.imageUrl" },
      });
  });

  it("answers the Swedish site in Swedish", async () => {
    const user = await createUser({ site: "ta-planen" });
    expect(await create(user.token, { name: "" }, "ta-planen")).toMatchObject({
      status: 400,
      json: { message: "Ange ett namn på listan." },
    });
    expect(await create(user.token, { name: "L", signs: [{ ...a11, count: 0 }] }, "ta-planen")).toMatchObject({
      status: 400,
      json: { message: "Antalet ska vara ett heltal mellan 1 och 9999." },
    });
    expect(await put(user.token, 999_999, { name: "x" }, "ta-planen")).toMatchObject({
      status: 404,
      json: { message: "Listan finns inte." },
    });
  });

  it("names the limits the constants hold, in both languages", () => {
    for (const messages of [da, sv]) {
      expect(messages.validation.customListNameTooLong).toContain(String(CUSTOM_LIST_NAME_MAX));
      expect(messages.validation.customListTooManySigns).toContain(String(CUSTOM_LIST_MAX_SIGNS));
      expect(messages.validation.customListSignCount).toContain(String(CUSTOM_LIST_COUNT_MAX));
      expect(messages.validation.customListComment).toContain(String(CUSTOM_LIST_COMMENT_MAX));
      expect(messages.validation.customListSignName).toContain(String(CUSTOM_LIST_SIGN_NAME_MAX));
      expect(messages.validation.customListSignValue).toContain(String(CUSTOM_LIST_SIGN_VALUE_MAX));
    }
  });
});

describe("GET /custom-lists", () => {
  it("answers the caller's lists with their sign counts, the last changed first", async () => {
    const user = await createUser();
    const first = (await create(user.token, { name: "Første", signs: [a11, c55] })).json;
    const second = (await create(user.token, { name: "Anden" })).json;
    const listed = await as(user.token, lists.GET);
    expect(listed.status).toBe(200);
    let json = listed.json;
    expect(json).toEqual([
      { id: second.id, name: "Anden", signCount: 0, totalCount: 0, createdAt: second.createdAt, updatedAt: second.updatedAt },
      { id: first.id, name: "Første", signCount: 2, totalCount: 6, createdAt: first.createdAt, updatedAt: first.updatedAt },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await put(user.token, first.id, { signs: [{ ...a11, count: 10 }] });
    ({ json } = await as(user.token, lists.GET));
    expect(json.map((l: { name: string; signCount: number; totalCount: number }) => [l.name, l.signCount, l.totalCount])).toEqual([
      ["Første", 1, 10],
      ["Anden", 0, 0],
    ]);
  });
});

describe("GET /custom-lists/{id}", () => {
  it("answers 404 for a list that does not exist, and 400 for an id that is no id", async () => {
    const user = await createUser();
    expect(await get(user.token, 999_999)).toMatchObject({ status: 404, json: { message: "Listen findes ikke." } });
    expect((await get(user.token, "abc")).status).toBe(400);
    expect((await get(user.token, "0x10")).status).toBe(400);
  });
});

describe("PUT /custom-lists/{id}", () => {
  it("renames the list and keeps its signs", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "Gammelt navn", signs: [a11] })).json;
    const { status, json } = await put(user.token, made.id, { name: "Nyt navn" });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: made.id, name: "Nyt navn", signs: [{ ...a11, comment: "" }] });
    expect(json.updatedAt >= made.updatedAt).toBe(true);
  });

  it("replaces the signs: a changed count and comment, a sign added, a sign removed, a new order", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "L", signs: [a11, c55] })).json;
    const signs = [
      { ...c55, count: 12, comment: "6 på fod, 6 på stander" },
      { ...personal, comment: "  " },
    ];
    const { json } = await put(user.token, made.id, { signs });
    expect(json).toMatchObject({ name: "L", signCount: 2, totalCount: 13 });
    expect(json.signs).toEqual([signs[0], { ...personal, comment: "" }]);
    expect((await get(user.token, made.id)).json.signs).toEqual(json.signs);
  });

  it("empties the list with an empty list of signs, and keeps everything for an empty body", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "L", signs: [a11] })).json;
    expect((await put(user.token, made.id, {})).json).toMatchObject({ name: "L", signCount: 1 });
    expect((await put(user.token, made.id, { signs: [] })).json).toMatchObject({ name: "L", signCount: 0, signs: [] });
  });

  it("keeps both lists whole when two changes of a list arrive together", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "L" })).json;
    const one = Array.from({ length: 40 }, (_, i) => ({ ...a11, count: i + 1 }));
    const two = Array.from({ length: 30 }, (_, i) => ({ ...c55, count: i + 1 }));
    const answers = await Promise.all([put(user.token, made.id, { signs: one }), put(user.token, made.id, { signs: two })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const { signs } = (await get(user.token, made.id)).json;
    expect([40, 30]).toContain(signs.length);
    expect(new Set(signs.map((s: { imageUrl: string }) => s.imageUrl)).size).toBe(1);
  });
});

describe("DELETE /custom-lists/{id}", () => {
  it("deletes the list and its signs", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "L", signs: [a11, c55] })).json;
    expect(await remove(user.token, made.id)).toEqual({ status: 200, json: { id: made.id, deleted: true } });
    expect((await get(user.token, made.id)).status).toBe(404);
    expect((await remove(user.token, made.id)).status).toBe(404);
    expect((await as(user.token, lists.GET)).json).toEqual([]);
    const db = await getDb();
    expect(await db.selectFrom("custom_list_signs").select("id").where("list_id", "=", made.id).execute()).toEqual([]);
  });

  it("goes with the account", async () => {
    const user = await createUser();
    const made = (await create(user.token, { name: "L", signs: [a11] })).json;
    const db = await getDb();
    await db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await db.selectFrom("custom_lists").select("id").where("id", "=", made.id).execute()).toEqual([]);
    expect(await db.selectFrom("custom_list_signs").select("id").where("list_id", "=", made.id).execute()).toEqual([]);
  });
});

describe("only the owner's lists", () => {
  it("user B cannot see, read, change or delete user A's list: every call answers 404 and A's list is unchanged", async () => {
    const a = await createUser();
    const b = await createUser();
    const made = (await create(a.token, { name: "A's liste", signs: [a11] })).json;

    expect((await as(b.token, lists.GET)).json).toEqual([]);
    expect(await get(b.token, made.id)).toMatchObject({ status: 404, json: { message: "Listen findes ikke." } });
    expect(await put(b.token, made.id, { name: "B's nu" })).toMatchObject({ status: 404, json: { message: "Listen findes ikke." } });
    expect((await put(b.token, made.id, { signs: [] })).status).toBe(404);
    expect(await remove(b.token, made.id)).toMatchObject({ status: 404, json: { message: "Listen findes ikke." } });

    expect((await get(a.token, made.id)).json).toMatchObject({ name: "A's liste", signs: [{ ...a11, comment: "" }] });
    expect((await as(a.token, lists.GET)).json.map((l: { id: number }) => l.id)).toEqual([made.id]);
  });

  it("is not shared with the owner's organisation", async () => {
    const { createOrganisation } = await import("../../support/users");
    const owner = await createUser();
    const member = await createUser();
    await createOrganisation(owner.id, [member.id]);
    const made = (await create(owner.token, { name: "Ejerens liste" })).json;
    expect((await get(member.token, made.id)).status).toBe(404);
    expect((await as(member.token, lists.GET)).json).toEqual([]);
  });

  it("refuses a user whose e-mail is not confirmed (403)", async () => {
    const user = await createUser({ verified: false });
    expect((await as(user.token, lists.GET)).status).toBe(403);
    expect((await create(user.token, { name: "L" })).status).toBe(403);
  });
});
