/**
 * A number as the user's language writes it in a field they edit: a decimal comma in Danish and Swedish
 * ("0,5", not "0.5"), no thousands separator (the fields parse what they show, see `parseDecimal`).
 */
export function decimalText(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 7, useGrouping: false }).format(value);
}

/** A typed number with a decimal comma or point, and the minus sign Swedish writes (U+2212); NaN when it is not one. */
export function parseDecimal(text: string): number {
  return Number(text.trim().replace(",", ".").replace("\u2212", "-"));
}
