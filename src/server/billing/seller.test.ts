import { describe, expect, it } from "vitest";
import { getConfig } from "../config";
import { sellerOf } from "./seller";

/** A configuration from these settings alone (no NODE_ENV: the defaults' own case). */
const configOf = (env: Record<string, string>) => getConfig(env as NodeJS.ProcessEnv);

describe("sellerOf", () => {
  it("falls back to the product's name, STAFF_EMAIL and Denmark, and prints no CVR it was not given", () => {
    const seller = sellerOf("kloakplanen", configOf({ STAFF_EMAIL: "staff@example.dk" }));
    expect(seller).toMatchObject({ name: "Kloakplanen", country: "DK", cvr: "", vatNumber: "", email: "staff@example.dk" });
    expect(sellerOf("ta-planen", configOf({})).name).toBe("TA-planen");
  });

  it("reads the SELLER_* settings, the VAT number being DK and the CVR", () => {
    const config = configOf({
      SELLER_NAME: "Planværktøj ApS",
      SELLER_CVR: "24256790",
      SELLER_COUNTRY: "dk",
      SELLER_EMAIL: "faktura@example.dk",
      SELLER_IBAN: "dk50 0040 0440 1162 43",
      SELLER_BIC: "dabadkkk",
    });
    expect(sellerOf("ta-planen", config)).toMatchObject({
      name: "Planværktøj ApS",
      cvr: "24256790",
      vatNumber: "DK24256790",
      country: "DK",
      email: "faktura@example.dk",
      bank: { iban: "DK5000400440116243", bic: "DABADKKK", reg: "", account: "" },
    });
  });

  it("refuses a CVR that is not 8 digits and a country that is not a code, and takes a blank country as Denmark", () => {
    expect(() => configOf({ SELLER_CVR: "DK24256790" })).toThrow(/SELLER_CVR/);
    expect(() => configOf({ SELLER_COUNTRY: "Danmark" })).toThrow(/SELLER_COUNTRY/);
    expect(configOf({ SELLER_COUNTRY: "" }).SELLER_COUNTRY).toBe("DK");
  });
});
