/**
 * The sign inventory (spec 2-content §3, "Sign inventory"): a per-plan overview of the signs used, one
 * row per sign as it stands on the plan (the same sign with another value, variant or size is another
 * row), with how many there are. The editor shows it in a dialog and prints it; the plan export prints
 * it with the plan. Pure: the catalogue and the names of uploaded signs come in through `lookup`, so
 * it is unit-tested without a browser.
 */
import { PLACEHOLDER_SIGN_URL } from "./placeholder";
import { pictureValueOf } from "./sign-image";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SignElement } from "@/lib/elements/sign";
import { signIdFromImageUrl } from "@/lib/signs/image-url";
import type { CatalogueSign } from "@/lib/signs/types";

/** Where a row's sign comes from: the catalogue, an upload (personal or organisation sign), or neither. */
export type SignInventorySource = "catalogue" | "upload" | "unknown";

/** The variant (supplementary plate) hung below a sign. */
export interface SignInventoryVariant {
  /** "U 3.1 Afstand" for a catalogue variant; "" when the plate is not in the catalogue. */
  label: string;
  imageUrl: string;
  /** The value written on the plate, when it has one. */
  text: string | null;
}

/**
 * A sign's size on the ground as placed, in metres. A dimension the sign does not store is derived from
 * the catalogue's proportions where the catalogue has them, else null (the picture's own proportions).
 */
export interface SignInventorySize {
  heightInMeters: number | null;
  widthInMeters: number | null;
}

export interface SignInventoryRow {
  /** Stable and unique within the inventory: the sign, its value, its variant and its size. */
  key: string;
  source: SignInventorySource;
  /** The catalogue id, or the last path segment of the image URL (uploads, unknown signs). */
  signId: string;
  /** The official code ("C 55"); "" for uploads and unknown signs. */
  code: string;
  /** The catalogue's name, or an upload's name; null when nobody told us (a deleted or someone else's upload). */
  name: string | null;
  /** The picture to show: with its value for a parametric sign when `lookup.imageOf` renders one. */
  imageUrl: string;
  /** A parametric sign's value (a speed, a distance) or a typed name (a place). */
  value: string | null;
  variant: SignInventoryVariant | null;
  /** Null: the sign has no size of its own and follows the zoom (src/editor/kinds/sign/sign-size.ts). */
  size: SignInventorySize | null;
  count: number;
}

export interface SignInventoryLookup {
  /** The catalogue entry behind an image URL (src/lib/signs/catalogue.ts `findSign`). */
  findSign(imageUrl: string): CatalogueSign | null;
  /** The picture of a sign showing its value; default: the catalogue's preview, an upload's own image. */
  imageOf?(imageUrl: string, values: { text?: string; name?: string }): string;
  /** The name of a personal or organisation sign, by the image URL it is placed with. */
  uploadName?(imageUrl: string): string | null;
  /** The language codes and values are ordered in (default Danish). */
  locale?: string;
}

/** The static catalogue folder: an id there that the catalogue does not know is an unknown sign. */
const CATALOGUE_PREFIX = "/signs/";

/** A same-origin upload outside the catalogue folder (as the editor decides which images it loads). */
const isUpload = (imageUrl: string) => imageUrl.startsWith("/") && !imageUrl.startsWith("//") && !imageUrl.startsWith(CATALOGUE_PREFIX);

/** Millimetres, as sizes are given and stored (sign-placement.ts `roundMetres`). */
const mm = (metres: number) => Math.round(metres * 1000) / 1000;

function findSafely(lookup: SignInventoryLookup, imageUrl: string): CatalogueSign | null {
  try {
    return lookup.findSign(imageUrl);
  } catch {
    return null; // 'Invalid image URL format': an unknown sign
  }
}

function idOf(imageUrl: string): string {
  try {
    return signIdFromImageUrl(imageUrl);
  } catch {
    return imageUrl;
  }
}

const trimmed = (value: string | undefined) => value?.trim() || null;

/** The value a sign shows, as the map draws it: a parametric sign its value, a named sign its name. */
function valueOf(element: SignElement, sign: CatalogueSign | null): string | null {
  if (sign) return pictureValueOf(sign, element);
  return trimmed(element.name) ?? trimmed(element.text);
}

function sizeOf(element: SignElement, sign: CatalogueSign | null): SignInventorySize | null {
  const h = element.heightInMeters;
  const w = element.widthInMeters;
  if (!h && !w) return null;
  const aspect = sign?.initialHeightInMeters && sign.initialWidthInMeters ? sign.initialWidthInMeters / sign.initialHeightInMeters : null;
  return {
    heightInMeters: h ? mm(h) : w && aspect ? mm(w / aspect) : null,
    widthInMeters: w ? mm(w) : h && aspect ? mm(h * aspect) : null,
  };
}

function variantOf(element: SignElement, sign: CatalogueSign | null, lookup: SignInventoryLookup): SignInventoryVariant | null {
  const sub = element.subSign;
  if (!sub) return null;
  const id = idOf(sub.imageUrl);
  const offered = sign?.subSigns?.find((variant) => idOf(variant.imageUrl) === id);
  const plate = findSafely(lookup, sub.imageUrl);
  const label = plate ? `${plate.code} ${plate.name}` : (offered?.name ?? "");
  const text = trimmed(sub.text);
  return { label, imageUrl: lookup.imageOf?.(sub.imageUrl, { text: text ?? undefined }) ?? plate?.imageUrl ?? sub.imageUrl, text };
}

/** The rows of a plan's inventory, sorted by code in natural order (A 2 before A 11), then by value and size. */
export function signInventory(content: Pick<PlanContent, "signs">, lookup: SignInventoryLookup): SignInventoryRow[] {
  const rows = new Map<string, SignInventoryRow>();
  for (const element of content.signs) {
    const sign = findSafely(lookup, element.imageUrl);
    const source: SignInventorySource = sign ? "catalogue" : isUpload(element.imageUrl) ? "upload" : "unknown";
    const signId = sign?.id ?? idOf(element.imageUrl);
    const value = valueOf(element, sign);
    const variant = variantOf(element, sign, lookup);
    const size = sizeOf(element, sign);
    // An upload is told apart by its whole URL (two users' personal_3 are different signs).
    const identity = source === "upload" ? element.imageUrl : signId;
    const key = JSON.stringify([
      source,
      identity,
      value,
      variant && [idOf(variant.imageUrl), variant.text],
      size && [size.heightInMeters, size.widthInMeters],
    ]);
    const row = rows.get(key);
    if (row) {
      row.count += 1;
      continue;
    }
    const values = { text: element.text, name: element.name };
    rows.set(key, {
      key,
      source,
      signId,
      code: sign?.code ?? "",
      name: sign?.name ?? (source === "upload" ? (lookup.uploadName?.(element.imageUrl) ?? null) : null),
      imageUrl:
        lookup.imageOf?.(element.imageUrl, values) ??
        (sign ? sign.imageUrl : source === "upload" ? element.imageUrl : PLACEHOLDER_SIGN_URL),
      value,
      variant,
      size,
      count: 1,
    });
  }
  const collator = new Intl.Collator(lookup.locale ?? "da", { numeric: true });
  const sourceOrder: Record<SignInventorySource, number> = { catalogue: 0, upload: 1, unknown: 2 };
  const byNumber = (a: number | null | undefined, b: number | null | undefined) => (a ?? Infinity) - (b ?? Infinity);
  return [...rows.values()].sort(
    (a, b) =>
      sourceOrder[a.source] - sourceOrder[b.source] ||
      collator.compare(a.code, b.code) ||
      collator.compare(a.name ?? "", b.name ?? "") ||
      collator.compare(a.signId, b.signId) ||
      collator.compare(a.value ?? "", b.value ?? "") ||
      collator.compare(a.variant?.label ?? "", b.variant?.label ?? "") ||
      collator.compare(a.variant?.text ?? "", b.variant?.text ?? "") ||
      // Zoom-following first, then by height and width.
      (a.size ? 1 : 0) - (b.size ? 1 : 0) ||
      byNumber(a.size?.heightInMeters, b.size?.heightInMeters) ||
      byNumber(a.size?.widthInMeters, b.size?.widthInMeters) ||
      collator.compare(a.key, b.key),
  );
}

/** How many signs the plan holds in all. */
export function signInventoryTotal(rows: readonly SignInventoryRow[]): number {
  return rows.reduce((sum, row) => sum + row.count, 0);
}
