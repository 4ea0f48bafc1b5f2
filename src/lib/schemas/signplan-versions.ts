/**
 * A plan's version history (issue 36): the saved versions in a panel, one previewed on the map with
 * what it changed, and restored (restoring is itself a new version).
 *
 * - GET  /api/signplan/{id}/versions                      → SignplanVersionsDto
 * - GET  /api/signplan/{id}/versions/{version}            → SignplanVersionDto
 * - POST /api/signplan/{id}/versions/{version}/restore  {version: the plan's current version} → SignplanSummaryDto
 *   (409 with the current version when stale, as PUT)
 * - GET  /api/signplan/{id}/changes?since=N               → CatchUp (src/lib/elements/changes.ts)
 *
 * Kept: the last HISTORY_KEPT (100) versions, and beyond them the last version of each day for
 * HISTORY_DAILY_DAYS (30) days.
 */
import * as z from "zod";
import { MAX_ROW_ID, rowIdSchema } from "./project";

export const HISTORY_KEPT = 100;
export const HISTORY_DAILY_DAYS = 30;

export interface SignplanVersionEntryDto {
  version: number;
  /** When this version was saved (made). */
  savedAt: string;
  /** Who saved it; null where unknown (versions saved before issue 36, a deleted account). */
  savedBy: { id: number; name: string } | null;
  /** Elements added, changed or removed by this version (the plan information counts as one); null where unknown. */
  changedCount: number | null;
  /** The plan's current version (the first entry). */
  current: boolean;
}

export interface SignplanVersionsDto {
  signplanId: number;
  /** Newest first, the current version included. */
  versions: SignplanVersionEntryDto[];
}

export interface SignplanVersionDto extends SignplanVersionEntryDto {
  signplanId: number;
  /** The plan's content at this version. */
  content: unknown;
  /**
   * What this version changed against the version before it, by element id (for highlighting on the
   * map); null where the version before is no longer kept.
   */
  changes: { added: string[]; changed: string[]; removed: string[] } | null;
}

// Versions are integer columns: a number beyond MAX_ROW_ID names no version (and PostgreSQL would refuse to compare it).
export const changesQuerySchema = z.object({ since: z.coerce.number().int().min(0).max(MAX_ROW_ID) });
export const versionParamSchema = z.object({ id: rowIdSchema, version: rowIdSchema });
export const restoreVersionBodySchema = z.object({ version: z.number({ error: "versionRequired" }).int().positive().max(MAX_ROW_ID) });

/** A saved version as retention sees it: its number and when it was made (ISO). */
export interface VersionMoment {
  version: number;
  at: string;
}

/**
 * The versions the history keeps (issue 36): its newest HISTORY_KEPT, and beyond them the last version
 * of each day (UTC) of the last HISTORY_DAILY_DAYS days, counted back from `now`'s day. `history`: the
 * history's versions, in any order; `current`: the plan's version now, which ends its day (an older
 * version of that day is not its day's last).
 */
export function keptHistoryVersions(history: readonly VersionMoment[], now: Date, current?: VersionMoment): Set<number> {
  const sorted = [...history].sort((a, b) => b.version - a.version);
  const kept = new Set(sorted.slice(0, HISTORY_KEPT).map((entry) => entry.version));
  if (current) sorted.unshift(current);
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (HISTORY_DAILY_DAYS - 1)));
  const firstDayIso = firstDay.toISOString().slice(0, 10);
  const lastOfDay = new Map<string, number>();
  for (const entry of sorted) {
    const day = entry.at.slice(0, 10);
    if (day < firstDayIso || lastOfDay.has(day)) continue;
    lastOfDay.set(day, entry.version);
  }
  for (const version of lastOfDay.values()) if (version !== current?.version) kept.add(version);
  return kept;
}
