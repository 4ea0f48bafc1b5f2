/**
 * GET /api/admin/key-figures?site=all|<site>&by=day|week&from=YYYY-MM-DD&to=YYYY-MM-DD (issue 32): staff
 * only (withAdmin). Days are the sites' calendar days (Europe/Copenhagen), both ends counted; without
 * from and to, the 30 days up to today. At most KEY_FIGURES_MAX_DAYS days (400 beyond).
 */
import * as z from "zod";
import { SITE_IDS } from "@/sites/site-ids";

export const KEY_FIGURES_MAX_DAYS = 366;
export const KEY_FIGURES_DEFAULT_DAYS = 30;
export const KEY_FIGURES_SITES = ["all", ...SITE_IDS] as const;
export type KeyFiguresSite = (typeof KEY_FIGURES_SITES)[number];
export const KEY_FIGURES_BY = ["day", "week"] as const;
export type KeyFiguresBy = (typeof KEY_FIGURES_BY)[number];

/** The counted figures, in the order the screen shows them. */
export const KEY_FIGURE_COUNTS = ["signUps", "confirmed", "trialsStarted", "trialsConverted", "activePlans", "exports"] as const;
export type KeyFigureCount = (typeof KEY_FIGURE_COUNTS)[number];
export type KeyFigureCounts = Record<KeyFigureCount, number>;

export const keyFiguresQuerySchema = z.object({
  site: z.enum(KEY_FIGURES_SITES, { error: "adminKeyFiguresSite" }).default("all"),
  by: z.enum(KEY_FIGURES_BY, { error: "adminKeyFiguresBy" }).default("day"),
  from: z.iso.date({ error: "adminKeyFiguresRange" }).optional(),
  to: z.iso.date({ error: "adminKeyFiguresRange" }).optional(),
});
export type KeyFiguresQuery = z.infer<typeof keyFiguresQuerySchema>;

export interface KeyFiguresPeriodDto extends KeyFigureCounts {
  /** "2026-12-06" or "2026-W49". */
  key: string;
  firstDay: string;
  lastDay: string;
}

export interface KeyFiguresDto {
  site: KeyFiguresSite;
  by: KeyFiguresBy;
  from: string;
  to: string;
  /** Every day or week of the range (weeks cut at its edges), zeros included. */
  periods: KeyFiguresPeriodDto[];
  /**
   * The range as a whole. Counts of events add up over the periods; active plans are counted once
   * each over the whole range, so their total can be less than the sum of the periods.
   */
  totals: KeyFigureCounts;
  /** Now, whatever the range: seats and subscriptions paid for in a running period. */
  paying: { seats: number; accounts: number };
  /** Per month of the range (cut at its edges) and currency: invoiced excluding VAT, less credit notes; minor units. */
  revenue: Array<{ month: string; currency: "DKK" | "SEK"; invoiced: number; credited: number; net: number }>;
}
