import "server-only";
import type { ColumnDefinitionBuilder, CreateTableBuilder } from "kysely";

export type DialectName = "sqlite" | "postgres";

/** Adds an auto-generated integer primary key named `id` in the form each database expects. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === "postgres"
    ? table.addColumn("id", "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn("id", "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
