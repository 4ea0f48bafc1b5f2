"use client";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import DialogContentText from "@mui/material/DialogContentText";
import Typography from "@mui/material/Typography";
import { useFormatter, useTranslations } from "next-intl";
import type { BillingStatus } from "./billing-status";
import { invoicesLinkProps } from "./invoices-link";
import { useSitePath } from "../use-site-path";
import { DialogFrame } from "../dialog-frame";
import { LinkButton } from "../link-button";
import { useSite } from "../site-context";

/** The overdue invoice's amount in its currency (minor units in the answer). */
export function useInvoiceAmount(): (invoice: { total: number; currency: "DKK" | "SEK" }) => string {
  const format = useFormatter();
  return (invoice) => format.number(invoice.total / 100, { style: "currency", currency: invoice.currency });
}

/**
 * Why the account is blocked, in one sentence: the trial ended, the subscription ended, invoice N of an
 * amount is overdue, or staff blocked it with the reason they gave (issue 32) (core §2 "blocked-account
 * dialog"; shared with the editor's banner).
 */
export function useBlockedReason(status: Pick<BillingStatus, "reason" | "invoice" | "staffReason">): string {
  const t = useTranslations("billingStatus.blocked");
  const format = useFormatter();
  const amount = useInvoiceAmount();
  const product = useSite().productName;
  if (status.reason === "invoiceOverdue" && status.invoice) {
    return t("reason.invoiceOverdue", {
      number: status.invoice.number,
      amount: amount(status.invoice),
      date: format.dateTime(new Date(status.invoice.dueAt), { dateStyle: "long" }),
    });
  }
  if (status.reason === "staff") return t("reason.staff", { product, reason: status.staffReason ?? "" });
  return t(status.reason === "subscriptionEnded" ? "reason.subscriptionEnded" : "reason.trialEnded", { product });
}

/**
 * The blocked-account dialog (core §2, issue 31): why, that nothing is lost (plans open, show and export
 * as before), and how to reactivate: the owner or an administrator goes to the invoices tab, a member is
 * told whom to ask; a block by staff only staff lift, so everyone is sent to support. Opened by
 * BillingStatusProvider.
 */
export function BlockedAccountDialog({ status, open, onClose }: { status: BillingStatus; open: boolean; onClose: () => void }) {
  const t = useTranslations("billingStatus.blocked");
  const reason = useBlockedReason(status);
  const overdue = status.reason === "invoiceOverdue";
  const byStaff = status.reason === "staff";
  const inTool = useSitePath() === "/app";
  return (
    <DialogFrame
      testId="blocked-account-dialog"
      title={t("title")}
      open={open}
      onClose={onClose}
      maxWidth="sm"
      cancelLabel={t("close")}
      confirmAction={
        status.canManage && !byStaff ? (
          <LinkButton
            {...invoicesLinkProps(inTool)}
            endIcon={inTool ? <OpenInNewIcon titleAccess={t("newTab")} /> : undefined}
            onClick={onClose}
            variant="contained"
            disableElevation
            autoFocus
            data-testid="blocked-reactivate"
          >
            {t(overdue ? "payInvoice" : "reactivate")}
          </LinkButton>
        ) : undefined
      }
    >
      <DialogContentText data-testid="blocked-reason">{reason}</DialogContentText>
      <DialogContentText sx={{ mt: 1.5 }}>{t("still")}</DialogContentText>
      <Box sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: "action.hover" }} data-testid="blocked-how">
        <Typography variant="body2">
          {byStaff
            ? t("howStaff")
            : status.canManage
              ? t(overdue ? "howOverdue" : "how")
              : status.ownerName
                ? t("askOwner", { owner: status.ownerName })
                : t("askOwnerUnnamed")}
        </Typography>
      </Box>
    </DialogFrame>
  );
}
