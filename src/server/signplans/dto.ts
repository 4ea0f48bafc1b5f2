import "server-only";
import type { Selectable } from "kysely";
import type { SignplansTable } from "../db/schema";
import type { SignplanDto, SignplanSummaryDto } from "@/lib/schemas/signplan";

/** A plan's row, and how it is answered. */
export type SignplanRow = Selectable<SignplansTable>;

export const nowIso = () => new Date().toISOString();

export const SUMMARY_COLUMNS = [
  "signplans.id",
  "signplans.name",
  "signplans.project_id",
  "signplans.version",
  "signplans.archived_at",
  "signplans.deleted_at",
  "signplans.background_kind",
  "signplans.paper_size",
  "signplans.scale",
  "signplans.element_count",
  "signplans.created_at",
  "signplans.updated_at",
] as const;

type SummaryRow = Pick<
  SignplanRow,
  | "id"
  | "name"
  | "project_id"
  | "version"
  | "archived_at"
  | "deleted_at"
  | "background_kind"
  | "paper_size"
  | "scale"
  | "element_count"
  | "created_at"
  | "updated_at"
>;

export function toSummary(row: SummaryRow): SignplanSummaryDto {
  return {
    id: row.id,
    name: row.name,
    project_id: row.project_id,
    version: row.version,
    archived: row.archived_at !== null,
    deleted: row.deleted_at !== null,
    backgroundKind: row.background_kind,
    paperSize: row.paper_size,
    scale: row.scale,
    elementCount: row.element_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toDto(row: SignplanRow): SignplanDto {
  return { ...toSummary(row), content: JSON.parse(row.content) as unknown };
}

/**
 * The DTO as JSON, with the stored content written into it as it is, unparsed: content is validated on
 * every write and stored as JSON.stringify's output, and for a large plan parsing and writing it again
 * would be most of the request's work.
 */
export function toJson(row: SignplanRow): string {
  return `${JSON.stringify(toSummary(row)).slice(0, -1)},"content":${row.content}}`;
}
