/**
 * A new sign as the gallery places it: what it is named by, where it stands, how it is turned and how
 * big it is. Pure (no OpenLayers, no React), so the rules are unit-tested.
 */
import type { Position } from "@/lib/elements/common";
import type { SignElement } from "@/lib/elements/sign";
import { normalizeRotation } from "@/lib/map/rotation";
import type { CatalogueSign } from "@/lib/signs/types";

/** What the user picked in the gallery: a catalogue sign, or an upload (personal or organisation sign). */
export interface PickedSign {
  /** Stored on the element; its last path segment names the sign. */
  imageUrl: string;
  /** The catalogue entry, or null for an upload. */
  sign: CatalogueSign | null;
  /** Shown in the gallery, the placement hint and the dialogs: "C 55 Hastighedsbegrænsning". */
  code: string;
  name: string;
  /** A sewer symbol's one line on what it is for: the tile's tooltip, and found by the search. */
  description?: string;
  /** The preview the gallery shows (webp). */
  previewUrl: string;
}

/** Ground size in metres; both absent: the sign follows the zoom. */
export interface SignSize {
  heightInMeters?: number;
  widthInMeters?: number;
}

/**
 * The size a newly placed sign gets:
 * 1. the user's standard sign size (a height in metres), when set: the width follows the catalogue's
 *    proportions (or is left to the picture); not for a sewer symbol with a real size (a Ø425 well is
 *    0.425 m across whatever size the user likes signs drawn at);
 * 2. else the catalogue's default size (the size used on roads ≤ 50 km/h; a sewer symbol's real size);
 * 3. else none: the sign follows the zoom (spec 2-content §3: "empty means the size follows the zoom
 *    level dynamically").
 */
export function initialSignSize(sign: CatalogueSign | null, standardSignSize: number | null | undefined): SignSize {
  const h = sign?.initialHeightInMeters;
  const w = sign?.initialWidthInMeters;
  const realSize = !!sign?.isKloakElement && !!h && !!w;
  if (standardSignSize && standardSignSize > 0 && !realSize) {
    if (h && w) return { heightInMeters: standardSignSize, widthInMeters: roundMetres((standardSignSize * w) / h) };
    return { heightInMeters: standardSignSize };
  }
  const size: SignSize = {};
  if (h) size.heightInMeters = h;
  if (w) size.widthInMeters = w;
  return size;
}

/** Millimetre precision: a sign's size is never given finer, and it keeps the JSON short. */
export function roundMetres(metres: number): number {
  return Math.round(metres * 1000) / 1000;
}

/**
 * The rotation of a new sign: upright on the screen. The map may be turned (mapView.rotation, degrees
 * clockwise) and a sign's rotation is relative to north, so a sign placed on a map turned by R gets −R
 * and stands as the user saw it in the gallery; on a north-up map that is 0.
 */
export function uprightRotation(mapRotationDegrees: number): number {
  return normalizeRotation(-mapRotationDegrees);
}

export function newSignElement({
  id,
  picked,
  position,
  mapRotation,
  standardSignSize,
  name,
  text,
}: {
  id: string;
  picked: PickedSign;
  position: Position;
  mapRotation: number;
  standardSignSize: number | null | undefined;
  /** The typed text of a sign flagged shouldPromptForName. */
  name?: string;
  /** The value of a parametric sign (speed, distance…). */
  text?: string;
}): SignElement {
  const element: SignElement = {
    id,
    imageUrl: picked.imageUrl,
    position,
    rotation: uprightRotation(mapRotation),
    ...initialSignSize(picked.sign, standardSignSize),
  };
  if (name !== undefined && name !== "") element.name = name;
  if (text !== undefined && text !== "") element.text = text;
  return element;
}
