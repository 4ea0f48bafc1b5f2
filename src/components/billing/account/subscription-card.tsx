"use client";
/**
 * The subscription as the payer has it (core §3 "Subscription status", §4): its state, the period,
 * the seats and the yearly amount at the account's site's prices, and for those who manage billing
 * "Opsig abonnement" (with the notice rule's end date before confirming) or "Genoptag abonnement".
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip, { type ChipProps } from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "@mui/utils";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { formatDay } from "@/lib/billing/dates";
import { errorMessage } from "@/client/api";
import { cancelSubscription, resumeSubscription } from "@/client/invoices";
import { DialogFrame } from "@/components/dialog-frame";
import { DangerButton } from "@/components/organisation/danger-button";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import { cancellationTakesEffect, invoiceTotals, subscriptionLines, VAT_RATE_PERCENT, yearlyPrices } from "@/lib/billing/pricing";
import type { BlockStatusDto, SubscriptionStatus, SubscriptionStatusDto } from "@/lib/schemas/billing";
import { DEFAULT_SITE_ID, isSiteId } from "@/sites/registry";

// Each colour with its own contrast text in either scheme; MUI's coloured chips put white on the light
// info, success and warning shades, too faint for small text. Blocked takes the danger buttons' red.
const STATUS_CHIP: Record<SubscriptionStatus, ChipProps["sx"]> = {
  trial: { bgcolor: "primary.main", color: "primary.contrastText" },
  active: { bgcolor: "success.main", color: "success.contrastText" },
  cancelled: { bgcolor: "secondary.main", color: "secondary.contrastText" },
  blocked: { bgcolor: "error.dark", color: "common.white" },
};

/** A label and its value in the card's list. */
function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: "anywhere" }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

/** The two-column list of facts, one column on a phone. */
const FACTS_SX = {
  m: 0,
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
  columnGap: 3,
  rowGap: { xs: 0.25, sm: 1 },
  "& dd": { mb: { xs: 1, sm: 0 } },
} as const;

/** What the state means for the user, in a sentence. */
function StatusText({ subscription, block }: { subscription: SubscriptionStatusDto; block: BlockStatusDto | null }) {
  const t = useTranslations("billingAccount.subscription");
  const { locale } = useSite();
  const { status } = subscription;
  if (status === "trial") return t("trialText", { days: subscription.trialDaysLeft === false ? 0 : subscription.trialDaysLeft });
  if (status === "active" && subscription.periodEnd) return t("activeText", { date: formatDay(subscription.periodEnd, locale) });
  if (status === "cancelled" && subscription.cancelAt) return t("cancelledText", { date: formatDay(subscription.cancelAt, locale) });
  if (status === "blocked") {
    const reason = block?.reason ?? "trialEnded";
    return t(`blocked.${reason}`, { number: block?.invoice?.number ?? "", reason: block?.staffReason ?? "" });
  }
  return null;
}

export function SubscriptionCard({
  subscription,
  block,
  organisationName,
  onChanged,
}: {
  subscription: SubscriptionStatusDto;
  /** Why a blocked account is blocked, and who manages billing; null when not known. */
  block: BlockStatusDto | null;
  organisationName: string | null;
  onChanged: (next: SubscriptionStatusDto) => void;
}) {
  const t = useTranslations("billingAccount.subscription");
  const { locale } = useSite();
  const site = isSiteId(subscription.site) ? subscription.site : DEFAULT_SITE_ID;
  const prices = yearlyPrices(site);
  const money = (minor: number) => formatPrice(minor, subscription.currency, locale);
  const totals = invoiceTotals(subscriptionLines(site, Math.max(1, subscription.seats)));
  const running = subscription.status === "active" || subscription.status === "cancelled";
  const [resuming, setResuming] = useState(false);
  const [resumeError, setResumeError] = useState<string | null>(null);

  const resume = async () => {
    setResuming(true);
    setResumeError(null);
    try {
      const next = await resumeSubscription();
      toast.success(t("resumed"));
      onChanged(next);
    } catch (error) {
      setResumeError(errorMessage(error, t("resumeError")));
    } finally {
      setResuming(false);
    }
  };

  return (
    <Box data-testid="subscription-card" data-status={subscription.status}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap", mb: 1 }}>
        <Chip label={t(`status.${subscription.status}`)} sx={STATUS_CHIP[subscription.status]} data-testid="subscription-status" />
        <Typography data-testid="subscription-status-text" sx={{ flex: "1 1 16rem" }}>
          <StatusText subscription={subscription} block={block} />
        </Typography>
      </Box>
      <Box component="dl" sx={{ ...FACTS_SX, mt: 2 }}>
        <Fact label={t("period")} testId="subscription-period">
          {subscription.periodStart && subscription.periodEnd && running
            ? t("periodValue", { start: formatDay(subscription.periodStart, locale), end: formatDay(subscription.periodEnd, locale) })
            : t("noPeriod")}
        </Fact>
        <Fact label={t("seats")} testId="subscription-seats">
          {subscription.isOrganisation
            ? t("seatsOrganisation", { seats: subscription.seats, organisation: organisationName ?? "" })
            : t("seatsAlone")}
        </Fact>
        <Fact label={t("prices")} testId="subscription-prices">
          {t("firstUser", { price: money(prices.firstUser) })}, {t("extraUser", { price: money(prices.extraUser) })}
        </Fact>
        <Fact label={t("yearly")} testId="subscription-yearly">
          {money(totals.subtotal)}
        </Fact>
        <Fact label={t("vat", { rate: VAT_RATE_PERCENT })} testId="subscription-vat">
          {money(totals.vatAmount)}
        </Fact>
        <Fact label={t("total")} testId="subscription-total">
          <strong>{money(totals.total)}</strong>
        </Fact>
        {subscription.status === "active" && subscription.periodEnd && (
          <Fact label={t("renewal")} testId="subscription-renewal">
            {formatDay(subscription.periodEnd, locale)}
          </Fact>
        )}
        {subscription.status === "cancelled" && subscription.cancelAt && (
          <Fact label={t("endsOn")} testId="subscription-ends">
            {formatDay(subscription.cancelAt, locale)} · {t("noRenewal")}
          </Fact>
        )}
      </Box>
      {subscription.canManage && subscription.status === "active" && subscription.periodEnd && (
        <CancelSubscription periodEnd={subscription.periodEnd} onCancelled={onChanged} />
      )}
      {subscription.canManage && subscription.status === "cancelled" && (
        <Box sx={{ mt: 3 }}>
          {resumeError && (
            <Typography role="alert" sx={{ color: "error.dark", mb: 1 }} data-testid="resume-error">
              {resumeError}
            </Typography>
          )}
          <Button variant="contained" disableElevation onClick={() => void resume()} disabled={resuming} data-testid="resume-subscription">
            {t("resume")}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** "Opsig abonnement": the dialog names the day it ends (cancellationTakesEffect, as the server decides it). */
function CancelSubscription({ periodEnd, onCancelled }: { periodEnd: string; onCancelled: (next: SubscriptionStatusDto) => void }) {
  const t = useTranslations("billingAccount.cancelDialog");
  const ts = useTranslations("billingAccount.subscription");
  const { locale } = useSite();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Worked out when the dialog opens, so the day shown is the day a confirmation now would give.
  const [endsAt, setEndsAt] = useState<Date | null>(null);
  const renewal = new Date(periodEnd);
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const next = await cancelSubscription();
      toast.success(t("done", { date: formatDay(next.cancelAt ?? endsAt ?? renewal, locale) }));
      setOpen(false);
      onCancelled(next);
    } catch (caught) {
      setError(errorMessage(caught, t("error")));
    } finally {
      setPending(false);
    }
  };
  return (
    <Box sx={{ mt: 3 }}>
      <DangerButton
        variant="outlined"
        onClick={() => {
          setEndsAt(cancellationTakesEffect(new Date(), renewal));
          setOpen(true);
        }}
        data-testid="cancel-subscription"
      >
        {ts("cancel")}
      </DangerButton>
      <DialogFrame
        testId="cancel-subscription-dialog"
        open={open}
        onClose={close}
        maxWidth="sm"
        title={t("title")}
        onSubmit={submit}
        pending={pending}
        error={error}
        cancelLabel={t("keep")}
        cancelAutoFocus
        confirmAction={
          <DangerButton type="submit" disabled={pending} data-testid="confirm-cancel-subscription">
            {t("confirm")}
          </DangerButton>
        }
      >
        {endsAt && (
          <Typography sx={{ mb: 1.5 }} data-testid="cancel-subscription-ends">
            <strong>{t("endsOn", { date: formatDay(endsAt, locale) })}</strong>
          </Typography>
        )}
        {endsAt && endsAt.getTime() !== renewal.getTime() && (
          <Typography sx={{ mb: 1.5 }} data-testid="cancel-subscription-notice">
            {t("notice", { renewal: formatDay(renewal, locale) })}
          </Typography>
        )}
        <Typography sx={{ mb: 1.5 }}>{t("written")}</Typography>
        <Typography sx={{ mb: 1.5 }}>{t("after")}</Typography>
        <Link href="/terms-of-service#renewal" target="_blank" rel="noopener" data-testid="cancel-subscription-terms">
          {t("terms")}{" "}
          <Box component="span" sx={visuallyHidden}>
            {t("newTab")}
          </Box>
        </Link>
      </DialogFrame>
    </Box>
  );
}
