/**
 * The sign catalogue's shapes (spec 2-content §3, "Sign", "Sign categories", "Default sizes"). Universal:
 * the editor's gallery, the renderer, the generation script and the server all read these.
 */

/** Catalogues by site: the Danish sign-plan catalogue, the sewer symbols, the Swedish signs (ids "se-…"). */
export type SignCatalogueId = "dk" | "sewer" | "se";

/**
 * Categories of the sign-plan sites, in the specification's order: A warning; B yield; C prohibition;
 * D mandatory; E information; U supplementary; M service; L distance, place and route; temporary signs;
 * N edge and background marking (with the O barrier material used at road works).
 */
export const DK_SIGN_CATEGORIES = ["A", "B", "C", "D", "E", "U", "M", "L", "temporary", "N"] as const;
export type DkSignCategory = (typeof DK_SIGN_CATEGORIES)[number];

/**
 * Categories of the sewer site's symbols, in the specification's order (wells and separators, wastewater
 * treatment, toilets and sanitation, installation fixtures, stormwater management). The user's own
 * symbols ("personal") are not catalogue entries, so they are not listed here.
 */
export const SEWER_SYMBOL_CATEGORIES = [
  "bronde_og_udskillere",
  "spildevandsrensning",
  "toilet_og_sanitet",
  "installationsgenstande",
  "lar",
] as const;
export type SewerSymbolCategory = (typeof SEWER_SYMBOL_CATEGORIES)[number];

/** The image folder of each sewer category: the specification spells the lar folder in upper case. */
export const SEWER_SYMBOL_FOLDERS: Record<SewerSymbolCategory, string> = {
  bronde_og_udskillere: "bronde_og_udskillere",
  spildevandsrensning: "spildevandsrensning",
  toilet_og_sanitet: "toilet_og_sanitet",
  installationsgenstande: "installationsgenstande",
  lar: "LAR",
};

/**
 * Categories of the Swedish catalogue (TA-planen), in the order of Vägmärkesförordningen (2007:90): A
 * varningsmärken, B väjningspliktsmärken, C förbudsmärken, D påbudsmärken, E anvisningsmärken, F
 * lokaliseringsmärken, T tilläggstavlor, X andra anordningar (markeringsanordningar), then the road-works
 * equipment a TA-plan draws. The ids carry "se_" so a Swedish series never shares a gallery section or a
 * message key with the Danish series of the same letter; the files lie in folders named by the letter.
 */
export const SE_SIGN_CATEGORIES = ["se_A", "se_B", "se_C", "se_D", "se_E", "se_F", "se_T", "se_X", "se_utrustning"] as const;
export type SeSignCategory = (typeof SE_SIGN_CATEGORIES)[number];

/** The image folder of each Swedish category: public/signs/se/<folder>/. */
export const SE_SIGN_FOLDERS: Record<SeSignCategory, string> = {
  se_A: "A",
  se_B: "B",
  se_C: "C",
  se_D: "D",
  se_E: "E",
  se_F: "F",
  se_T: "T",
  se_X: "X",
  se_utrustning: "utrustning",
};

/** The category of any catalogue entry, traffic sign or sewer symbol. */
export type SignCategory = DkSignCategory | SewerSymbolCategory | SeSignCategory;

/** One official size of a sign, in metres on the ground. */
export interface SignSize {
  heightInMeters: number;
  widthInMeters: number;
  /** Where the size is used, e.g. "≤ 50 km/h", "motorvej" (Danish, shown in the size picker). */
  label: string;
}

/**
 * A parametric sign: its picture is rendered from a value the user types (a speed, a distance, a
 * weight), so one catalogue entry covers every value. `defaultValue` is what the gallery shows.
 */
export interface SignParameter {
  kind: "speed" | "distance" | "length" | "weight" | "axleWeight" | "height" | "width" | "text";
  defaultValue: string;
}

/** A variant (subSign): a supplementary plate or alternative picture offered with a sign. */
export interface SignVariant {
  id: string;
  name: string;
  imageUrl: string;
}

/** One entry of a catalogue. */
export interface CatalogueSign {
  /**
   * Stable id, also the file name without extension and so the last path segment of `imageUrl`
   * (a placed sign is identified by it): the code without spaces, e.g. "A11", "C55", "U3.1".
   */
  id: string;
  /** The official code as printed, e.g. "A 11", "C 55", "N 42"; a sewer symbol's abbreviation on drawings ("RB Ø425"). */
  code: string;
  /** Name in the catalogue's language (Danish; Swedish for the Swedish signs). */
  name: string;
  /** One line in Danish on what the entry is for (sewer symbols; the gallery may show it as a tooltip). */
  description?: string;
  category: SignCategory;
  /** Preview image served from public/: /signs/<catalogue>/<category>/<id>.webp. */
  imageUrl: string;
  /** The vector drawing beside it: /signs/<catalogue>/<category>/<id>.svg. */
  svgUrl: string;
  /** Default size (the size used on roads ≤ 50 km/h); absent: the size follows the zoom. */
  initialHeightInMeters?: number;
  initialWidthInMeters?: number;
  /** Every official size, the default first. */
  sizes?: readonly SignSize[];
  subSigns?: readonly SignVariant[];
  /** The user types the sign's text (a place name, a plate's wording). */
  shouldPromptForName?: boolean;
  parameter?: SignParameter;
  /** Sewer symbols carry it; traffic signs do not. */
  isKloakElement?: boolean;
}
