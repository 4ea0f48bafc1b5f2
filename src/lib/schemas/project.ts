/** Bodies of the project API (core §7, Projects). Error messages are keys under `validation`. */
import * as z from "zod";

export const projectNameSchema = z
  .string({ error: "projectNameRequired" })
  .trim()
  .min(1, { error: "projectNameRequired" })
  .max(200, { error: "nameTooLong" });

export const createProjectBodySchema = z.object({ name: projectNameSchema, isShared: z.boolean().optional().default(false) });
export const updateProjectBodySchema = z.object({ name: projectNameSchema });
/** Sharing is permanent: only `true` is accepted. */
export const shareProjectBodySchema = z.object({ isShared: z.literal(true, { error: "shareIsPermanent" }) });

/** The largest id a row can have: the columns are 32-bit integers, and PostgreSQL refuses a larger value in a query. */
export const MAX_ROW_ID = 2 ** 31 - 1;
/** A row's id, as a number or the text of one (a path segment, a query parameter, a form field). */
export const rowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const idParamSchema = z.object({ id: rowIdSchema });

export interface ProjectDto {
  id: number;
  name: string;
  isShared: boolean;
  planCount: number;
  archived: boolean;
  deleted: boolean;
  isOwner: boolean;
  createdAt: string;
  updatedAt: string;
}
