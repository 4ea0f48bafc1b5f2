/**
 * The sign catalogue in the admin area (issue 32): staff add a missing sign to one site's catalogue
 * (live at once through the public additions list, that site only), replace and reset a built-in
 * sign's artwork, and undo any change from the catalogue's history. Every change and undo writes its
 * audit row in its transaction; a refusal stores nothing and logs nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as adminSigns from "@/app/api/admin/signs/route";
import * as changes from "@/app/api/admin/signs/changes/route";
import * as undo from "@/app/api/admin/signs/changes/[changeId]/undo/route";
import * as adminArtwork from "@/app/api/admin/sign-artwork/[signId]/route";
import * as additions from "@/app/api/signs/catalogue-additions/route";
import * as artwork from "@/app/api/sign-artwork/route";
import * as images from "@/app/api/sign-images/[key]/[file]/route";
import { catalogueOf } from "@/lib/signs/catalogue";
import { getDb } from "@/server/db";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import {
  CLEAN_SVG,
  SCRIPT_SVG,
  fetchSignImage,
  jpeg,
  makeStaffAdmin,
  png,
  storedFileCount,
  text,
  uploadAs,
  type UploadFile,
} from "../signs/support";

let staff: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  staff = await createUser();
  await makeStaffAdmin(staff.id);
  customer = await createUser();
});

const svg = (): UploadFile => ({ bytes: text(CLEAN_SVG), name: "sign.svg", type: "image/svg+xml" });
/** Adds a sign as staff working on `site`: a clean SVG unless `file` says otherwise (null: no file at all). */
const add = (fields: Record<string, string>, file: UploadFile | null = svg(), site = "skilteplanen") =>
  uploadAs(staff.token, adminSigns.POST, { method: "POST", fields: { site: "skilteplanen", ...fields }, file: file ?? undefined, site });
const publicList = (site: string) => as(null, additions.GET, { query: `?site=${site}` });
const historyOf = (site: string) => as(staff.token, changes.GET, { query: `?site=${site}` });
const undoChange = (id: number, site = "skilteplanen") =>
  as(staff.token, undo.POST, { method: "POST", params: { changeId: String(id) }, site });
const search = (site: string, q: string) => as(staff.token, adminSigns.GET, { query: `?site=${site}&q=${encodeURIComponent(q)}` });

async function counts() {
  const db = await getDb();
  const n = async (table: "catalogue_signs" | "catalogue_changes" | "admin_audit_log" | "sign_artwork" | "sign_artwork_versions") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    signs: await n("catalogue_signs"),
    changes: await n("catalogue_changes"),
    audit: await n("admin_audit_log"),
    artwork: await n("sign_artwork"),
    versions: await n("sign_artwork_versions"),
    files: await storedFileCount(),
  };
}

async function auditOf(changeId: number) {
  const db = await getDb();
  return db
    .selectFrom("admin_audit_log")
    .select(["admin_id", "action", "before", "after"])
    .where("target_type", "=", "catalogue_change")
    .where("target_id", "=", changeId)
    .orderBy("id")
    .execute();
}

describe("POST /admin/signs: a missing sign added to one site's catalogue", () => {
  it("is live at once in that site's public list only, found by code, in the history and the audit log", async () => {
    const res = await add({ code: "X 901", name: "Midlertidig omkørsel", category: "temporary", height: "0,7", width: "0.5" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      code: "X 901",
      name: "Midlertidig omkørsel",
      category: "temporary",
      added: true,
      heightInMeters: 0.7,
    });
    expect(res.json.previewUrl).toMatch(/^\/api\/sign-images\/[a-f0-9]{32}\/added_\d+\.svg$/);

    const listed = (await publicList("skilteplanen")).json;
    expect(listed).toContainEqual({
      id: res.json.id,
      code: "X 901",
      name: "Midlertidig omkørsel",
      category: "temporary",
      imageUrl: res.json.previewUrl,
      svgUrl: res.json.previewUrl,
      initialHeightInMeters: 0.7,
      initialWidthInMeters: 0.5,
    });
    for (const site of ["ta-planen", "kloakplanen"]) expect((await publicList(site)).json.map((s: any) => s.code)).not.toContain("X 901");
    const served = await fetchSignImage(images.GET, res.json.previewUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");

    const found = (await search("skilteplanen", "x901")).json;
    expect(found.signs[0]).toMatchObject({ id: res.json.id, added: true });
    expect((await search("ta-planen", "x901")).json.total).toBe(0);

    const [change] = (await historyOf("skilteplanen")).json.changes;
    expect(change).toMatchObject({ action: "sign.add", signId: "X 901", catalogue: "dk", adminEmail: staff.email, undoneAt: null });
    expect(change.imageUrl).toBe(res.json.previewUrl);
    const rows = await auditOf(change.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: staff.id, action: "sign.add", before: null });
    expect(JSON.parse(rows[0]!.after!)).toMatchObject({ catalogue: "dk", code: "X 901", category: "temporary", heightInMeters: 0.7 });
  });

  it("a sewer symbol without a size follows the zoom; a Swedish sign takes a Swedish category", async () => {
    const sewer = await add({
      site: "kloakplanen",
      code: "NY 1",
      name: "Ny brønd",
      category: "bronde_og_udskillere",
      height: "",
      width: "",
    });
    expect(sewer.status).toBe(201);
    expect((await publicList("kloakplanen")).json).toContainEqual(expect.objectContaining({ code: "NY 1", isKloakElement: true }));
    expect((await publicList("kloakplanen")).json.find((s: any) => s.code === "NY 1")).not.toHaveProperty("initialHeightInMeters");
    const se = await add(
      { site: "ta-planen", code: "A 99", name: "Varning för älg", category: "se_A", height: "0.9", width: "1" },
      svg(),
      "ta-planen",
    );
    expect(se.status).toBe(201);
    expect((await publicList("ta-planen")).json.map((s: any) => s.code)).toContain("A 99");
    expect((await publicList("skilteplanen")).json.map((s: any) => s.code)).not.toContain("A 99");
  });

  const builtIn = () => catalogueOf("skilteplanen")[0]!;
  const refusals: [string, () => Record<string, string>, (() => Promise<UploadFile | null>) | null, string, string][] = [
    ["no code", () => ({ code: " ", name: "N", category: "A" }), null, "Skriv skiltets kode.", "Skriv märkets kod."],
    [
      "a code with odd characters",
      () => ({ code: "A<11>", name: "N", category: "A" }),
      null,
      "Koden må højst have 20 tegn og kun bogstaver, tal, mellemrum og . , / -.",
      "Koden får ha högst 20 tecken och bara bokstäver, siffror, mellanslag och . , / -.",
    ],
    [
      "a built-in sign's code, spaced and cased otherwise",
      () => ({ code: builtIn().code.replace(/\s+/g, "").toLowerCase(), name: "N", category: "A" }),
      null,
      `Koden ${builtIn().code.replace(/\s+/g, "").toLowerCase()} findes allerede i dette skiltekatalog.`,
      `Koden ${builtIn().code.replace(/\s+/g, "").toLowerCase()} finns redan i den här märkeskatalogen.`,
    ],
    [
      "no name",
      () => ({ code: "X 1", name: "", category: "A" }),
      null,
      "Skriv skiltets navn (højst 100 tegn).",
      "Skriv märkets namn (högst 100 tecken).",
    ],
    [
      "another catalogue's category",
      () => ({ code: "X 1", name: "N", category: "se_A" }),
      null,
      "Vælg en af katalogets kategorier.",
      "Välj en av katalogens kategorier.",
    ],
    ...(
      [
        ["a height without a width", { height: "0.7" }],
        ["a size of zero", { height: "0", width: "0.5" }],
        ["a size above 20 m", { height: "21", width: "1" }],
        ["a size that is no number", { height: "stor", width: "1" }],
      ] as const
    ).map(
      ([label, size]) =>
        [
          label,
          () => ({ code: "X 1", name: "N", category: "A", ...size }),
          null,
          "Standardstørrelsen skal være højde og bredde i meter (over 0 og højst 20), eller ingen af dem.",
          "Standardstorleken ska vara höjd och bredd i meter (över 0 och högst 20), eller ingen av dem.",
        ] as [string, () => Record<string, string>, null, string, string],
    ),
    [
      "an SVG with <script>",
      () => ({ code: "X 1", name: "N", category: "A" }),
      async () => ({ bytes: text(SCRIPT_SVG), name: "x.svg" }),
      "SVG-filen blev afvist: den indeholder script (<script>).",
      "SVG-filen avvisades: den innehåller skript (<script>).",
    ],
    [
      "a JPEG",
      () => ({ code: "X 1", name: "N", category: "A" }),
      async () => ({ bytes: await jpeg(), name: "x.jpg", type: "image/jpeg" }),
      "",
      "",
    ],
    ["no file", () => ({ code: "X 1", name: "N", category: "A" }), async () => null, "", ""],
  ];

  for (const [label, fields, file, da, sv] of refusals) {
    it(`refuses ${label} with a 400 in the staff's language, storing and logging nothing`, async () => {
      const before = await counts();
      for (const [language, message] of [
        ["skilteplanen", da],
        ["ta-planen", sv],
      ] as const) {
        // The staff member works on `language`'s site; the sign is for skilteplanen's catalogue either way.
        const res = await add(fields(), file ? await file() : svg(), language);
        expect(res.status).toBe(400);
        if (message) expect(res.json.message).toBe(message);
        else expect(res.json.message).toEqual(expect.any(String));
      }
      expect(await counts()).toEqual(before);
    });
  }

  it("a code already added to the catalogue is taken until that addition is undone", async () => {
    const first = await add({ code: "X 902", name: "Et", category: "A" });
    expect(first.status).toBe(201);
    const before = await counts();
    expect((await add({ code: "x902", name: "To", category: "A" })).json).toEqual({
      message: "Koden x902 findes allerede i dette skiltekatalog.",
    });
    expect(await counts()).toEqual(before);
    // Another catalogue may use the same code.
    expect((await add({ site: "ta-planen", code: "X 902", name: "Två", category: "se_A" })).status).toBe(201);
    const change = (await historyOf("skilteplanen")).json.changes.find((c: any) => c.signId === "X 902");
    expect((await undoChange(change.id)).status).toBe(200);
    expect((await add({ code: "X 902", name: "Igen", category: "A" })).status).toBe(201);
  });
});

describe("undo of an addition", () => {
  it("leaves the gallery's list, keeps the picture for placed signs, is audited, and happens once", async () => {
    const res = await add({ code: "X 903", name: "Fortrydes", category: "E", height: "1", width: "1" });
    const change = (await historyOf("skilteplanen")).json.changes.find((c: any) => c.signId === "X 903");
    const undone = await undoChange(change.id);
    expect(undone.status).toBe(200);
    expect(undone.json).toMatchObject({ id: change.id, action: "sign.add", undoneByEmail: staff.email });
    expect(Date.parse(undone.json.undoneAt)).not.toBeNaN();
    expect((await publicList("skilteplanen")).json.map((s: any) => s.code)).not.toContain("X 903");
    expect((await search("skilteplanen", "X 903")).json.total).toBe(0);
    // A plan that placed it still draws it.
    expect((await fetchSignImage(images.GET, res.json.previewUrl)).status).toBe(200);
    expect((await auditOf(change.id)).map((r) => r.action)).toEqual(["sign.add", "sign.undo"]);

    const before = await counts();
    expect(await undoChange(change.id)).toEqual({ status: 409, json: { message: "Ændringen er allerede fortrudt." } });
    expect(await undoChange(change.id, "ta-planen")).toEqual({ status: 409, json: { message: "Ändringen är redan ångrad." } });
    expect(await undoChange(999_999)).toEqual({ status: 404, json: { message: "Ændringen findes ikke." } });
    expect(await counts()).toEqual(before);
  });
});

describe("artwork changes and their undo", () => {
  const signId = () => catalogueOf("skilteplanen")[1]!.id;
  const put = (file: UploadFile) => uploadAs(staff.token, adminArtwork.PUT, { method: "PUT", params: { signId: signId() }, file });
  const shown = async () => (await as(null, artwork.GET)).json[signId()] ?? null;
  const changeFor = async (action: string) =>
    (await historyOf("skilteplanen")).json.changes.find((c: any) => c.signId === signId() && c.action === action && !c.undoneAt);

  it("undoing replacements puts back each earlier picture, newest first; a later change blocks an older undo", async () => {
    const first = (await put(svg())).json.imageUrl;
    const firstChange = await changeFor("sign.replaceArtwork");
    const second = (await put({ bytes: await png(200, 200), name: "x.png", type: "image/png" })).json.imageUrl;
    const secondChange = (await historyOf("skilteplanen")).json.changes[0];
    expect(secondChange).toMatchObject({ action: "sign.replaceArtwork", signId: signId(), imageUrl: second });
    expect(await shown()).toBe(second);
    expect((await fetchSignImage(images.GET, first)).status).toBe(404);

    const before = await counts();
    expect(await undoChange(firstChange.id)).toEqual({
      status: 409,
      json: { message: "Skiltets tegning er ændret senere. Fortryd den nyeste ændring først." },
    });
    expect(await counts()).toEqual(before);

    expect((await undoChange(secondChange.id)).status).toBe(200);
    expect(await shown()).toBe(first);
    expect((await fetchSignImage(images.GET, first)).status).toBe(200);
    expect((await fetchSignImage(images.GET, second)).status).toBe(404);
    expect((await undoChange(firstChange.id)).status).toBe(200);
    expect(await shown()).toBeNull();
    const audit = await auditOf(secondChange.id);
    expect(audit.map((r) => [r.admin_id, r.action])).toEqual([
      [staff.id, "sign.replaceArtwork"],
      [staff.id, "sign.undo"],
    ]);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ signId: signId(), imageUrl: first });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ signId: signId(), imageUrl: second });
  });

  it("a reset is a change of its own: undone, the artwork is back", async () => {
    const url = (await put(svg())).json.imageUrl;
    expect((await as(staff.token, adminArtwork.DELETE, { method: "DELETE", params: { signId: signId() } })).status).toBe(200);
    expect(await shown()).toBeNull();
    const reset = await changeFor("sign.removeArtwork");
    expect(reset).toMatchObject({ imageUrl: null });
    expect((await auditOf(reset.id)).map((r) => r.action)).toEqual(["sign.removeArtwork"]);
    expect((await undoChange(reset.id)).status).toBe(200);
    expect(await shown()).toBe(url);
    expect((await fetchSignImage(images.GET, url)).status).toBe(200);
  });

  it("a refused upload or reset writes no change and no audit row", async () => {
    await as(staff.token, adminArtwork.DELETE, { method: "DELETE", params: { signId: signId() } });
    const before = await counts();
    expect((await put({ bytes: text(SCRIPT_SVG), name: "x.svg" })).status).toBe(400);
    expect((await as(staff.token, adminArtwork.DELETE, { method: "DELETE", params: { signId: signId() } })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe("GET /admin/signs and the history: server pages", () => {
  it("pages the built-in catalogue and searches by name", async () => {
    const page0 = (await search("skilteplanen", "")).json;
    expect(page0.signs).toHaveLength(page0.pageSize);
    expect(page0.total).toBeGreaterThan(catalogueOf("skilteplanen").length - 1);
    const last = Math.floor((page0.total - 1) / page0.pageSize);
    const lastPage = (await as(staff.token, adminSigns.GET, { query: `?site=skilteplanen&page=${last}` })).json;
    expect(lastPage.signs.length).toBe(page0.total - last * page0.pageSize);
    const name = catalogueOf("skilteplanen")[5]!.name;
    expect((await search("skilteplanen", name.toUpperCase())).json.signs.map((s: any) => s.name)).toContain(name);
    expect((await as(staff.token, adminSigns.GET, { query: "?site=nowhere" })).status).toBe(400);
  });

  it("the history pages by cursor", async () => {
    for (let i = 0; i < 21; i++) await add({ site: "kloakplanen", code: `P ${i}`, name: `Side ${i}`, category: "lar" });
    const first = (await historyOf("kloakplanen")).json;
    expect(first.changes).toHaveLength(20);
    const next = (await as(staff.token, changes.GET, { query: `?site=kloakplanen&cursor=${first.nextCursor}` })).json;
    expect(next.changes.length).toBeGreaterThan(0);
    expect(next.changes[0].id).toBeLessThan(first.changes[19].id);
  });

  it("a customer gets the admin paths' 404, and the public list answers anyone", async () => {
    expect((await as(customer.token, changes.GET, { query: "?site=skilteplanen" })).status).toBe(404);
    expect((await as(customer.token, additions.GET, { query: "?site=skilteplanen" })).status).toBe(200);
  });
});
