"use client";
/**
 * The plan's sign inventory as the editor shows and prints it: the rows (src/editor/kinds/sign/sign-inventory.ts)
 * with the catalogue and the names of the user's uploads, and how a row's size, name and details read in
 * the site's language. The inventory dialog and the plan export share them.
 */
import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import { signInventory, type SignInventoryRow, type SignInventorySize } from "../../kinds/sign/sign-inventory";
import { fetchOrganisationSigns, fetchPersonalSigns } from "../../kinds/sign/sign-api";
import { isLoadableUpload, resolveSignImage } from "../../kinds/sign/sign-image";
import { loadSignLibrary, type SignLibrary } from "../../kinds/sign/sign-library";
import type { PlanContent } from "@/lib/elements/plan-content";

/** The names of the user's personal and organisation signs, by the image URL they are placed with. */
async function uploadNames(): Promise<Map<string, string>> {
  const [personal, organisation] = await Promise.all([fetchPersonalSigns(), fetchOrganisationSigns()]);
  return new Map([...(personal ?? []), ...(organisation?.signs ?? [])].map((sign) => [sign.gallery_image_url, sign.name]));
}

export async function loadSignInventory(content: PlanContent, locale: string): Promise<SignInventoryRow[]> {
  // Without the catalogue every sign is listed as unknown rather than not at all.
  const library: SignLibrary | null = await loadSignLibrary().catch((error: unknown) => {
    console.error("sign inventory: the sign library could not be loaded", error);
    return null;
  });
  const names = content.signs.some((sign) => isLoadableUpload(sign.imageUrl)) ? await uploadNames() : new Map<string, string>();
  return signInventory(content, {
    findSign: (imageUrl) => library?.findSign(imageUrl) ?? null,
    imageOf: (imageUrl, values) => resolveSignImage(imageUrl, values).src,
    uploadName: (imageUrl) => names.get(imageUrl) ?? null,
    locale,
  });
}

/** How a row reads: its size, its name (or what stands in for one) and its value and variant. */
export function useInventoryTexts() {
  const t = useTranslations("editor.signInventory");
  const format = useFormatter();
  return useMemo(() => {
    const metres = (value: number) => format.number(value, { maximumFractionDigits: 3 });
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
      ...(row.variant
        ? [t("variant", { label: row.variant.text ? `${row.variant.label} (${row.variant.text})` : row.variant.label })]
        : []),
    ];
    return { sizeText, nameOf, detailsOf };
  }, [t, format]);
}
