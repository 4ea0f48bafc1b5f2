/**
 * The key figures' calendar (issue 32): days, ISO weeks and months of the sites' time zone
 * (Europe/Copenhagen, as billing counts days: src/lib/billing/dates.ts), each turned into the UTC
 * moments that bound it, so the database compares stored UTC timestamps with bounds and never needs a
 * time zone of its own. Universal: the server buckets with it, the screen labels with it.
 */
import { SITE_TIME_ZONE } from "@/lib/billing/dates";

/** One period: its key ("2026-12-06", "2026-W49", "2026-12"), first and last day, and the UTC moments [start, end). */
export interface Period {
  key: string;
  firstDay: string;
  lastDay: string;
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return dayOf(dayMs(day) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/** The zone's offset from UTC at a moment, in ms (+1 h in winter, +2 h in summer). */
function zoneOffsetMs(ms: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: SITE_TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(new Date(ms))
    .find((part) => part.type === "timeZoneName")!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/** The UTC moment a day of the zone begins (its midnight; the clocks never change at midnight there). */
export function dayStart(day: string): string {
  const midnightUtc = dayMs(day);
  return new Date(midnightUtc - zoneOffsetMs(midnightUtc)).toISOString();
}

/** A moment's day in the zone, YYYY-MM-DD. */
export function zoneDay(moment: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(moment);
}

/** The ISO week of a day: "2026-W49" (weeks begin on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(day: string): string {
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(ms + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

function period(key: string, firstDay: string, lastDay: string): Period {
  return { key, firstDay, lastDay, start: dayStart(firstDay), end: dayStart(addDays(lastDay, 1)) };
}

/**
 * The range [from, to] cut into days, ISO weeks or months. A week or month the range only partly
 * covers is cut at the range's edge, so that the periods add up to the range exactly.
 */
export function periodsOf(from: string, to: string, by: "day" | "week" | "month"): Period[] {
  const keyOf = (day: string) => (by === "day" ? day : by === "week" ? isoWeek(day) : day.slice(0, 7));
  const periods: Period[] = [];
  let first = from;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const next = addDays(day, 1);
    if (next > to || keyOf(next) !== keyOf(day)) {
      periods.push(period(keyOf(day), first, day));
      first = next;
    }
  }
  return periods;
}

/** The whole range as one period (the totals). */
export function wholeRange(from: string, to: string): Period {
  return period("total", from, to);
}
