/**
 * Normalising the values of parametric signs (what the user types in the editor): Danish decimal comma,
 * the unit added when it is left out, speeds as 1–3 digits.
 */

/** "3.5" → "3,5 m"; "3,5m" → "3,5 m"; keeps a unit the user typed. */
export function withUnit(value: string, unit: "t" | "m"): string {
  const v = value
    .trim()
    .replace(/(\d)\.(\d)/g, "$1,$2")
    .replace(/\s+/g, " ");
  const match = /^(\d+(?:,\d+)?)\s*([a-zA-Z]*)$/.exec(v);
  if (!match) return v;
  return `${match[1]} ${match[2] ? match[2].toLowerCase() : unit}`;
}

/** A speed as shown on the sign: the digits only, at most three ("50 km/h" → "50"). */
export function speedDigits(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 3);
  return digits || "0";
}
