"use client";
/**
 * The billing calls the app shell makes for every logged-in user (core §7 "Billing", issue 31), typed
 * with the answers of src/lib/schemas/billing.ts. Background checks: they go outside the shared error
 * handling, so a failure is the caller's to log (core §8: a failed free-trial fetch is only logged) and
 * never a toast or a logout while a page loads.
 */
import { api, type ApiCallOptions } from "@/client/api";
import { BILLING_REMINDER_STORAGE_KEY_PREFIX } from "@/client/storage-keys";
import type { BlockStatusDto, InvoiceReminderDto } from "@/lib/schemas/billing";

type Options = Pick<ApiCallOptions<unknown>, "signal">;

const background = { sharedHandling: false } as const;

function isDaysLeft(data: unknown): data is number | false {
  return data === false || (typeof data === "number" && Number.isInteger(data) && data >= 0);
}

/** GET /users/freeTrialTimeLeft: whole days left of the trial (a started day counts), or false once it has ended. */
export const getFreeTrialTimeLeft = (options?: Options) =>
  api.get<number | false>("/users/freeTrialTimeLeft", { ...options, ...background, accept: isDaysLeft });

/** GET /users/block-status: blocked or not, why, the subscription's state and who may reactivate. */
export const getBlockStatus = (options?: Options) =>
  api.get<BlockStatusDto>("/users/block-status", {
    ...options,
    ...background,
    accept: (data) => typeof data === "object" && data !== null && typeof (data as BlockStatusDto).blocked === "boolean",
  });

/** GET /users/shouldShowInvoiceReminder: the trial ends within three days, or an invoice is past due. */
export const getInvoiceReminder = (options?: Options) =>
  api.get<InvoiceReminderDto>("/users/shouldShowInvoiceReminder", {
    ...options,
    ...background,
    accept: (data) => typeof data === "object" && data !== null && typeof (data as InvoiceReminderDto).shouldShow === "boolean",
  });

/** Today in the browser's time zone, as the reminder's "once a day" counts days. */
function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether the user put the reminder aside today (in this browser). */
export function reminderDismissedToday(userId: number, now = new Date()): boolean {
  try {
    return window.localStorage.getItem(BILLING_REMINDER_STORAGE_KEY_PREFIX + userId) === today(now);
  } catch {
    return false; // storage disabled: the reminder shows once per page load instead
  }
}

export function rememberReminderDismissed(userId: number, now = new Date()): void {
  try {
    window.localStorage.setItem(BILLING_REMINDER_STORAGE_KEY_PREFIX + userId, today(now));
  } catch {
    // storage disabled: nothing to remember it in
  }
}
