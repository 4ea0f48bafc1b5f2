/**
 * The gallery's entries and category sections, shared by the editor's sign gallery and the sign-list
 * picker. The categories are the site's (site-catalogue.ts): the sewer site lists its symbol
 * categories, the sign-plan sites their traffic-sign series.
 */
import { artworkOverrideOf } from "./sign-image";
import type { GallerySection } from "./sign-gallery";
import type { PickedSign } from "./sign-placement";
import { categoriesOf } from "@/lib/signs/site-catalogue";
import type { CatalogueSign, SignCategory } from "@/lib/signs/types";
import type { SiteId } from "@/sites/site-ids";

/** A gallery entry of a catalogue sign; the preview is the administrator's artwork when there is one. */
export function pickedOfCatalogue(sign: CatalogueSign): PickedSign {
  return {
    imageUrl: sign.imageUrl,
    sign,
    code: sign.code,
    name: sign.name,
    ...(sign.description && { description: sign.description }),
    previewUrl: artworkOverrideOf(sign.id) ?? sign.imageUrl,
  };
}

/** A gallery entry of a personal or organisation sign. */
export function pickedOfUpload(upload: { name: string; gallery_image_url: string }): PickedSign {
  return { imageUrl: upload.gallery_image_url, sign: null, code: "", name: upload.name, previewUrl: upload.gallery_image_url };
}

/** One section per category of the site's catalogue, in the site's order, each with its entries in catalogue order. */
export function categorySections(
  site: SiteId,
  catalogue: readonly CatalogueSign[],
  labelOf: (category: SignCategory) => string,
  emptyText: string,
): GallerySection[] {
  return categoriesOf(site).map((category) => ({
    id: category,
    label: labelOf(category),
    signs: catalogue.filter((s) => s.category === category).map(pickedOfCatalogue),
    emptyText,
  }));
}
