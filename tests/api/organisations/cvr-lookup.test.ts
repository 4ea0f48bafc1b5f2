/**
 * GET /users/cvrLookup against a stand-in for cvrapi.dk started here: companies found by number and by
 * name, none found, the service's own errors (which it answers with HTTP 200 and an `error` field), an
 * answer of another shape, a service that is too slow, and one that is gone (its port closed) — each in
 * Danish, and on ta-planen in Swedish.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as cvrLookup from "@/app/api/users/cvrLookup/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const VEJFIRMA = { name: "Vejfirma ApS", vat: 24256790, address: "Vejen 1", zipcode: "5000", city: "Odense C", protected: false };
const NULFIRMA = { name: "Nulfirma A/S", vat: 1234567, address: "Gaden 2", zipcode: 8000, city: "Aarhus C" };
const VAGBOLAG = { name: "Vägbolaget AB", vat: "5560160680", address: "Vägen 3", zipcode: "11122", city: "Stockholm" };

/** What the stand-in was asked, newest last. */
const asked: { search: string | null; country: string | null; token: string | null; userAgent: string | undefined }[] = [];

const standIn = createServer((req: IncomingMessage, res) => {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const search = url.searchParams.get("search");
  asked.push({
    search,
    country: url.searchParams.get("country"),
    token: url.searchParams.get("token"),
    userAgent: req.headers["user-agent"],
  });
  const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  switch (search) {
    case "24256790":
    case "Vejfirma":
      return json(200, VEJFIRMA);
    case "01234567":
      return json(200, NULFIRMA);
    case "5560160680":
      return json(200, VAGBOLAG);
    case "Intet Firma":
      return json(200, { error: "NOT_FOUND" });
    case "Fjernet Firma":
      return json(404, { error: "NOT_FOUND" }); // cvrapi.dk's own way
    case "Kvote":
      return json(200, { error: "QUOTA_EXCEEDED" });
    case "Bandlyst":
      return json(200, { error: "BANNED" });
    case "Intern":
      return json(200, { error: "INTERNAL_ERROR" });
    case "Fejlside":
      return res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
    case "Andet":
      return json(200, { companies: [] });
    case "Langsom":
      return; // never answers: the look-up's timeout ends it
    default:
      return json(500, { error: "unexpected search in the test" });
  }
});
standIn.listen(0, "127.0.0.1");
await once(standIn, "listening");
const { port } = standIn.address() as AddressInfo;

// Read when the configuration is first read, by the first request below. The key in the URL's query is kept.
vi.stubEnv("CVR_LOOKUP_URL", `http://127.0.0.1:${port}/api?token=hemmelig`);
vi.stubEnv("ORG_NUMBER_LOOKUP_URL", `http://127.0.0.1:${port}/se`);
vi.stubEnv("COMPANY_LOOKUP_TIMEOUT_MS", "300");
afterAll(() => {
  vi.unstubAllEnvs();
  standIn.closeAllConnections();
  standIn.close();
});

const lookUp = (token: string | null, search: string | null, site?: string) =>
  as(token, cvrLookup.GET, { query: search === null ? "" : `?search=${encodeURIComponent(search)}`, site });

const DOWN_DA = "CVR-opslaget virker ikke lige nu. Udfyld navn og CVR-nummer selv.";
const DOWN_SV = "Företagssökningen fungerar inte just nu. Fyll i namn och organisationsnummer själv.";
const down = (message: string) => ({ status: 503, json: { message, code: "COMPANY_LOOKUP_DOWN" } });

describe("GET /users/cvrLookup", () => {
  it("finds a company by its number, asking the Danish register with the configured key and saying who asks", async () => {
    const user = await createUser();
    expect(await lookUp(user.token, "24256790")).toEqual({
      status: 200,
      json: { name: "Vejfirma ApS", cvr_number: "24256790", address: "Vejen 1", zipcode: "5000", city: "Odense C" },
    });
    expect(asked.at(-1)).toEqual({
      search: "24256790",
      country: "dk",
      token: "hemmelig",
      userAgent: expect.stringContaining("Skilteplanen"),
    });
  });

  it("finds a company by its name, and asks for a number written in groups as its digits", async () => {
    const user = await createUser();
    const byName = await lookUp(user.token, "  Vejfirma ");
    expect(byName.status).toBe(200);
    expect(byName.json.cvr_number).toBe("24256790");
    expect(asked.at(-1)?.search).toBe("Vejfirma");
    expect((await lookUp(user.token, "24 25 67 90")).json.name).toBe("Vejfirma ApS");
    expect(asked.at(-1)?.search).toBe("24256790");
  });

  it("gives back the leading zero that a number in JSON loses, and a post code sent as a number as text", async () => {
    const user = await createUser();
    expect((await lookUp(user.token, "01234567")).json).toEqual({
      name: "Nulfirma A/S",
      cvr_number: "01234567",
      address: "Gaden 2",
      zipcode: "8000",
      city: "Aarhus C",
    });
  });

  it("answers 404 when no company matches, whether the service says so with a 200 or a 404", async () => {
    const user = await createUser();
    const none = {
      status: 404,
      json: { message: "Der blev ikke fundet nogen virksomhed med det CVR-nummer eller navn.", code: "COMPANY_NOT_FOUND" },
    };
    expect(await lookUp(user.token, "Intet Firma")).toEqual(none);
    expect(await lookUp(user.token, "Fjernet Firma")).toEqual(none);
  });

  it("answers 503 'fill it in by hand' when the service is over its quota, banned us or failed", async () => {
    const user = await createUser();
    for (const search of ["Kvote", "Bandlyst", "Intern", "Fejlside", "Andet"]) {
      expect(await lookUp(user.token, search), search).toEqual(down(DOWN_DA));
    }
  });

  it("gives up on a service that does not answer in time", async () => {
    const user = await createUser();
    const started = Date.now();
    expect(await lookUp(user.token, "Langsom")).toEqual(down(DOWN_DA));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("refuses a missing, empty or overlong search in the user's language, without asking the service", async () => {
    const user = await createUser();
    const before = asked.length;
    for (const search of [null, "", "   "]) {
      expect(await lookUp(user.token, search)).toEqual({
        status: 400,
        json: { message: "Skriv et CVR-nummer eller et firmanavn at søge efter.", field: "search" },
      });
    }
    expect(await lookUp(user.token, "x".repeat(101))).toEqual({
      status: 400,
      json: { message: "Søgningen er for lang. Skriv højst 100 tegn.", field: "search" },
    });
    const sv = await createUser({ site: "ta-planen" });
    expect((await lookUp(sv.token, "", "ta-planen")).json.message).toBe(
      "Skriv ett organisationsnummer eller ett företagsnamn att söka efter.",
    );
    expect((await lookUp(sv.token, "x".repeat(101), "ta-planen")).json.message).toBe("Sökningen är för lång. Skriv högst 100 tecken.");
    expect(asked.length).toBe(before);
  });

  it("on ta-planen asks its own service for an organisationsnummer and answers in Swedish", async () => {
    const user = await createUser({ site: "ta-planen" });
    expect(await lookUp(user.token, "556016-0680", "ta-planen")).toEqual({
      status: 200,
      json: { name: "Vägbolaget AB", cvr_number: "5560160680", address: "Vägen 3", zipcode: "11122", city: "Stockholm" },
    });
    expect(asked.at(-1)).toMatchObject({
      search: "5560160680",
      country: "se",
      token: null,
      userAgent: expect.stringContaining("TA-planen"),
    });
    expect(await lookUp(user.token, "Intet Firma", "ta-planen")).toEqual({
      status: 404,
      json: { message: "Inget företag hittades med det organisationsnumret eller namnet.", code: "COMPANY_NOT_FOUND" },
    });
    expect(await lookUp(user.token, "Kvote", "ta-planen")).toEqual(down(DOWN_SV));
    expect(await lookUp(user.token, "Langsom", "ta-planen")).toEqual(down(DOWN_SV));
  });

  it("needs a logged-in, confirmed user", async () => {
    expect((await lookUp(null, "Vejfirma")).status).toBe(401);
    const unverified = await createUser({ verified: false });
    expect((await lookUp(unverified.token, "Vejfirma")).status).toBe(403);
  });

  it("limits how often one user asks, since the service counts every call against a quota", async () => {
    const user = await createUser();
    for (let i = 0; i < 60; i++) expect((await lookUp(user.token, "Vejfirma")).status).toBe(200);
    const refused = await lookUp(user.token, "Vejfirma");
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/minut/);
    // Another user is not held back by it.
    expect((await lookUp((await createUser()).token, "Vejfirma")).status).toBe(200);
  });

  // Last: it closes the stand-in.
  it("answers 503 'fill it in by hand' when the service is gone (nothing listens on its port)", async () => {
    standIn.closeAllConnections();
    await new Promise((resolve) => standIn.close(resolve));
    const user = await createUser();
    expect(await lookUp(user.token, "24256790")).toEqual(down(DOWN_DA));
    const sv = await createUser({ site: "ta-planen" });
    expect(await lookUp(sv.token, "5560160680", "ta-planen")).toEqual(down(DOWN_SV));
  });
});
