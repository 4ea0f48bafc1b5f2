/**
 * What the sign-list dialog does to a list's signs before it sends them (PUT /custom-lists/{id} replaces
 * them whole): add one picked sign, add the signs of the open plan, parse a typed count. Pure (no React,
 * no OpenLayers), so the rules are unit-tested.
 */
import {
  CUSTOM_LIST_COUNT_MAX,
  CUSTOM_LIST_COUNT_MIN,
  CUSTOM_LIST_MAX_SIGNS,
  CUSTOM_LIST_SIGN_NAME_MAX,
  type CustomListSign,
} from "@/lib/schemas/custom-lists";

/** Two rows are the same sign when they show the same picture with the same value (C 55 at 30 and at 50 are two). */
export function sameSign(a: Pick<CustomListSign, "imageUrl" | "value">, b: Pick<CustomListSign, "imageUrl" | "value">): boolean {
  return a.imageUrl === b.imageUrl && (a.value ?? "") === (b.value ?? "");
}

/** The name as shown in the dialog and the exports: "C 55 Lokal hastighedsbegrænsning (30)". */
export function displayName(sign: Pick<CustomListSign, "name" | "value">): string {
  return sign.value ? `${sign.name} (${sign.value})` : sign.name;
}

const clampCount = (count: number) => Math.min(CUSTOM_LIST_COUNT_MAX, Math.max(CUSTOM_LIST_COUNT_MIN, Math.round(count)));

export class TooManySignsError extends Error {
  constructor() {
    super(`a list holds at most ${CUSTOM_LIST_MAX_SIGNS} signs`);
    this.name = "TooManySignsError";
  }
}

/**
 * The list with `added` in it: a sign already on the list gets the added count on top of its own (at
 * most CUSTOM_LIST_COUNT_MAX) and keeps its place and comment; a new sign goes last. Throws
 * TooManySignsError when the new rows would pass CUSTOM_LIST_MAX_SIGNS.
 */
export function addSigns(signs: readonly CustomListSign[], added: readonly CustomListSign[]): CustomListSign[] {
  const next = signs.map((sign) => ({ ...sign }));
  for (const sign of added) {
    const existing = next.find((row) => sameSign(row, sign));
    if (existing) existing.count = clampCount(existing.count + sign.count);
    else next.push({ ...sign, count: clampCount(sign.count), name: sign.name.slice(0, CUSTOM_LIST_SIGN_NAME_MAX) });
  }
  if (next.length > CUSTOM_LIST_MAX_SIGNS && next.length > signs.length) throw new TooManySignsError();
  return next;
}

/** A typed count: a whole number from CUSTOM_LIST_COUNT_MIN to CUSTOM_LIST_COUNT_MAX, else null. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= CUSTOM_LIST_COUNT_MIN && count <= CUSTOM_LIST_COUNT_MAX ? count : null;
}

/** A placed sign as the plan holds it (the fields that say which sign it is). */
export interface PlacedSign {
  imageUrl: string;
  text?: string;
  name?: string;
  subSign?: { imageUrl: string; text?: string };
}

/**
 * How the dialog names a sign of the plan: its list name and the value its picture shows, or null when
 * unknown; `imageUrl` when the list should hold another URL than the plan's (the catalogue's own for a
 * sign the plan names by another path).
 */
export type DescribeSign = (
  imageUrl: string,
  values: { text?: string; name?: string },
) => { name: string; value?: string; imageUrl?: string } | null;

/**
 * The distinct signs of a plan with their counts, in the order they first occur: each placed sign, and
 * its supplementary plate (a variant) as a sign of its own, since it is a plate to fetch too. A sign is
 * counted per picture and value. Signs `describe` does not know (an image URL a list cannot hold, an
 * unknown id) are counted in `skipped`.
 */
export function planSignRows(placed: readonly PlacedSign[], describe: DescribeSign): { rows: CustomListSign[]; skipped: number } {
  const rows: CustomListSign[] = [];
  let skipped = 0;
  const count = (imageUrl: string, values: { text?: string; name?: string }) => {
    const described = describe(imageUrl, values);
    if (!described) {
      skipped++;
      return;
    }
    const row: CustomListSign = {
      imageUrl: described.imageUrl ?? imageUrl,
      name: described.name,
      count: 1,
      comment: "",
      ...(described.value && { value: described.value }),
    };
    const existing = rows.find((r) => sameSign(r, row));
    if (existing) existing.count = clampCount(existing.count + 1);
    else rows.push(row);
  };
  for (const sign of placed) {
    count(sign.imageUrl, { text: sign.text, name: sign.name });
    if (sign.subSign?.imageUrl) count(sign.subSign.imageUrl, { text: sign.subSign.text });
  }
  return { rows, skipped };
}
