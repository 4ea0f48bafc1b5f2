import type { useFormatter } from "next-intl";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * A size in the site's language ("2,1 GB", "512 kB"), in steps of 1024 as the quota is set
 * (ARCHIVE_QUOTA_BYTES = 20 × 1024³ reads "20 GB").
 */
export function formatBytes(bytes: number, format: ReturnType<typeof useFormatter>): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return format.number(value, {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  });
}
