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

export const changesQuerySchema = z.object({ since: z.coerce.number().int().min(0) });
export const versionParamSchema = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() });
export const restoreVersionBodySchema = z.object({ version: z.number({ error: "versionRequired" }).int().positive() });
