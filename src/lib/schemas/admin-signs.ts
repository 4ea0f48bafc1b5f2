/**
 * The sign catalogue in the admin area (issue 32): staff search a site's built-in and added signs,
 * replace a built-in sign's artwork, add a missing sign without a release, and undo any change.
 * Every path is behind withAdmin (401 anonymous, 404 for anyone but staff).
 *
 * - GET    /admin/signs?site=&q=&page=                 → AdminSignPageDto (added signs first, then the catalogue's order)
 * - POST   /admin/signs (multipart: site, code, name, category, height, width, file) → AdminSignDto
 * - PUT    /admin/sign-artwork/{signId} (multipart: file) → SignArtworkDto (a "sign.replaceArtwork" change)
 * - DELETE /admin/sign-artwork/{signId}                  → { signId, reverted } (a "sign.removeArtwork" change)
 * - GET    /admin/signs/changes?site=&cursor=           → CatalogueChangePageDto (newest first)
 * - POST   /admin/signs/changes/{changeId}/undo           → CatalogueChangeDto (409 when undone already or a later change stands in the way)
 * Public: GET /signs/catalogue-additions?site= → CatalogueSign[] (the live additions of that site's catalogue).
 */
import * as z from "zod";
import type { SignCatalogueId } from "../signs/types";
import { SITE_IDS, type SiteId } from "@/sites/site-ids";

export const ADMIN_SIGN_PAGE_SIZE = 48;
export const CATALOGUE_CHANGE_PAGE_SIZE = 20;
export const ADDED_SIGN_CODE_MAX = 20;
export const ADDED_SIGN_NAME_MAX = 100;
/** A default size is given in metres on the ground; no road sign or sewer symbol is larger. */
export const ADDED_SIGN_SIZE_MAX_M = 20;

const site = z.enum(SITE_IDS);
const id = z.coerce.number().int().positive();

export const adminSignsQuerySchema = z.object({
  site,
  q: z.string().trim().max(100).default(""),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type AdminSignsQuery = z.infer<typeof adminSignsQuerySchema>;

export const catalogueChangesQuerySchema = z.object({ site, cursor: id.optional() });
export const catalogueChangeParamSchema = z.object({ changeId: id });
export const catalogueAdditionsQuerySchema = z.object({ site: site.optional() });

export interface AdminSignDto {
  /** The id a placed sign is known by: a built-in catalogue id, or "added_12" for an added sign. */
  id: string;
  code: string;
  name: string;
  category: string;
  /** What the sign looks like now: the replaced artwork, the added sign's file, or the built-in preview. */
  previewUrl: string;
  /** The staff's artwork replacing a built-in drawing; null when the built-in one is shown. */
  artworkUrl: string | null;
  /** Added by staff (not part of the release). */
  added: boolean;
  heightInMeters: number | null;
  widthInMeters: number | null;
}

export interface AdminSignPageDto {
  site: SiteId;
  catalogue: SignCatalogueId;
  signs: AdminSignDto[];
  total: number;
  page: number;
  pageSize: number;
}

export type CatalogueChangeAction = "sign.add" | "sign.replaceArtwork" | "sign.removeArtwork";

export interface CatalogueChangeDto {
  id: number;
  catalogue: SignCatalogueId;
  action: CatalogueChangeAction;
  /** The built-in sign's id, or the added sign's code. */
  signId: string;
  /** The picture the change put in place (an addition's file, the new artwork); null for a removal. */
  imageUrl: string | null;
  adminEmail: string | null;
  createdAt: string;
  undoneAt: string | null;
  undoneByEmail: string | null;
}

export interface CatalogueChangePageDto {
  changes: CatalogueChangeDto[];
  nextCursor: number | null;
}

/** "C 55", "c55" and "C55" are one code: spaces and case do not tell signs apart. */
export function normaliseSignCode(code: string): string {
  return code.replace(/\s+/g, "").toLowerCase();
}

/** A typed size in metres ("0,7" or "0.7"); "" is no size; anything else NaN. */
export function parseMetres(text: string | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return null;
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(",", "."));
}
