"use client";
/**
 * The payer's invoices (core §3 "Invoice": number, date, user count, amount, status), newest first,
 * with their documents: the PDF always, the UBL e-invoice for one issued with e-invoice chosen. Each
 * invoice is a card whose facts stand in a row where there is room: eight table columns do not fit the
 * account page's width.
 */
import ReceiptLongOutlinedIcon from "@mui/icons-material/ReceiptLongOutlined";
import Box from "@mui/material/Box";
import Chip, { type ChipProps } from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type MouseEvent, type ReactNode } from "react";
import { formatShortDay } from "@/lib/billing/dates";
import { errorMessage } from "@/client/api";
import { fetchApiFile } from "@/client/api-file";
import { saveBlobAs } from "@/client/save-file";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import type { InvoiceDto } from "@/lib/schemas/billing";

// Overdue in the error colour (issue 31); its darker shade, as the theme's red is too light for text on white.
const STATUS_CHIP: Record<InvoiceDto["status"], ChipProps["sx"]> = {
  pending: { bgcolor: "action.selected" },
  paid: { bgcolor: "success.main", color: "success.contrastText" },
  overdue: { bgcolor: "error.dark", color: "common.white" },
  credited: { bgcolor: "action.selected" },
};

function StatusChip({ status }: { status: InvoiceDto["status"] }) {
  const t = useTranslations("billingAccount.invoices.statuses");
  return <Chip size="small" label={t(status)} sx={STATUS_CHIP[status]} data-testid="invoice-status" data-status={status} />;
}

/**
 * The documents need the session's token, which a plain link does not send: the click fetches the file
 * with it and saves it. The link keeps its address and download attribute, so it reads as what it is.
 */
function DocumentLink({
  href,
  fileName,
  label,
  children,
  testId,
}: {
  href: string;
  fileName: string;
  label: string;
  children: string;
  testId: string;
}) {
  const t = useTranslations("billingAccount.invoices");
  const [error, setError] = useState<string | null>(null);
  const save = async (event: MouseEvent) => {
    event.preventDefault();
    setError(null);
    try {
      saveBlobAs(await fetchApiFile(href), fileName);
    } catch (caught) {
      setError(errorMessage(caught, t("downloadError")));
    }
  };
  return (
    <span>
      <Link href={href} download={fileName} aria-label={label} onClick={(event) => void save(event)} data-testid={testId}>
        {children}
      </Link>
      {error && (
        <Typography role="alert" variant="body2" sx={{ color: "error.dark" }} data-testid="invoice-download-error">
          {error}
        </Typography>
      )}
    </span>
  );
}

/** The invoice's documents, and a credited invoice's credit note's (its own number, reachable as the invoice is). */
function Documents({ invoice }: { invoice: InvoiceDto }) {
  const t = useTranslations("billingAccount.invoices");
  const { creditNote } = invoice;
  const name = t("invoiceTitle", { number: invoice.number })
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .toLowerCase();
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
      <DocumentLink href={invoice.pdfUrl} fileName={`${name}.pdf`} label={t("pdfLabel", { number: invoice.number })} testId="invoice-pdf">
        {t("pdf")}
      </DocumentLink>
      {invoice.ublUrl && (
        <DocumentLink href={invoice.ublUrl} fileName={`${name}.xml`} label={t("ublLabel", { number: invoice.number })} testId="invoice-ubl">
          {t("ubl")}
        </DocumentLink>
      )}
      {creditNote && (
        <DocumentLink
          href={creditNote.pdfUrl}
          fileName={`${t("creditFileName", { number: creditNote.number })}.pdf`}
          label={t("creditPdfLabel", { number: creditNote.number })}
          testId="credit-note-pdf"
        >
          {t("creditPdf")}
        </DocumentLink>
      )}
      {creditNote?.ublUrl && (
        <DocumentLink
          href={creditNote.ublUrl}
          fileName={`${t("creditFileName", { number: creditNote.number })}.xml`}
          label={t("creditUblLabel", { number: creditNote.number })}
          testId="credit-note-ubl"
        >
          {t("creditUbl")}
        </DocumentLink>
      )}
    </Box>
  );
}

export function InvoiceList({ invoices }: { invoices: readonly InvoiceDto[] }) {
  const t = useTranslations("billingAccount.invoices");
  const te = useTranslations("organisationPage.invoices");
  const { locale } = useSite();
  const day = (iso: string) => formatShortDay(iso, locale);
  const money = (invoice: InvoiceDto) => formatPrice(invoice.amount, invoice.currency, locale);

  if (invoices.length === 0) {
    return (
      <Box sx={{ textAlign: "center", py: 3 }} data-testid="invoices-empty">
        <ReceiptLongOutlinedIcon sx={{ fontSize: 40, color: "text.secondary", mb: 1 }} aria-hidden />
        <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {te("emptyTitle")}
        </Typography>
        <Typography color="text.secondary">{te("emptyText")}</Typography>
      </Box>
    );
  }

  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("caption")} data-testid="invoice-list">
      {invoices.map((invoice) => (
        <Paper component="li" variant="outlined" key={invoice.id} sx={{ p: 2 }} data-testid="invoice-row" data-number={invoice.number}>
          <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, mb: 1.5, flexWrap: "wrap" }}>
            <Typography component="h3" sx={{ fontWeight: 700 }} data-testid="invoice-number">
              {t("invoiceTitle", { number: invoice.number })}
            </Typography>
            <StatusChip status={invoice.status} />
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: "grid",
              gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)", md: "1.2fr 1fr 1fr 1.6fr 0.7fr" },
              gap: { xs: 0.75, sm: 1.5 },
              "& dt": { color: "text.secondary", typography: "body2" },
              "& dd": { m: 0 },
            }}
          >
            <InvoiceFact label={t("amount")} testId="invoice-amount">
              <strong>{money(invoice)}</strong>
            </InvoiceFact>
            <InvoiceFact label={t("date")}>{day(invoice.date)}</InvoiceFact>
            <InvoiceFact label={t("due")}>{day(invoice.dueAt)}</InvoiceFact>
            <InvoiceFact label={t("period")}>
              {day(invoice.periodStart)} – {day(invoice.periodEnd)}
            </InvoiceFact>
            <InvoiceFact label={t("users")}>{invoice.userCount}</InvoiceFact>
          </Box>
          {invoice.creditNote && (
            <Typography variant="body2" sx={{ mt: 1.5 }} data-testid="invoice-credit-note" data-number={invoice.creditNote.number}>
              {t("creditNote", { number: invoice.creditNote.number })}
            </Typography>
          )}
          <Box sx={{ mt: 1.5 }}>
            <Documents invoice={invoice} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** A label above its value; on a phone beside it. */
function InvoiceFact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: { xs: "flex", sm: "block" }, gap: 1, justifyContent: "space-between" }}>
      <dt>{label}</dt>
      <Typography component="dd" sx={{ whiteSpace: { sm: "nowrap" } }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}
