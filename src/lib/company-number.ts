/**
 * Company registration numbers (issue 30, core §5/§9): the Danish CVR-nummer (8 digits, modulus 11)
 * and the Swedish organisationsnummer (10 digits, Luhn check digit). Pure, shared by the server's
 * validation and any form. Returns the translation key (under `validation.`) of the first rule broken,
 * or null when the number is valid.
 *
 * The Luhn check is written here rather than taken from the `organisationsnummer` package: it is ten
 * lines, the package would be a new dependency (and install) for them, and the package also accepts
 * personnummer and hyphenated or 12-digit forms, which would widen what core §9 ("10 digits") allows.
 */

export type CompanyNumberKind = "cvr" | "organisationsnummer";

export type CompanyNumberProblem = "cvrDigits" | "cvrChecksum" | "orgNumberDigits" | "orgNumberChecksum";

const CVR_WEIGHTS = [2, 7, 6, 5, 4, 3, 2, 1];

/** CVR's modulus-11 rule: the digits times 2,7,6,5,4,3,2,1 sum to a multiple of 11. */
export function cvrChecksumOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * CVR_WEIGHTS[i]!;
  return sum % 11 === 0;
}

/** Luhn over all ten digits (the last is the check digit): doubling every second digit from the left. */
export function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[i]);
    if ((digits.length - i) % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function companyNumberProblem(kind: CompanyNumberKind, value: string): CompanyNumberProblem | null {
  if (kind === "cvr") {
    if (!/^\d{8}$/.test(value)) return "cvrDigits";
    return cvrChecksumOk(value) ? null : "cvrChecksum";
  }
  if (!/^\d{10}$/.test(value)) return "orgNumberDigits";
  return luhnOk(value) ? null : "orgNumberChecksum";
}

/** Which number a site's organisations carry, from its site entry's companyIdLength. */
export function companyNumberKind(companyIdLength: 8 | 10): CompanyNumberKind {
  return companyIdLength === 8 ? "cvr" : "organisationsnummer";
}
