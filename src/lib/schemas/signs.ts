/**
 * Bodies, answers and limits of the sign API: personal signs, the organisation sign gallery, the admins'
 * artwork that replaces a built-in drawing, and the user's editor settings (spec 2-content §3, core §7).
 * Error messages are keys under `validation`.
 */
import * as z from "zod";
import { isOwnSignImageUrl } from "@/lib/signs/image-url";
import { rowIdSchema } from "./project";
import { drawingStylesSchema, pipeWaterKindLooksSchema, updateDrawingStylesSchema, updatePipeWaterKindLooksSchema } from "./user-settings";

/** Largest upload of a sign image (personal, organisation or artwork), in bytes. */
export const MAX_SIGN_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Largest SVG artwork, in bytes; official drawings are well below 1 MB. */
export const MAX_SVG_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels an uploaded raster image may declare (width × height). Checked from the header before
 * anything is decoded, so a small file that unpacks to gigabytes (a "decompression bomb") costs nothing.
 */
export const MAX_SIGN_PIXELS = 40_000_000;
/** Gallery signs are stored at most this many pixels on their longest side (plenty for A0 at sign size). */
export const SIGN_IMAGE_MAX_SIDE = 1024;
/** PNG artwork replaces a drawing that may be printed large, so it keeps more pixels. */
export const ARTWORK_PNG_MAX_SIDE = 2048;
/**
 * Most pixels the raster images embedded in an SVG (sign artwork, a company logo) may have together. They
 * are drawn as they are, never scaled down on upload, so they get what a PNG artwork is stored at:
 * 2048 × 2048 (16 MB of decoded pixels), more than a sign or logo printed on A0 needs.
 */
export const MAX_SVG_IMAGE_PIXELS = ARTWORK_PNG_MAX_SIDE * ARTWORK_PNG_MAX_SIDE;
export const MAX_RECENT_SIGNS = 24;
export const STANDARD_SIGN_SIZE_MIN = 0.1;
export const STANDARD_SIGN_SIZE_MAX = 10;

/** The answer's `code` when a personal sign was deleted: the editor opens `baseSignId` with a warning. */
export const PERSONAL_SIGN_DELETED = "PERSONAL_SIGN_DELETED";

/** Image-URL names of uploaded signs: the last path segment (without extension) identifies a placed sign. */
export const personalSignImageId = (id: number) => `personal_${id}`;
export const organisationSignImageId = (id: number) => `organisation_${id}`;

export const signNameSchema = z
  .string({ error: "signNameRequired" })
  .trim()
  .min(1, { error: "signNameRequired" })
  .max(100, { error: "nameTooLong" });
/** A catalogue id: the code without spaces, e.g. "A11", "C11.1", "U3.1". */
export const catalogueSignIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, { error: "signIdInvalid" });

/** Text fields of POST /personal-signs (multipart; the file travels beside them as "file"). */
export const uploadPersonalSignBodySchema = z.object({
  name: signNameSchema,
  /** The catalogue sign it was made from; an empty field means none. */
  baseSignId: z.preprocess((v) => (v === "" ? undefined : v), catalogueSignIdSchema.optional()),
});
export type UploadPersonalSignBody = z.output<typeof uploadPersonalSignBodySchema>;

/** Text fields of POST /organisation-signs (multipart, with "file"). */
export const uploadOrganisationSignBodySchema = z.object({ name: signNameSchema });
export type UploadOrganisationSignBody = z.output<typeof uploadOrganisationSignBodySchema>;

/** {id} of /personal-signs/{id}: the number, or the image-URL name "personal_12" the editor holds. */
export const personalSignParamSchema = z.object({
  id: z.preprocess((v) => (typeof v === "string" ? v.replace(/^personal_/, "") : v), rowIdSchema),
});
/** ?key= on GET /personal-signs/{id}: the image URL's key, which lets a colleague editing a shared plan ask too. */
export const personalSignLookupQuerySchema = z.object({
  key: z
    .string()
    .regex(/^[a-f0-9]{32}$/)
    .optional(),
});

export const signArtworkParamSchema = z.object({ signId: catalogueSignIdSchema });

export interface PersonalSignDto {
  id: number;
  name: string;
  /** Spec's field name: the image to place, /api/sign-images/{key}/personal_{id}.webp. */
  gallery_image_url: string;
  baseSignId: string | null;
  /** Pixel size of the stored image (its aspect ratio sizes the sign on the map). */
  width: number;
  height: number;
  createdAt: string;
}

/** GET /personal-signs/{id} on a deleted sign: 404 with this body. */
export interface PersonalSignDeletedDto {
  message: string;
  code: typeof PERSONAL_SIGN_DELETED;
  baseSignId: string | null;
}

export interface OrganisationSignDto {
  id: number;
  name: string;
  gallery_image_url: string;
  width: number;
  height: number;
  createdAt: string;
  /** Name of the member who uploaded it; null once that account is gone. */
  createdByName: string | null;
}

export interface OrganisationSignGalleryDto {
  organizationId: number;
  /** The caller is the organisation's owner or an administrator, and may upload and delete. */
  canManage: boolean;
  signs: OrganisationSignDto[];
}

export interface SignArtworkDto {
  signId: string;
  imageUrl: string;
  contentType: "image/svg+xml" | "image/png";
  uploadedAt: string;
}

/** GET /sign-artwork: catalogue id → URL of the artwork that replaces the built-in drawing. */
export type SignArtworkMap = Record<string, string>;

/**
 * An image URL of a recently used sign, as the gallery records it: a catalogue picture or an uploaded
 * sign's, a path of our own origin (isOwnSignImageUrl). The gallery shows only signs it finds by these
 * URLs, so another host's URL would serve nothing but to make the browser fetch from there.
 */
export const recentSignUrlSchema = z
  .string({ error: "recentSignsInvalid" })
  .max(2_048, { error: "recentSignsInvalid" })
  .refine(isOwnSignImageUrl, { error: "recentSignsInvalid" });

export const userSettingsSchema = z.object({
  /** Height in metres of a newly placed sign; null: the size follows the zoom (spec 2-content §3). */
  standardSignSize: z
    .number({ error: "standardSignSize" })
    .min(STANDARD_SIGN_SIZE_MIN, { error: "standardSignSize" })
    .max(STANDARD_SIGN_SIZE_MAX, { error: "standardSignSize" })
    .nullable(),
  /** Image URLs of the recently used signs, newest first, at most MAX_RECENT_SIGNS. */
  recentSigns: z.array(recentSignUrlSchema).max(MAX_RECENT_SIGNS),
  /** The style each kind's next drawing starts with: the last one set (src/lib/schemas/user-settings.ts). */
  drawingStyles: drawingStylesSchema,
  /** The colour and dash of each kind of water the user changed; the others keep PIPE_WATER_KIND_DEFAULTS. */
  pipeWaterKinds: pipeWaterKindLooksSchema,
});
export type UserSettingsDto = z.output<typeof userSettingsSchema>;

/**
 * PATCH /user-settings: any of the fields. The client may send its list with a new sign in front of a
 * full one: duplicates are dropped (the first, newest, is kept) and the list is cut to the newest 24.
 */
export const updateUserSettingsBodySchema = z.object({
  standardSignSize: userSettingsSchema.shape.standardSignSize.optional(),
  recentSigns: z
    .array(recentSignUrlSchema, { error: "recentSignsInvalid" })
    .max(MAX_RECENT_SIGNS * 4, { error: "recentSignsInvalid" })
    .transform((urls) => [...new Set(urls)].slice(0, MAX_RECENT_SIGNS))
    .optional(),
  /** Per kind: replaces that kind's style, null forgets it; other kinds are kept. */
  drawingStyles: updateDrawingStylesSchema.optional(),
  /** Per kind of water: replaces its look, null gives it back its default; other kinds are kept. */
  pipeWaterKinds: updatePipeWaterKindLooksSchema.optional(),
});
export type UpdateUserSettingsBody = z.output<typeof updateUserSettingsBodySchema>;

/** {key}/{file} of /sign-images: checked against the stored rows by the server (anything else is a 404). */
export const signImageParamSchema = z.object({ key: z.string().max(64), file: z.string().max(120) });
