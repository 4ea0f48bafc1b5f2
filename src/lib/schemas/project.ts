/** Bodies of the project API (core §7, Projects). Error messages are keys under `validation`. */
import * as z from "zod";

export const projectNameSchema = z.string({ error: "projectNameRequired" }).trim().min(1, { error: "projectNameRequired" }).max(200, { error: "nameTooLong" });

export const createProjectBodySchema = z.object({ name: projectNameSchema, isShared: z.boolean().optional().default(false) });
export const updateProjectBodySchema = z.object({ name: projectNameSchema });
/** Sharing is permanent: only `true` is accepted. */
export const shareProjectBodySchema = z.object({ isShared: z.literal(true, { error: "shareIsPermanent" }) });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

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
