"use client";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "react-toastify";
import { Section } from "./account-forms";
import type { OrganisationTabProps } from "./details-tab";
import { errorMessage } from "@/client/api";
import { getBlockStatus } from "@/client/billing";
import { getInvoiceDetails, getInvoices, getSubscriptionStatus } from "@/client/invoices";
import { useSocket } from "@/client/realtime";
import { AcceptSubscription } from "@/components/billing/account/accept-subscription";
import { countryName } from "@/components/billing/account/format";
import { formatDay } from "@/lib/billing/dates";
import { InvoiceDetailsForm, initialDetails } from "@/components/billing/account/invoice-details-form";
import { InvoiceList } from "@/components/billing/account/invoice-list";
import { SubscriptionCard } from "@/components/billing/account/subscription-card";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import type { AcceptPaymentDto, BlockStatusDto, InvoiceDetailsDto, InvoiceDto, SubscriptionStatusDto } from "@/lib/schemas/billing";
import { WS_EVENTS } from "@/lib/realtime-events";

/** One part of the tab's data: undefined while it loads, the failure's text when it failed. */
type Loaded<T> = { value: T } | { error: string } | undefined;

const valueOf = <T,>(loaded: Loaded<T>): T | undefined => (loaded && "value" in loaded ? loaded.value : undefined);

function Failed({ text, onRetry, testId }: { text: string; onRetry: () => void; testId: string }) {
  const t = useTranslations("billingAccount");
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("retry")}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

function Loading() {
  const t = useTranslations("billingAccount");
  return <CircularProgress size={24} aria-label={t("loading")} />;
}

/** The saved details in a few lines, for reading before accepting or editing. */
function DetailsSummary({ details }: { details: InvoiceDetailsDto }) {
  const t = useTranslations("billingAccount.details");
  const { locale } = useSite();
  return (
    <Box component="address" sx={{ fontStyle: "normal", "& > *": { overflowWrap: "anywhere" } }} data-testid="details-summary">
      {details.isCompany && (
        <Typography sx={{ fontWeight: 700 }}>
          {details.companyName} ({details.cvrNumber})
        </Typography>
      )}
      <Typography>{details.name}</Typography>
      <Typography>{details.address}</Typography>
      <Typography>
        {details.zip} {details.city}, {countryName(details.country, locale)}
      </Typography>
      {details.invoiceEmail && <Typography>{t("emailTo", { email: details.invoiceEmail })}</Typography>}
      {details.sendEInvoice && <Typography>{t("eInvoiceTo", { ean: details.eanNumber })}</Typography>}
      {details.reference && <Typography>{t("referenceValue", { reference: details.reference })}</Typography>}
    </Box>
  );
}

/**
 * Invoices (core §2 "tabs: … invoices", §3, §4): the subscription and its state for everyone; for the
 * owner and administrators (and a user in no organisation) also the way to subscribe or reactivate,
 * the invoice details and the invoices. A member sees who manages billing instead.
 */
export function InvoicesTab({ user, organisation }: Pick<OrganisationTabProps, "user" | "organisation">) {
  const t = useTranslations("billingAccount");
  const site = useSite();
  const socket = useSocket();
  const [subscription, setSubscription] = useState<Loaded<SubscriptionStatusDto>>();
  const [block, setBlock] = useState<BlockStatusDto | null>(null);
  const [details, setDetails] = useState<Loaded<InvoiceDetailsDto | null>>();
  const [invoices, setInvoices] = useState<Loaded<InvoiceDto[]>>();
  const [issued, setIssued] = useState<InvoiceDto | null>(null);
  const [editing, setEditing] = useState(false);

  const loadManaged = useCallback(
    () =>
      Promise.allSettled([getInvoiceDetails(), getInvoices()]).then(([foundDetails, foundInvoices]) => {
        setDetails(
          foundDetails.status === "fulfilled"
            ? { value: foundDetails.value }
            : { error: errorMessage(foundDetails.reason, t("details.loadError")) },
        );
        setInvoices(
          foundInvoices.status === "fulfilled"
            ? { value: foundInvoices.value }
            : { error: errorMessage(foundInvoices.reason, t("invoices.loadError")) },
        );
      }),
    [t],
  );

  const load = useCallback(
    () =>
      Promise.allSettled([getSubscriptionStatus(), getBlockStatus()]).then(([foundSubscription, foundBlock]) => {
        setBlock(foundBlock.status === "fulfilled" ? foundBlock.value : null);
        if (foundSubscription.status === "rejected") {
          setSubscription({ error: errorMessage(foundSubscription.reason, t("subscription.loadError")) });
          return;
        }
        setSubscription({ value: foundSubscription.value });
        if (foundSubscription.value.canManage) return loadManaged();
      }),
    [t, loadManaged],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // Another administrator's acceptance, a cancellation or the daily job: the tab follows, as the header does.
  useEffect(() => {
    if (!socket) return;
    const reload = () => void load();
    socket.on(WS_EVENTS.billingStatusChanged, reload);
    return () => {
      socket.off(WS_EVENTS.billingStatusChanged, reload);
    };
  }, [socket, load]);

  const retry = () => {
    setSubscription(undefined);
    void load();
  };

  const current = valueOf(subscription);
  if (!current) {
    return (
      <Section title={t("subscription.title")} testId="subscription-section">
        {subscription && "error" in subscription ? (
          <Failed text={subscription.error} onRetry={retry} testId="subscription-error" />
        ) : (
          <Loading />
        )}
      </Section>
    );
  }

  const changed = (next: SubscriptionStatusDto) => {
    setSubscription({ value: next });
    void load();
  };
  const accepted = (result: AcceptPaymentDto) => {
    setIssued(result.invoice);
    setSubscription({ value: result.subscription });
    toast.success(t("subscribe.done", { number: result.invoice.number }));
    void load();
  };

  const savedDetails = valueOf(details);
  const organisationName = organisation?.name ?? null;
  const mayManage = current.canManage;
  const canSubscribe = mayManage && (current.status === "trial" || current.status === "blocked");
  const overdue = current.status === "blocked" && block?.reason === "invoiceOverdue";
  // Saved details are shown (and edited) here; before any exist, the subscribe step asks for them.
  const showDetails = mayManage && details !== undefined && ("error" in details ? !canSubscribe : details.value !== null);
  const detailsInitial = initialDetails(savedDetails ?? null, organisation, user.name, site.currency === "SEK" ? "SE" : "DK");

  return (
    <Stack spacing={3} data-testid="invoices-tab">
      <Section title={t("subscription.title")} testId="subscription-section">
        <SubscriptionCard subscription={current} block={block} organisationName={organisationName} onChanged={changed} />
        {!mayManage && (
          <Alert severity="info" sx={{ mt: 3 }} data-testid="billing-managed-by">
            {block?.ownerName ? t("subscription.managedBy", { owner: block.ownerName }) : t("subscription.managedByUnknown")}
          </Alert>
        )}
      </Section>

      {issued && (
        <Alert severity="success" data-testid="invoice-issued" onClose={() => setIssued(null)}>
          {t("subscribe.issued", {
            number: issued.number,
            amount: formatPrice(issued.amount, issued.currency, site.locale),
            due: formatDay(issued.dueAt, site.locale),
          })}
        </Alert>
      )}

      {canSubscribe && (
        <Section title={t("subscribe.title")} testId="subscribe-section">
          {overdue ? (
            <Typography>{t("subscribe.overdue")}</Typography>
          ) : details === undefined ? (
            <Loading />
          ) : "error" in details ? (
            <Failed text={details.error} onRetry={() => void loadManaged()} testId="details-error" />
          ) : details.value === null ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {current.status === "trial" ? t("subscribe.introTrial") : t("subscribe.introBlocked")}
              </Typography>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 2 }} data-testid="subscribe-step">
                {t("subscribe.stepDetails")}
              </Typography>
              <InvoiceDetailsForm
                key={organisation?.id ?? "none"}
                testId="subscribe-details-form"
                initial={detailsInitial}
                inOrganisation={!!organisation}
                submitLabel={t("details.saveAndContinue")}
                onSaved={(saved) => {
                  setDetails({ value: saved });
                  toast.success(t("details.saved"));
                }}
              />
            </>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {current.status === "trial" ? t("subscribe.introTrial") : t("subscribe.introBlocked")}
              </Typography>
              <AcceptSubscription seats={current.members} onAccepted={accepted} />
            </>
          )}
        </Section>
      )}

      {showDetails && (
        <Section title={t("details.title")} testId="details-section">
          {details && "error" in details ? (
            <Failed text={details.error} onRetry={() => void loadManaged()} testId="details-error" />
          ) : !savedDetails ? null : editing ? (
            <InvoiceDetailsForm
              initial={detailsInitial}
              inOrganisation={!!organisation}
              submitLabel={t("details.save")}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                setDetails({ value: saved });
                setEditing(false);
                toast.success(t("details.saved"));
              }}
            />
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                {t("details.intro")}
              </Typography>
              <DetailsSummary details={savedDetails} />
              <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setEditing(true)} data-testid="details-edit">
                {t("details.edit")}
              </Button>
            </>
          )}
        </Section>
      )}

      {mayManage && (
        <Section title={t("invoices.title")} testId="invoices-section">
          {invoices === undefined ? (
            <Loading />
          ) : "error" in invoices ? (
            <Failed text={invoices.error} onRetry={() => void loadManaged()} testId="invoices-error" />
          ) : (
            <InvoiceList invoices={invoices.value} />
          )}
        </Section>
      )}
    </Stack>
  );
}
