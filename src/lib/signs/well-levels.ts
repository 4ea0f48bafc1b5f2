/**
 * A well's levels: cover (dækselkote), invert (bundkote) and connection (tilslutningskote), in metres
 * DVR90, which a good kloakplan writes beside every well (kloakviden.dk). Kept on the placed sign
 * (src/lib/elements/sign.ts), typed in its edit dialog and written beside it on the map and the page.
 * Universal: no React, no OpenLayers, so the rules are unit-tested in node.
 */
import { MAX_LEVEL_METRES, MIN_LEVEL_METRES, type SignElement } from "@/lib/elements/sign";
import { SEWER_SYMBOL_FOLDERS, type CatalogueSign } from "./types";

/** The level fields in the order the label writes them, cover on top. */
export const WELL_LEVEL_FIELDS = ["coverLevel", "invertLevel", "connectionLevel"] as const;
export type WellLevelField = (typeof WELL_LEVEL_FIELDS)[number];
export type WellLevels = Partial<Pick<SignElement, WellLevelField>>;

/**
 * The abbreviations of the label, as Danish sewer drawings write them (the wells are the Danish sewer
 * catalogue's, so the label keeps the drawing's notation on every site). The connection level is written
 * "Tilsl." rather than "TK", which on Danish drawings usually means terrænkote (ground level).
 */
export const WELL_LEVEL_ABBREVIATIONS: Record<WellLevelField, string> = {
  coverLevel: "DK",
  invertLevel: "BK",
  connectionLevel: "Tilsl.",
};

/** The image folder of the wells and separators: a placed symbol from there is a well even before the catalogue has loaded. */
const WELL_FOLDER = `/signs/sewer/${SEWER_SYMBOL_FOLDERS.bronde_og_udskillere}/`;

/**
 * Whether a placed sign is offered the level fields: a symbol of the wells-and-separators category, or
 * any sign that already carries a level (so a level can still be changed or removed).
 */
export function carriesWellLevels(element: Pick<SignElement, "imageUrl"> & WellLevels, sign: CatalogueSign | null): boolean {
  return (
    sign?.category === "bronde_og_udskillere" ||
    element.imageUrl.startsWith(WELL_FOLDER) ||
    WELL_LEVEL_FIELDS.some((field) => element[field] !== undefined)
  );
}

/** Parses a decimal number written with a comma or a point ("12,45", "-0.5"); null when it is none. */
export function parseDecimal(input: string): number | null {
  const normal = input.trim().replace(",", ".");
  if (!/^[-+]?\d+(\.\d+)?$/.test(normal)) return null;
  return Number(normal);
}

/** A typed level: empty means no level; a number is kept to the centimetre the label shows. */
export type ParsedLevel = { ok: true; value: number | undefined } | { ok: false };

export function parseLevel(input: string): ParsedLevel {
  if (input.trim() === "") return { ok: true, value: undefined };
  const metres = parseDecimal(input);
  if (metres === null) return { ok: false };
  // Rounded on the decimal exponent, so 12,345 becomes 12,35 (12.345 * 100 is 1234.4999… in binary).
  const centimetres = Math.sign(metres) * Math.round(Number(`${Math.abs(metres)}e2`));
  const value = centimetres / 100 || 0;
  if (value < MIN_LEVEL_METRES || value > MAX_LEVEL_METRES) return { ok: false };
  return { ok: true, value };
}

/** A level as the language writes it, two decimals and no thousands separator: "12,45", "1250,00". */
export function formatLevel(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(metres);
}

/** The label's lines, cover on top: ["DK 12,45", "BK 10,80"]; none for a sign without levels. */
export function wellLevelLines(levels: WellLevels, locale: string): string[] {
  return WELL_LEVEL_FIELDS.flatMap((field) => {
    const metres = levels[field];
    return metres === undefined ? [] : [`${WELL_LEVEL_ABBREVIATIONS[field]} ${formatLevel(metres, locale)}`];
  });
}
