/**
 * GET /users/cvrLookup where no look-up service is configured: the Danish sites with CVR_LOOKUP_URL
 * emptied, and ta-planen, which has none unless ORG_NUMBER_LOOKUP_URL is set. The form is then filled in
 * by hand, and the answer says so.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import * as cvrLookup from "@/app/api/users/cvrLookup/route";
import { as } from "../../support/api";
import { createUser } from "../../support/users";

vi.stubEnv("CVR_LOOKUP_URL", "");
vi.stubEnv("ORG_NUMBER_LOOKUP_URL", "");
afterAll(() => vi.unstubAllEnvs());

describe("GET /users/cvrLookup without a service", () => {
  it("answers 503 'not available, fill it in by hand', in Danish and in Swedish", async () => {
    const da = await createUser();
    expect(await as(da.token, cvrLookup.GET, { query: "?search=24256790" })).toEqual({
      status: 503,
      json: { message: "CVR-opslag er ikke muligt her. Udfyld navn og CVR-nummer selv.", code: "COMPANY_LOOKUP_UNAVAILABLE" },
    });
    const sv = await createUser({ site: "ta-planen" });
    expect(await as(sv.token, cvrLookup.GET, { query: "?search=5560160680", site: "ta-planen" })).toEqual({
      status: 503,
      json: { message: "Företagssökning finns inte här. Fyll i namn och organisationsnummer själv.", code: "COMPANY_LOOKUP_UNAVAILABLE" },
    });
  });
});
