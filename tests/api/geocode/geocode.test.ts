/**
 * GET /api/geocode against stand-ins for DAWA and a Nominatim-compatible geocoder started here: Danish
 * addresses on skilteplanen, Swedish places on ta-planen (in Swedish, limited to Sweden), bad queries,
 * and a service that fails, answers nonsense, is too slow or is gone — each with its message in the
 * site's language, never a 500.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as geocodeRoute from "@/app/api/geocode/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

const asked: URL[] = [];
let mode: "ok" | "error" | "nonsense" | "slow" = "ok";

const standIn = createServer((req: IncomingMessage, res) => {
  const url = new URL(req.url ?? "/", "http://stand-in");
  asked.push(url);
  const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (mode === "slow") return; // never answers: the timeout ends it
  if (mode === "error") return res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>");
  if (mode === "nonsense") return json(200, { features: [] });
  if (url.pathname === "/dawa/autocomplete") {
    return json(200, [
      { type: "adgangsadresse", tekst: "Vestergade 1, 5000 Odense C", data: { id: "a", x: 10.3845, y: 55.3959 } },
      { type: "adgangsadresse", tekst: "Vestergade 10, 5000 Odense C", data: { id: "b", x: 10.3822, y: 55.396 } },
      { type: "adgangsadresse", tekst: "Uden sted", data: { id: "c", x: 999, y: 55 } },
    ]);
  }
  if (url.pathname === "/se/search") {
    return json(200, [
      {
        display_name: "Umeå, Västerbottens län, Sverige",
        lat: "63.8256568",
        lon: "20.2630745",
        boundingbox: ["63.66", "63.99", "19.95", "20.55"],
      },
      {
        display_name: "Storgatan 1, Umeå, Sverige",
        lat: "63.8255",
        lon: "20.2601",
        boundingbox: ["63.82549", "63.82551", "20.26009", "20.26011"],
      },
    ]);
  }
  return json(404, { message: "unexpected path in the test" });
});
standIn.listen(0, "127.0.0.1");
await once(standIn, "listening");
const { port } = standIn.address() as AddressInfo;

// Read on every search, like the base maps' settings are on every page.
vi.stubEnv("DAWA_URL", `http://127.0.0.1:${port}/dawa/`);
vi.stubEnv("SE_GEOCODER_URL", `http://127.0.0.1:${port}/se`);
vi.stubEnv("GEOCODER_TIMEOUT_MS", "300");
afterAll(() => {
  vi.unstubAllEnvs();
  standIn.closeAllConnections();
  standIn.close();
});

const search = (token: string | null, q: string | null, site?: string) =>
  as(token, geocodeRoute.GET, { query: q === null ? "" : `?q=${encodeURIComponent(q)}`, site });

const DOWN_DA = "Adressesøgningen svarer ikke lige nu. Prøv igen om lidt, eller find stedet ved at flytte kortet.";
const DOWN_SV = "Adressökningen svarar inte just nu. Försök igen om en stund, eller hitta platsen genom att flytta kartan.";

describe("GET /api/geocode", () => {
  it("suggests Danish addresses from DAWA, one per entrance, in WGS 84", async () => {
    mode = "ok";
    const user = await createUser();
    const res = await search(user.token, "  Vestergade   1 ");
    expect(res).toEqual({
      status: 200,
      json: {
        results: [
          { label: "Vestergade 1, 5000 Odense C", center: [10.3845, 55.3959], extent: null },
          { label: "Vestergade 10, 5000 Odense C", center: [10.3822, 55.396], extent: null },
        ],
      },
    });
    const url = asked.at(-1)!;
    expect(url.pathname).toBe("/dawa/autocomplete");
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: "Vestergade 1", type: "adgangsadresse", srid: "4326", per_side: "8" });
  });

  it("suggests Swedish places on TA-planen, asked in Swedish and within Sweden; an area comes with its extent", async () => {
    mode = "ok";
    const user = await createUser({ site: "ta-planen" });
    const res = await search(user.token, "Umeå", "ta-planen");
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { label: "Umeå, Västerbottens län, Sverige", center: [20.2630745, 63.8256568], extent: [19.95, 63.66, 20.55, 63.99] },
      { label: "Storgatan 1, Umeå, Sverige", center: [20.2601, 63.8255], extent: null },
    ]);
    const url = asked.at(-1)!;
    expect(url.pathname).toBe("/se/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: "jsonv2",
      q: "Umeå",
      "accept-language": "sv",
      countrycodes: "se",
      limit: "8",
    });
  });

  it("answers a missing, too short or too long query with 400 and what to write", async () => {
    const user = await createUser();
    expect(await search(user.token, null)).toEqual({ status: 400, json: { message: "Skriv mindst 2 tegn af adressen.", field: "q" } });
    expect(await search(user.token, " a ")).toEqual({ status: 400, json: { message: "Skriv mindst 2 tegn af adressen.", field: "q" } });
    expect(await search(user.token, "x".repeat(121))).toEqual({
      status: 400,
      json: { message: "Søgningen er for lang. Skriv højst 120 tegn.", field: "q" },
    });
    const sv = await createUser({ site: "ta-planen" });
    expect(await search(sv.token, "U", "ta-planen")).toEqual({
      status: 400,
      json: { message: "Skriv minst 2 tecken av adressen eller orten.", field: "q" },
    });
  });

  it("is for signed-in users only", async () => {
    expect((await search(null, "Vestergade")).status).toBe(401);
  });

  it("answers 503 with a clear message when the service fails, answers nonsense or does not answer in time", async () => {
    const user = await createUser();
    const sv = await createUser({ site: "ta-planen" });
    for (const failure of ["error", "nonsense", "slow"] as const) {
      mode = failure;
      expect(await search(user.token, "Vestergade")).toEqual({ status: 503, json: { message: DOWN_DA, code: "GEOCODER_DOWN" } });
      expect(await search(sv.token, "Umeå", "ta-planen")).toEqual({ status: 503, json: { message: DOWN_SV, code: "GEOCODER_DOWN" } });
    }
    mode = "ok";
  });

  it("answers 503 when the service is gone, and on TA-planen without a Swedish geocoder says search is not set up", async () => {
    const user = await createUser();
    vi.stubEnv("DAWA_URL", "http://127.0.0.1:9/");
    expect(await search(user.token, "Vestergade")).toEqual({ status: 503, json: { message: DOWN_DA, code: "GEOCODER_DOWN" } });
    vi.stubEnv("DAWA_URL", `http://127.0.0.1:${port}/dawa/`);
    vi.stubEnv("SE_GEOCODER_URL", "");
    const sv = await createUser({ site: "ta-planen" });
    expect(await search(sv.token, "Umeå", "ta-planen")).toEqual({
      status: 503,
      json: { message: "Adressökning är inte inställd här. Hitta platsen genom att flytta kartan.", code: "GEOCODER_UNAVAILABLE" },
    });
    vi.stubEnv("SE_GEOCODER_URL", `http://127.0.0.1:${port}/se`);
  });
});
