/** Bodies of the plan API (core §7, Signplans). Error messages are keys under `validation`. */
import * as z from "zod";

import { PAPER_SIZES } from "../plan-limits";
import { rowId, rowIdSchema } from "./project";

export {
  MAX_BACKGROUND_AREA_PX,
  MAX_BACKGROUND_BYTES,
  MAX_BACKGROUND_PDF_OBJECTS,
  MAX_BACKGROUND_PDF_PAGES,
  MAX_BACKGROUND_PDF_SIDE_PT,
  MAX_BACKGROUND_PIXELS,
  MAX_PLAN_CONTENT_BYTES,
  PAPER_SIZES,
  TRASH_RETENTION_DAYS,
} from "../plan-limits";

export const planNameSchema = z
  .string({ error: "planNameRequired" })
  .trim()
  .min(1, { error: "planNameRequired" })
  .max(200, { error: "nameTooLong" });
export const scaleSchema = z
  .string()
  .trim()
  .regex(/^1:[1-9]\d{0,6}$/, { error: "scaleFormat" });

export const createSignplanBodySchema = z.object({
  name: planNameSchema,
  project_id: rowId("projectRequired"),
  paperSize: z.enum(PAPER_SIZES, { error: "paperSize" }).nullish(),
  scale: scaleSchema.nullish(),
  /** Validated separately against the element registry; a new plan without it gets the default content. */
  content: z.unknown().optional(),
});

export const updateSignplanBodySchema = z.object({
  /** The version the client loaded; a stale one answers 409. */
  version: z.number({ error: "versionRequired" }).int().positive(),
  name: planNameSchema.optional(),
  content: z.unknown().optional(),
});

export const resetSignplanBodySchema = z.object({ version: z.number({ error: "versionRequired" }).int().positive() });

export const copySignplanBodySchema = z.object({
  name: planNameSchema,
  project_id: rowId("projectRequired"),
});

/** The furthest a share link's expiry may lie ahead. */
export const MAX_SHARE_LINK_DAYS = 365;

/** The expiry a share link may be given: a moment from now to MAX_SHARE_LINK_DAYS ahead. */
export const shareLinkExpirySchema = z.iso.datetime({ offset: true, error: "shareLinkExpiry" }).refine(
  (value) => {
    const at = Date.parse(value);
    return at > Date.now() && at <= Date.now() + MAX_SHARE_LINK_DAYS * 24 * 3600_000;
  },
  { error: "shareLinkExpiry" },
);

export const shareSignplanBodySchema = z.object({
  /** When the link stops working; null: never. Left out: an existing link keeps its expiry, a new one gets none. */
  expiresAt: shareLinkExpirySchema.nullish(),
});
export type ShareSignplanBody = z.infer<typeof shareSignplanBodySchema>;

export const signplanListQuerySchema = z.object({ project_id: rowIdSchema.optional() });

/** POST and GET /signplan/{id}/share: the plan's active read-only link. */
export interface ShareLinkDto {
  token: string;
  /** The read-only link, /view?token=… */
  link: string;
  createdAt: string;
  /** Null: the link works until it is revoked. */
  expiresAt: string | null;
}

export interface SignplanSummaryDto {
  id: number;
  name: string;
  project_id: number;
  version: number;
  archived: boolean;
  deleted: boolean;
  backgroundKind: "image" | "pdf" | null;
  paperSize: string | null;
  scale: string | null;
  elementCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface SignplanDto extends SignplanSummaryDto {
  content: unknown;
}
