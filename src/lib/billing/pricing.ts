/**
 * The commercial model's numbers and arithmetic (core §1, §9; content §9; issue 31), universal: the
 * server issues invoices with it, the prices page and the accept dialog show the same amounts. Amounts
 * are integers in minor units (øre, öre) so that sums never drift; prices come from the site registry.
 */
import { getSite, type SiteId } from "@/sites/registry";

/** The version of the terms a customer accepts; bump it when /terms-of-service changes. */
export const TERMS_VERSION = "2026-11-28";
export const TRIAL_DAYS = 14;
export const VAT_RATE_PERCENT = 25;
/** Payment terms printed on every invoice: net 14 days. */
export const PAYMENT_TERMS_DAYS = 14;
/** Days past an invoice's due date before its account is blocked (the terms say so). */
export const BLOCK_GRACE_DAYS = 14;
/** Trial reminders are mailed this many days before the end; "0" is the day it ends. */
export const TRIAL_REMINDER_DAYS = [7, 3, 0] as const;

const DAY_MS = 86_400_000;

export type InvoiceItem = "firstUser" | "extraUser" | "extraUserProrated";

export interface InvoiceLine {
  item: InvoiceItem;
  quantity: number;
  /** Minor units, excluding VAT: the yearly price of one user. */
  unitPrice: number;
  /** Minor units, excluding VAT: quantity × unitPrice, or its share of the period for a prorated line. */
  amount: number;
  /** A prorated line: the days of the period it pays for, and the period's length in days. */
  days?: number;
  periodDays?: number;
}

export interface InvoiceTotals {
  subtotal: number;
  vatAmount: number;
  total: number;
}

/** The site's yearly prices in minor units, excluding VAT. */
export function yearlyPrices(site: SiteId): { firstUser: number; extraUser: number; currency: "DKK" | "SEK" } {
  const { prices, currency } = getSite(site);
  return { firstUser: prices.firstUser * 100, extraUser: prices.extraUser * 100, currency };
}

/** A year's subscription for `users` seats (at least one): the first user, then each further user. */
export function subscriptionLines(site: SiteId, users: number): InvoiceLine[] {
  if (!Number.isInteger(users) || users < 1) throw new RangeError(`users must be a positive integer, got ${users}`);
  const { firstUser, extraUser } = yearlyPrices(site);
  const lines: InvoiceLine[] = [{ item: "firstUser", quantity: 1, unitPrice: firstUser, amount: firstUser }];
  if (users > 1) lines.push({ item: "extraUser", quantity: users - 1, unitPrice: extraUser, amount: (users - 1) * extraUser });
  return lines;
}

/**
 * The proration rule (stated in the terms): seats added during a paid period are invoiced as further
 * users for the days left of the period, counted from the day they are invoiced to the period's end,
 * at the yearly price × days left ÷ days in the period, rounded to the nearest øre. Nothing is refunded
 * for a member who leaves; the seat stays paid until the period ends and the renewal counts the members then.
 */
export function seatLines(site: SiteId, addedSeats: number, daysLeft: number, periodDays: number): InvoiceLine[] {
  if (!Number.isInteger(addedSeats) || addedSeats < 1) throw new RangeError(`addedSeats must be a positive integer, got ${addedSeats}`);
  if (periodDays <= 0 || daysLeft < 0 || daysLeft > periodDays) throw new RangeError(`days ${daysLeft} of ${periodDays}`);
  const { extraUser } = yearlyPrices(site);
  const perSeat = Math.round((extraUser * daysLeft) / periodDays);
  return [
    { item: "extraUserProrated", quantity: addedSeats, unitPrice: extraUser, amount: perSeat * addedSeats, days: daysLeft, periodDays },
  ];
}

/** Subtotal, 25 % VAT (rounded to the nearest minor unit) and total. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const vatAmount = Math.round((subtotal * VAT_RATE_PERCENT) / 100);
  return { subtotal, vatAmount, total: subtotal + vatAmount };
}

/** The end of a yearly period: the same date a calendar year later (29 February runs to 1 March). */
export function addYear(start: Date): Date {
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Whole days from `from` to `to`, a started day counting as one (0 when `to` is not after `from`). */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}

/** When a trial that started at the first login ends. */
export function trialEnd(firstLoginAt: Date): Date {
  return addDays(firstLoginAt, TRIAL_DAYS);
}

/**
 * GET /users/freeTrialTimeLeft's number (core §4): whole days left, a started day counting as one, so
 * the first day shows 14 and the last 24 hours show 1; false once it has ended. A user who has never
 * logged in has the whole trial ahead.
 */
export function trialDaysLeft(firstLoginAt: Date | null, now: Date): number | false {
  if (!firstLoginAt) return TRIAL_DAYS;
  const left = daysBetween(now, trialEnd(firstLoginAt));
  return left > 0 ? left : false;
}

/**
 * When a cancellation made at `now` takes effect (the terms: cancelled at least one calendar month
 * before renewal, else the subscription renews once more): the current period's end if that is at least
 * a calendar month away, else the end of the next period.
 */
export function cancellationTakesEffect(now: Date, periodEnd: Date): Date {
  const noticeBy = new Date(periodEnd);
  noticeBy.setUTCMonth(noticeBy.getUTCMonth() - 1);
  return now.getTime() <= noticeBy.getTime() ? periodEnd : addYear(periodEnd);
}
