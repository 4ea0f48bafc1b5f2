/**
 * GET /admin/customers by name beyond ASCII (issue 32): SQLite's lower() and LIKE fold only A-Z, so the
 * search matches each letter's case forms instead; Danish and Swedish letters are found in any case,
 * and the characters the patterns treat specially (GLOB's * ? [, a regular expression's . ( |) are
 * taken literally.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as customers from "@/app/api/admin/customers/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";
import { makeStaffAdmin } from "../signs/support";

const tag = `nf${Date.now().toString(36)}`;
let staffToken = "";
const made: Record<string, number> = {};

beforeAll(async () => {
  const staff = await createUser();
  await makeStaffAdmin(staff.id);
  staffToken = staff.token;
  for (const name of [`Søren Østergaard ${tag}`, `ÅSA ÄNGLUND ${tag}`, `Bjørn Æblegård ${tag}`, `Jens (A.*) [x]? ${tag}`, `Jens AB ${tag}`])
    made[name] = (await createUser({ name })).id;
});

const found = async (q: string) => {
  const res = await as(staffToken, customers.GET, { query: `?q=${encodeURIComponent(q)}` });
  expect(res.status).toBe(200);
  return res.json.customers.map((c: any) => c.name).sort();
};

describe("GET /admin/customers: names beyond ASCII", () => {
  it("finds Ø, Å, Ä and Æ in whichever case they are stored and searched", async () => {
    expect(await found(`ØSTERGAARD ${tag}`)).toEqual([`Søren Østergaard ${tag}`]);
    expect(await found(`søren østergaard ${tag}`)).toEqual([`Søren Østergaard ${tag}`]);
    expect(await found(`åsa änglund ${tag}`)).toEqual([`ÅSA ÄNGLUND ${tag}`]);
    expect(await found(`Åsa Änglund ${tag}`)).toEqual([`ÅSA ÄNGLUND ${tag}`]);
    expect(await found(`ÆBLEGÅRD ${tag}`)).toEqual([`Bjørn Æblegård ${tag}`]);
    expect(await found(`bjØrn`)).toContain(`Bjørn Æblegård ${tag}`);
  });

  it("does not mistake one letter for another (ø is not o, å is not a)", async () => {
    expect(await found(`sOren ostergaard ${tag}`)).toEqual([]);
    expect(await found(`asa anglund ${tag}`)).toEqual([]);
  });

  it("takes the patterns' special characters literally", async () => {
    expect(await found(`(a.*) [X]? ${tag}`)).toEqual([`Jens (A.*) [x]? ${tag}`]);
    expect(await found(`jens a* ${tag}`)).toEqual([]);
    expect(await found(`jens a. ${tag}`)).toEqual([]);
    expect(await found(`jens [a] ${tag}`)).toEqual([]);
    expect(await found(`jens ?b ${tag}`)).toEqual([]);
    expect(await found(`jens a|b ${tag}`)).toEqual([]);
    expect(await found(`jens \\ ${tag}`)).toEqual([]);
  });
});
