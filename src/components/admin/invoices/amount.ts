/** The payment dialog's amount field: minor units shown and typed as Danish and Swedish staff write kroner. */

/** Minor units as the amount field shows them: "3118,75" in Danish and Swedish (no thousands separator to retype). */
export function amountText(minor: number): string {
  return (minor / 100).toFixed(2).replace(".", ",");
}

/**
 * The amount typed, in minor units, or null when it is not one: digits with at most two decimals after
 * a comma or a point; spaces and thousands points ("3.118,75", "3 118,75") are allowed.
 */
export function parseAmount(text: string): number | null {
  let value = text.replace(/[\s\u00a0]/g, "");
  if (value.includes(",")) value = value.replace(/\./g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const minor = Math.round(Number(value) * 100);
  return minor > 0 ? minor : null;
}
