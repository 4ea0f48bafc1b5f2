/**
 * The plan's sign inventory as the editor shows and prints it: the rows (./sign-inventory.ts) with the
 * catalogue and the names of the user's uploads, how a row's size, name and details read in the site's
 * language, and what signs contribute to an export (EditorElement `pictures`, `pictureRows`). The
 * inventory dialog and the plan export share them.
 */
import type { ExportLanguage, PictureRow, Translate } from "../types";
import { additionOf } from "./catalogue-additions";
import { fetchOrganisationSigns, fetchPersonalSigns } from "./sign-api";
import { isLoadableUpload, PLACEHOLDER_IMAGE, resolveSignImage, signImageOf } from "./sign-image";
import { signInventory, type SignInventoryRow, type SignInventorySize } from "./sign-inventory";
import { loadSignLibrary, type SignLibrary } from "./sign-library";
import type { PlanContent } from "@/lib/elements/plan-content";
import type { SignElement } from "@/lib/elements/sign";

/** The names of the user's personal and organisation signs, by the image URL they are placed with. */
async function uploadNames(): Promise<Map<string, string>> {
  const [personal, organisation] = await Promise.all([fetchPersonalSigns(), fetchOrganisationSigns()]);
  return new Map([...(personal ?? []), ...(organisation?.signs ?? [])].map((sign) => [sign.gallery_image_url, sign.name]));
}

export async function loadSignInventory(content: Pick<PlanContent, "signs">, locale: string): Promise<SignInventoryRow[]> {
  // Without the catalogue every sign is listed as unknown rather than not at all.
  const library: SignLibrary | null = await loadSignLibrary().catch((error: unknown) => {
    console.error("sign inventory: the sign library could not be loaded", error);
    return null;
  });
  const names = content.signs.some((sign) => isLoadableUpload(sign.imageUrl)) ? await uploadNames() : new Map<string, string>();
  return signInventory(content, {
    findSign: (imageUrl) => library?.findSign(imageUrl) ?? additionOf(imageUrl),
    imageOf: (imageUrl, values) => resolveSignImage(imageUrl, values).src,
    uploadName: (imageUrl) => names.get(imageUrl) ?? null,
    locale,
  });
}

/**
 * How a row reads: its size, its name (or what stands in for one) and its value and variant. `t` looks
 * up the messages under `editor.signInventory`; `metres` writes a length as the site does.
 */
export function inventoryTexts(t: Translate, metres: (value: number) => string) {
  const sizeText = (size: SignInventorySize | null) => {
    if (!size) return t("followsZoom");
    const { heightInMeters: h, widthInMeters: w } = size;
    if (h !== null && w !== null) return t("size", { height: metres(h), width: metres(w) });
    return h !== null ? t("heightOnly", { height: metres(h) }) : t("widthOnly", { width: metres(w ?? 0) });
  };
  const nameOf = (row: SignInventoryRow) => row.name ?? (row.source === "upload" ? t("ownSign") : t("unknownSign", { id: row.signId }));
  /** What the row's sign shows beyond its name: its value and its variant. */
  const detailsOf = (row: SignInventoryRow): string[] => [
    ...(row.value !== null ? [t("value", { value: row.value })] : []),
    ...(row.variant ? [t("variant", { label: row.variant.text ? `${row.variant.label} (${row.variant.text})` : row.variant.label })] : []),
  ];
  return { sizeText, nameOf, detailsOf };
}

/** The pictures a sign is printed with: its own, its plate's, and the placeholder drawn for one that cannot be loaded. */
export function signPictures(sign: SignElement): string[] {
  return [PLACEHOLDER_IMAGE.src, signImageOf(sign).src, ...(sign.subSign ? [signImageOf(sign.subSign).src] : [])];
}

/** The signs' rows of an export's legend and inventory: one per sign as it stands, named with its value and variant. */
export async function signPictureRows(signs: readonly SignElement[], language: ExportLanguage): Promise<PictureRow[]> {
  const rows = await loadSignInventory({ signs: [...signs] }, language.locale);
  const texts = inventoryTexts(
    (key, values) => language.t(`editor.signInventory.${key}`, values),
    (value) => language.number(value, 3),
  );
  return rows.map((row) => ({
    src: row.imageUrl,
    code: row.code,
    name: [texts.nameOf(row), ...texts.detailsOf(row)].join(", "),
    size: texts.sizeText(row.size),
    count: row.count,
  }));
}
