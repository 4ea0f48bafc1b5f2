const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * A size in the site's language ("2,1 GB", "512 kB", "1.000 B"), in steps of 1024 as the archive's limits
 * are set (ARCHIVE_QUOTA_BYTES = 20 × 1024³ reads "20 GB"). The archive screen and the server's messages
 * about those limits both write sizes with it, so a limit reads the same in a refusal and on the screen.
 */
export function byteSizeText(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
