"use client";
import DialogContentText from "@mui/material/DialogContentText";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { BillingStatus } from "./billing-status";
import { useInvoiceAmount } from "./blocked-account-dialog";
import { INVOICES_TAB_HREF } from "./invoices-link";
import { DialogFrame } from "../dialog-frame";
import { LinkButton } from "../link-button";
import { getInvoiceReminder, rememberReminderDismissed, reminderDismissedToday } from "@/client/billing";
import { addDays, BLOCK_GRACE_DAYS } from "@/lib/billing/pricing";
import type { InvoiceReminderDto } from "@/lib/schemas/billing";

/**
 * The trial-expired or invoice reminder (core §2, issue 31): a gentle dialog when the trial ends within
 * three days, or an invoice is past due but not yet blocking. Asked once per page load; put aside, it
 * stays away for the rest of the day for this user in this browser. A failed check is only logged.
 */
export function InvoiceReminder({ userId, status }: { userId: number; status: BillingStatus }) {
  const t = useTranslations("billingStatus.reminder");
  const format = useFormatter();
  const amount = useInvoiceAmount();
  const [reminder, setReminder] = useState<{ userId: number; dto: InvoiceReminderDto } | null>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (reminderDismissedToday(userId)) return;
    const controller = new AbortController();
    getInvoiceReminder({ signal: controller.signal })
      .then((dto) => setReminder({ userId, dto }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error("shouldShowInvoiceReminder failed", error);
      });
    return () => controller.abort();
  }, [userId]);

  const dto = reminder?.userId === userId ? reminder.dto : null;
  if (!dto?.shouldShow) return null;
  const dismiss = () => {
    rememberReminderDismissed(userId);
    setOpen(false);
  };

  const overdue = dto.reason === "invoiceOverdue" && dto.invoice;
  const text = overdue
    ? t("overdue.text", {
        number: dto.invoice!.number,
        amount: amount({ total: dto.invoice!.amount, currency: dto.invoice!.currency }),
        date: format.dateTime(new Date(dto.invoice!.dueAt), { dateStyle: "long" }),
        blockDate: format.dateTime(addDays(new Date(dto.invoice!.dueAt), BLOCK_GRACE_DAYS), { dateStyle: "long" }),
      })
    : t("trial.text", { days: typeof dto.trialDaysLeft === "number" ? dto.trialDaysLeft : 0 });
  const who = status.canManage ? null : status.ownerName ? t("askOwner", { owner: status.ownerName }) : t("askOwnerUnnamed");

  return (
    <DialogFrame
      testId="billing-reminder"
      title={overdue ? t("overdue.title", { number: dto.invoice!.number }) : t("trial.title")}
      open={open}
      onClose={dismiss}
      maxWidth="sm"
      cancelLabel={t("later")}
      confirmAction={
        status.canManage ? (
          <LinkButton href={INVOICES_TAB_HREF} onClick={dismiss} variant="contained" disableElevation data-testid="billing-reminder-action">
            {t(overdue ? "overdue.action" : "trial.action")}
          </LinkButton>
        ) : undefined
      }
    >
      <DialogContentText data-testid="billing-reminder-text">{text}</DialogContentText>
      {!overdue && <DialogContentText sx={{ mt: 1.5 }}>{t("trial.after")}</DialogContentText>}
      {who && <DialogContentText sx={{ mt: 1.5 }}>{who}</DialogContentText>}
    </DialogFrame>
  );
}
