import { describe, expect, it } from "vitest";
import { companyNumberKind, companyNumberProblem, cvrChecksumOk, luhnOk } from "./company-number";

describe("CVR-nummer", () => {
  it("accepts 8 digits whose weighted sum (2,7,6,5,4,3,2,1) is a multiple of 11", () => {
    // 2·2+4·7+2·6+5·5+6·4+7·3+9·2+0·1 = 132 = 12·11
    expect(cvrChecksumOk("24256790")).toBe(true);
    expect(companyNumberProblem("cvr", "24256790")).toBeNull();
  });

  it("refuses anything but exactly 8 digits with the length message", () => {
    for (const value of ["", "2425679", "242567900", "2425679a", "24 256790", "-2425679", "２４２５６７９０"]) {
      expect(companyNumberProblem("cvr", value), value).toBe("cvrDigits");
    }
  });

  it("refuses 8 digits that fail modulus 11 with its own message", () => {
    expect(companyNumberProblem("cvr", "24256791")).toBe("cvrChecksum");
    expect(companyNumberProblem("cvr", "12345678")).toBe("cvrChecksum");
  });
});

describe("organisationsnummer", () => {
  it("accepts 10 digits whose last digit is the Luhn check digit", () => {
    expect(luhnOk("5560160680")).toBe(true);
    expect(companyNumberProblem("organisationsnummer", "5560160680")).toBeNull();
    expect(companyNumberProblem("organisationsnummer", "2021005489")).toBeNull();
  });

  it("refuses anything but exactly 10 digits with the length message", () => {
    for (const value of ["", "556016068", "55601606800", "556016-0680", "556016068x"]) {
      expect(companyNumberProblem("organisationsnummer", value), value).toBe("orgNumberDigits");
    }
  });

  it("refuses a wrong check digit with its own message", () => {
    for (const last of "123456789") expect(companyNumberProblem("organisationsnummer", `556016068${last}`)).toBe("orgNumberChecksum");
  });

  it("a CVR is not an organisationsnummer and the other way round", () => {
    expect(companyNumberProblem("organisationsnummer", "24256790")).toBe("orgNumberDigits");
    expect(companyNumberProblem("cvr", "5560160680")).toBe("cvrDigits");
  });
});

describe("which number a site uses", () => {
  it("is the CVR for 8 digits and the organisationsnummer for 10", () => {
    expect(companyNumberKind(8)).toBe("cvr");
    expect(companyNumberKind(10)).toBe("organisationsnummer");
  });
});
