/**
 * The empty placeholder sign (spec 1-core §8: "Unfound sign: an empty placeholder sign"): what a placed
 * sign shows when its picture cannot be found (an id the catalogue does not know, a deleted upload, an
 * image that fails to load). A light plate with a grey outline and a question mark, so the user sees
 * that something stands there and can select, move, edit or delete it.
 */

const PLACEHOLDER_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">` +
  `<rect x="4" y="4" width="92" height="92" rx="10" fill="#f5f5f5" stroke="#8a8a8a" stroke-width="6" stroke-dasharray="14 7"/>` +
  `<text x="50" y="71" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="60" font-weight="700" fill="#8a8a8a">?</text>` +
  `</svg>`;

export const PLACEHOLDER_SIGN_URL = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(PLACEHOLDER_SVG)}`;

/** The placeholder is square. */
export const PLACEHOLDER_ASPECT = 1;
