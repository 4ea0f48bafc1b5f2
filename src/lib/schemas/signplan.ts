/** Bodies of the plan API (core §7, Signplans). Error messages are keys under `validation`. */
import * as z from "zod";

import { PAPER_SIZES } from "../plan-limits";
import { rowId, rowIdSchema } from "./project";

export {
  MAX_BACKGROUND_AREA_PX,
  MAX_BACKGROUND_BYTES,
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

export const signplanListQuerySchema = z.object({ project_id: rowIdSchema.optional() });

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
