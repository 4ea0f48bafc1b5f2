/**
 * Lengths on the ground as the kinds that measure write them (a ruler's segments, a width dimension):
 * geodesic on the specification's sphere (1-core §9: "Earth radius for distances: about 6371 km") and
 * in the site's language.
 */
import { getDistance } from "ol/sphere";
import { pageLocale } from "./page-locale";
import type { Position } from "@/lib/elements/common";

/** The Earth's radius for distances, as the specification gives it (1-core §9), in metres. */
export const EARTH_RADIUS_METRES = 6_371_000;

/** The great-circle distance between two positions in metres (haversine on a sphere of EARTH_RADIUS_METRES). */
export function groundDistance(a: Position, b: Position): number {
  return getDistance(a, b, EARTH_RADIUS_METRES);
}

/**
 * A length as the site's language writes it, with `decimals` decimals (one unless asked): "12,4 m" in
 * Danish and Swedish. The language is the page's (`<html lang>`, set from the site), as a kind's module
 * has no React context.
 */
export function formatMetres(metres: number, locale = pageLocale(), decimals = 1): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(metres)} m`;
}
