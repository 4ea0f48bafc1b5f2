/**
 * The company logo printed on an export's title block (spec 2-content §3, Export: "include company
 * logo"), at the paths of spec core §7 "Logo": POST /api/users/upload-logo (multipart, file part
 * `logo`), GET /api/users/logo (this DTO; with `?image=` the image itself) and DELETE /api/users/logo.
 *
 * Whose logo: a member of an organisation uses the organisation's logo (its owner and administrators
 * set it, every member reads it), so every plan the company hands in carries the same one; a user
 * outside any organisation has a logo of their own. A personal logo stored before joining stays
 * stored, unused, and is theirs again if they leave.
 */
import { MAX_SIGN_UPLOAD_BYTES } from "./signs";

/** Largest logo upload, in bytes: the same as a sign image's, as it is checked and re-encoded the same way. */
export const MAX_COMPANY_LOGO_BYTES = MAX_SIGN_UPLOAD_BYTES;

/** The image types a logo may be uploaded as (decided by the file's bytes, not its name). */
export const COMPANY_LOGO_ACCEPT = "image/png,image/jpeg,image/webp,image/svg+xml,.svg";

/** The multipart part an upload carries the logo in (spec core §7). */
export const COMPANY_LOGO_FIELD = "logo";

/**
 * The least width and height, in pixels, of a raster logo. A favicon (16 or 32 px) or a thumbnail is
 * refused: the title block prints the logo about 12 mm high, and 48 px there is about 100 dpi, coarse but
 * legible; anything smaller prints blocky. An SVG has no pixels and prints sharp at any size, so it has
 * no minimum beyond a positive width and height.
 */
export const COMPANY_LOGO_MIN_SIDE = 48;

/**
 * A raster logo is stored as PNG at most this many pixels on its long side: a 60 mm wide logo on the
 * title block at 300 dpi needs about 700.
 */
export const COMPANY_LOGO_MAX_SIDE = 1000;

/** What GET /users/logo, POST /users/upload-logo and DELETE /users/logo answer. */
export interface CompanyLogoDto {
  /** Whose logo the caller's exports use: their organisation's, or their own. */
  scope: "organisation" | "user";
  /** Whether the caller may replace or remove it (always for their own; owner and administrators for an organisation's). */
  canManage: boolean;
  /** The logo, or null when none is set. */
  logo: {
    /** image/png (raster uploads, re-encoded) or image/svg+xml (sanitised, printed as vector). */
    contentType: "image/png" | "image/svg+xml";
    /** Pixel size (an SVG's own width and height), for the aspect ratio on the title block. */
    width: number;
    height: number;
    updatedAt: string;
    /** GET it with the bearer token (/api/users/logo?image=<upload time>): changes with every upload, so a cached copy is never stale. */
    url: string;
  } | null;
}
