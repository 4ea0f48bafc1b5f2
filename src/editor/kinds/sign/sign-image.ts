/**
 * Which picture a placed sign shows. The stored `imageUrl` names the sign (its last path segment is the
 * id, spec 2-content §3); the picture drawn for it is, in order of preference:
 * - a parametric sign (a speed limit, a distance plate), or a sign flagged shouldPromptForName with its
 *   typed name: rendered on the client from that value with the catalogue's renderer, as an SVG data
 *   URL, cached per sign and value;
 * - an artwork override an administrator uploaded for the sign's code (GET /api/sign-artwork);
 * - the catalogue's crisp SVG (the stored .webp is the preview the gallery and the exports share);
 * - for an upload (a personal or organisation sign), the uploaded image itself;
 * - otherwise the empty placeholder sign: an id nobody knows, or a URL we will not load; and every
 *   catalogue sign until the catalogue has loaded (./sign-library.ts).
 * No OpenLayers here, so the rules are unit-tested in node.
 */
import { PLACEHOLDER_ASPECT, PLACEHOLDER_SIGN_URL } from "./placeholder";
import { renderParametricSign } from "./render-parametric";
import { additionOf } from "./catalogue-additions";
import { onSignLibraryLoaded, signLibrary } from "./sign-library";
import { aspectOf } from "./sign-size";
import { signIdFromImageUrl } from "@/lib/signs/image-url";
import type { CatalogueSign } from "@/lib/signs/types";

export interface SignImage {
  /** What to draw: a same-origin URL or a data: URL. */
  src: string;
  /** Width / height of the picture when known before it loads (catalogue size, placeholder); else null. */
  aspect: number | null;
  /** True when this is the empty placeholder sign. */
  placeholder: boolean;
  /** The catalogue entry, when the sign is one. */
  sign: CatalogueSign | null;
  /** True when the picture was rendered with the sign's value or typed name (so no label is needed). */
  showsValue: boolean;
}

export const PLACEHOLDER_IMAGE: SignImage = {
  src: PLACEHOLDER_SIGN_URL,
  aspect: PLACEHOLDER_ASPECT,
  placeholder: true,
  sign: null,
  showsValue: false,
};

/** The static catalogue folder: an id there that the catalogue does not know is simply missing. */
const CATALOGUE_PREFIX = "/signs/";

// --- artwork overrides -------------------------------------------------------------------------------

let overrides: ReadonlyMap<string, string> = new Map();

/**
 * The administrator's artwork overrides, by sign id (GET /api/sign-artwork). Set once the editor has
 * loaded them; the element layer is then redrawn.
 */
export function setArtworkOverrides(next: ReadonlyMap<string, string>): void {
  overrides = next;
  resolved = new WeakMap();
}

/** The site's added signs have loaded (./catalogue-additions.ts): placed ones resolve again, now with their catalogue entry. */
export function forgetResolvedSignImages(): void {
  resolved = new WeakMap();
}

// The catalogue has arrived (./sign-library.ts): signs resolved to the placeholder before it resolve again.
onSignLibraryLoaded(() => {
  resolved = new WeakMap();
  parametric.clear();
});

export function artworkOverrideOf(signId: string): string | undefined {
  return overrides.get(signId);
}

// --- parametric signs --------------------------------------------------------------------------------

/** Rendered parametric pictures; a plan uses a handful of values, so 500 is plenty and bounds memory. */
const PARAMETRIC_CACHE_LIMIT = 500;
const parametric = new Map<string, string>();

/** The cache key of a parametric picture: the sign and its value (NUL cannot occur in either). */
export function parametricKey(signId: string, value: string): string {
  return `${signId}\u0000${value}`;
}

/** The data URL of a parametric sign showing `value`, rendered once per sign and value. */
export function parametricImageUrl(sign: CatalogueSign, value: string): string | null {
  const key = parametricKey(sign.id, value);
  let url = parametric.get(key);
  if (url === undefined) {
    const svg = renderParametricSign(sign, value);
    if (svg === null) return null;
    url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    if (parametric.size >= PARAMETRIC_CACHE_LIMIT) parametric.clear();
    parametric.set(key, url);
  }
  return url;
}

/** How many parametric pictures are cached (tests). */
export function parametricCacheSize(): number {
  return parametric.size;
}

// --- resolution --------------------------------------------------------------------------------------

/** Whether an image URL not in the catalogue is one we load: a same-origin upload outside the catalogue folder. */
export function isLoadableUpload(imageUrl: string): boolean {
  return imageUrl.startsWith("/") && !imageUrl.startsWith("//") && !imageUrl.startsWith(CATALOGUE_PREFIX);
}

/** What a placed sign may carry that its picture shows. */
export interface SignValues {
  /** The value of a parametric sign. */
  text?: string;
  /** The text typed for a sign flagged shouldPromptForName. */
  name?: string;
}

/**
 * The value a sign's picture shows: a parametric sign its value (or the catalogue's default), a sign
 * flagged shouldPromptForName the typed name; other signs none.
 */
export function pictureValueOf(sign: CatalogueSign, values: SignValues): string | null {
  if (sign.parameter) return values.text?.trim() || sign.parameter.defaultValue;
  if (sign.shouldPromptForName && values.name?.trim()) return values.name.trim();
  return null;
}

/** The picture of a sign named by an image URL, showing its value when it has one. */
export function resolveSignImage(imageUrl: string, values: SignValues = {}): SignImage {
  let sign: CatalogueSign | null;
  try {
    signIdFromImageUrl(imageUrl); // 'Invalid image URL format' for an empty last segment
    // A built-in sign, or one staff added to the catalogue (catalogue-additions.ts).
    sign = signLibrary()?.findSign(imageUrl) ?? additionOf(imageUrl);
  } catch {
    return PLACEHOLDER_IMAGE;
  }
  if (sign) {
    const aspect = aspectOf({ heightInMeters: sign.initialHeightInMeters, widthInMeters: sign.initialWidthInMeters });
    const value = pictureValueOf(sign, values);
    if (value !== null) {
      const url = parametricImageUrl(sign, value);
      if (url) return { src: url, aspect, placeholder: false, sign, showsValue: true };
    }
    // An override replaces the fixed drawing; a sign showing a value keeps ours, which can show any value.
    const override = artworkOverrideOf(sign.id);
    // The administrator's drawing need not have our proportions: its own aspect is read when it loads.
    if (override) return { src: override, aspect: null, placeholder: false, sign, showsValue: false };
    return { src: sign.svgUrl || sign.imageUrl, aspect, placeholder: false, sign, showsValue: false };
  }
  if (isLoadableUpload(imageUrl)) return { src: imageUrl, aspect: null, placeholder: false, sign: null, showsValue: false };
  return PLACEHOLDER_IMAGE;
}

/**
 * Resolution per element object: elements are immutable (every change is a new object), so a WeakMap
 * makes the per-frame style call a lookup, and forgets elements the plan no longer holds.
 */
let resolved = new WeakMap<object, SignImage>();

export function signImageOf(element: { imageUrl: string } & SignValues): SignImage {
  let image = resolved.get(element);
  if (!image) {
    image = resolveSignImage(element.imageUrl, element);
    resolved.set(element, image);
  }
  return image;
}
