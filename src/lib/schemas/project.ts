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
/** How an id is written as text: plain decimal digits. "0x0d", "1.3e1" or "+13" name no row, though Number() reads them as 13. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * A row's id, as a number or the text of one (a path segment, a query parameter, a form field).
 * `error` is the validation key of a field the user fills in (a project to choose).
 */
export function rowId(error?: string) {
  const rule = error ? { error } : undefined;
  return z.preprocess(
    (value) => (typeof value === "string" ? (DECIMAL_ID.test(value) ? Number(value) : Number.NaN) : value),
    z.number(rule).int(rule).positive(rule).max(MAX_ROW_ID, rule),
  );
}

export const rowIdSchema = rowId();

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
