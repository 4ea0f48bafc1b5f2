"use client";
/**
 * One customer's page in the admin area (issue 32): who they are and where (organisation, role, site,
 * e-mail confirmed), their trial, subscription, block and invoices, how many plans and projects they
 * have (counts only: staff never open a customer's plans from here), and staff's actions on them.
 * The invoices have no document links here: the PDF paths the customer uses answer only the payer's
 * own members, and the staff paths come with the admin's invoices screen.
 */
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { adminHref } from "../sections";
import { CustomerActionDialog, type CustomerAction } from "./customer-actions";
import { formatMoment } from "./format";
import { BillingStatusChip } from "./status-chip";
import { errorMessage } from "@/client/api";
import { getCustomer } from "@/client/admin/customers";
import { formatShortDay } from "@/lib/billing/dates";
import { DangerButton } from "@/components/organisation/danger-button";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import type { CustomerDetailDto } from "@/lib/schemas/admin";

function Facts({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        m: 0,
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "minmax(10rem, max-content) 1fr" },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        "& dt": { color: "text.secondary", typography: "body2", pt: { xs: 1, sm: 0 } },
        "& dd": { m: 0 },
      }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="section" aria-label={title} data-testid={testId}>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function CustomerPage({ id }: { id: number }) {
  const params = useSearchParams();
  const listParams = Object.fromEntries(["q", "page"].flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])));
  const t = useTranslations("admin.customers");
  const ti = useTranslations("billingAccount.invoices");
  const { locale } = useSite();
  const [customer, setCustomer] = useState<CustomerDetailDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<CustomerAction | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getCustomer(id, { signal })
        .then((next) => {
          setCustomer(next);
          setError(null);
        })
        .catch((caught: unknown) => {
          if (!signal?.aborted) setError(errorMessage(caught, t("loadError")));
        }),
    [id, t],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const back = (
    <Button
      component={NextLink}
      href={adminHref("customers", listParams)}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 2 }}
      data-testid="admin-customer-back"
    >
      {t("back")}
    </Button>
  );
  if (error)
    return (
      <Box>
        {back}
        <Alert severity="error" data-testid="admin-customer-error">
          {error}
        </Alert>
      </Box>
    );
  if (!customer)
    return (
      <Box aria-busy="true">
        {back}
        <Skeleton variant="rounded" height={240} />
      </Box>
    );

  const day = (iso: string | null) => (iso ? formatShortDay(iso, locale) : "–");
  const subscription = customer.subscription;
  const staffBlocked = customer.blockReason === "staff";
  const isMemberNotOwner = customer.organisation !== null && customer.role !== "owner";
  const actions: { action: CustomerAction; show: boolean; danger?: boolean }[] = [
    { action: "extendTrial", show: customer.trialEndsAt !== null },
    { action: "resend", show: !customer.emailConfirmed },
    { action: "endSessions", show: true },
    { action: "block", show: !staffBlocked, danger: true },
    { action: "unblock", show: staffBlocked },
    { action: "makeOwner", show: isMemberNotOwner },
  ];

  return (
    <Box data-testid="admin-customer-page" data-id={customer.id}>
      {back}
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1.5, mb: 0.5 }}>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, wordBreak: "break-word" }} data-testid="admin-customer-name">
          {customer.name}
        </Typography>
        <BillingStatusChip status={customer.billingStatus} blockReason={customer.blockReason} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2, wordBreak: "break-all" }}>
        {customer.email}
      </Typography>

      <Box component="nav" aria-label={t("actions.label")} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
        {actions
          .filter((a) => a.show)
          .map((a) => {
            const ButtonKind = a.danger ? DangerButton : Button;
            return (
              <ButtonKind key={a.action} variant="outlined" onClick={() => setAction(a.action)} data-testid={`admin-open-${a.action}`}>
                {t(`actions.${a.action}.button`)}
              </ButtonKind>
            );
          })}
      </Box>

      {staffBlocked && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="admin-customer-staff-block">
          {t("staffBlocked")}
        </Alert>
      )}

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" }, gap: 2 }}>
        <Card title={t("account.title")} testId="admin-customer-account">
          <Facts>
            <Fact label={t("account.site")}>{customer.site}</Fact>
            <Fact label={t("account.emailConfirmed")} testId="admin-customer-confirmed">
              {customer.emailConfirmed ? t("confirmedYes") : t("confirmedNo")}
            </Fact>
            <Fact label={t("account.created")}>{formatMoment(customer.createdAt, locale)}</Fact>
            <Fact label={t("account.lastLogin")}>{customer.lastLoginAt ? formatMoment(customer.lastLoginAt, locale) : t("never")}</Fact>
            <Fact label={t("account.plans")} testId="admin-customer-plans">
              {customer.planCount}
            </Fact>
            <Fact label={t("account.projects")} testId="admin-customer-projects">
              {customer.projectCount}
            </Fact>
          </Facts>
        </Card>

        <Card title={t("organisation.title")} testId="admin-customer-organisation">
          {customer.organisation ? (
            <Facts>
              <Fact label={t("organisation.name")}>{customer.organisation.name}</Fact>
              <Fact label={t("organisation.cvr")}>{customer.organisation.cvrNumber || "–"}</Fact>
              <Fact label={t("organisation.role")} testId="admin-customer-role">
                {customer.role ? t(`roles.${customer.role}`) : "–"}
              </Fact>
              <Fact label={t("organisation.owner")}>
                {customer.organisation.ownerId === customer.id ? (
                  t("organisation.ownerSelf")
                ) : (
                  <Button
                    component={NextLink}
                    href={adminHref("customers", { customer: String(customer.organisation.ownerId) })}
                    size="small"
                    sx={{ p: 0, minWidth: 0 }}
                  >
                    {t("organisation.ownerLink", { id: customer.organisation.ownerId })}
                  </Button>
                )}
              </Fact>
            </Facts>
          ) : (
            <Typography color="text.secondary">{t("organisation.none")}</Typography>
          )}
        </Card>

        <Card title={t("billing.title")} testId="admin-customer-billing">
          <Facts>
            <Fact label={t("billing.status")}>
              <BillingStatusChip status={customer.billingStatus} blockReason={customer.blockReason} />
            </Fact>
            <Fact label={t("billing.trial")} testId="admin-customer-trial">
              {customer.trialDaysLeft === false
                ? customer.trialEndsAt
                  ? t("billing.trialOver", { date: day(customer.trialEndsAt) })
                  : t("billing.trialNotStarted")
                : t("billing.trialLeft", { days: customer.trialDaysLeft, date: day(customer.trialEndsAt) })}
            </Fact>
            <Fact label={t("billing.subscription")} testId="admin-customer-subscription">
              {subscription ? t(`billing.states.${subscription.state as "none" | "active" | "ended"}`) : t("billing.noSubscription")}
            </Fact>
            {subscription && (
              <>
                <Fact label={t("billing.seats")}>{subscription.seats}</Fact>
                <Fact label={t("billing.periodEnd")}>{day(subscription.periodEnd)}</Fact>
                <Fact label={t("billing.cancelAt")}>{subscription.cancelAt ? day(subscription.cancelAt) : t("billing.notCancelled")}</Fact>
              </>
            )}
            <Fact label={t("billing.block")} testId="admin-customer-block">
              {customer.blocked ? (
                <Stack spacing={0.5}>
                  <span>{customer.blockReason ? t(`blockReasons.${customer.blockReason}`) : t("statuses.blocked")}</span>
                  {customer.staffBlockReason && (
                    <Typography
                      variant="body2"
                      sx={{ fontStyle: "italic", wordBreak: "break-word" }}
                      data-testid="admin-customer-block-reason"
                    >
                      {t("billing.staffReason", { reason: customer.staffBlockReason })}
                    </Typography>
                  )}
                </Stack>
              ) : (
                t("billing.notBlocked")
              )}
            </Fact>
          </Facts>
        </Card>

        <Card title={t("invoices.title")} testId="admin-customer-invoices">
          {customer.invoices.length === 0 ? (
            <Typography color="text.secondary">{t("invoices.none")}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t("invoices.title")}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("invoices.number")}</TableCell>
                    <TableCell>{t("invoices.date")}</TableCell>
                    <TableCell align="right">{t("invoices.total")}</TableCell>
                    <TableCell>{t("invoices.status")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {customer.invoices.map((invoice) => (
                    <TableRow key={invoice.id} data-testid="admin-customer-invoice">
                      <TableCell>{invoice.number}</TableCell>
                      <TableCell>{day(invoice.date)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        {formatPrice(invoice.amount, invoice.currency, locale)}
                      </TableCell>
                      <TableCell>
                        <Chip size="small" label={ti(`statuses.${invoice.status}`)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Card>
      </Box>

      {action && <CustomerActionDialog action={action} customer={customer} onClose={() => setAction(null)} onDone={() => void load()} />}
    </Box>
  );
}
