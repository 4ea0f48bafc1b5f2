"use client";
/**
 * The invoices screen's dialogs (issue 32): record a payment, credit an invoice, export the CSV. Each on
 * the app's DialogFrame, so Enter in a field confirms, and a pending request cannot be closed or sent twice.
 */
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import Select from "@mui/material/Select";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/client/api";
import { creditInvoice, downloadAdminFile, invoicesCsvPath, recordInvoicePayment } from "@/client/admin/invoices";
import { amountText, parseAmount } from "./amount";
import { DialogFrame } from "@/components/dialog-frame";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import { siteDay } from "@/lib/billing/dates";
import type { AdminInvoiceRowDto, AdminPaymentResultDto } from "@/lib/schemas/admin-invoices";
import { SITES, SITE_IDS } from "@/sites/registry";

export function PaymentDialog({
  invoice,
  onClose,
  onRecorded,
}: {
  invoice: AdminInvoiceRowDto;
  onClose: () => void;
  onRecorded: (result: AdminPaymentResultDto) => void;
}) {
  const t = useTranslations("admin.invoices");
  const { locale } = useSite();
  const today = siteDay(new Date());
  const [date, setDate] = useState(today);
  const [amount, setAmount] = useState(amountText(invoice.remaining));
  const [reference, setReference] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const money = (minor: number) => formatPrice(minor, invoice.currency, locale);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseAmount(amount);
    setAmountError(minor === null ? t("payment.amountInvalid") : null);
    if (minor === null) return;
    setPending(true);
    setError(null);
    try {
      onRecorded(await recordInvoicePayment(invoice.id, { date, amount: minor, reference: reference.trim() }));
    } catch (caught) {
      setError(errorMessage(caught, t("loadError")));
      setPending(false);
    }
  };

  return (
    <DialogFrame
      testId="payment-dialog"
      title={t("payment.title", { number: invoice.number })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
      cancelLabel={t("cancel")}
      confirmLabel={t("payment.submit")}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("payment.owed", { customer: invoice.payerName, remaining: money(invoice.remaining), total: money(invoice.total) })}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t("payment.date")}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, "data-testid": "payment-date" } }}
        />
        <TextField
          label={t("payment.amount", { currency: invoice.currency })}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
          error={amountError !== null}
          helperText={amountError ?? t("payment.amountHelp")}
          slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "payment-amount" } }}
        />
        <TextField
          label={t("payment.reference")}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          required
          autoFocus
          helperText={t("payment.referenceHelp")}
          slotProps={{ htmlInput: { maxLength: 200, "data-testid": "payment-reference" } }}
        />
      </Stack>
    </DialogFrame>
  );
}

export function CreditDialog({
  invoice,
  onClose,
  onCredited,
}: {
  invoice: AdminInvoiceRowDto;
  onClose: () => void;
  onCredited: (row: AdminInvoiceRowDto) => void;
}) {
  const t = useTranslations("admin.invoices");
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      onCredited(await creditInvoice(invoice.id, reason.trim()));
    } catch (caught) {
      setError(errorMessage(caught, t("loadError")));
      setPending(false);
    }
  };

  return (
    <DialogFrame
      testId="credit-dialog"
      title={t("creditDialog.title", { number: invoice.number })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
      cancelLabel={t("cancel")}
      confirmAction={
        // The theme's red is too light behind white text (WCAG contrast): its dark shade, as the status chips use.
        <Button
          type="submit"
          variant="contained"
          disableElevation
          disabled={pending || reason.trim() === ""}
          sx={{ bgcolor: "error.dark", color: "common.white", "&:hover": { bgcolor: "error.dark" } }}
        >
          {t("creditDialog.submit")}
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("creditDialog.intro")}
      </Typography>
      <TextField
        label={t("creditDialog.reason")}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        fullWidth
        multiline
        minRows={2}
        helperText={t("creditDialog.reasonHelp")}
        slotProps={{ htmlInput: { maxLength: 500, "data-testid": "credit-reason" } }}
      />
    </DialogFrame>
  );
}

/** The first day of this month and today: the bookkeeper's usual range. */
function thisMonth(): { from: string; to: string } {
  const to = siteDay(new Date());
  return { from: `${to.slice(0, 8)}01`, to };
}

export function CsvDialog({ site: initialSite, onClose }: { site: string; onClose: () => void }) {
  const t = useTranslations("admin.invoices");
  const [range, setRange] = useState(thisMonth);
  const [site, setSite] = useState(initialSite);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const fileName = `${["fakturaer", site, range.from, range.to].filter(Boolean).join("-")}.csv`;
      await downloadAdminFile(invoicesCsvPath({ site: site || undefined, ...range }), fileName);
      onClose();
    } catch (caught) {
      setError(errorMessage(caught, t("csv.error")));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogFrame
      testId="csv-dialog"
      title={t("csv.title")}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={pending}
      error={error}
      cancelLabel={t("cancel")}
      confirmLabel={t("csv.submit")}
      confirmDisabled={!range.from || !range.to}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t("csv.intro")}
      </Typography>
      <Stack spacing={2}>
        <FormControl fullWidth>
          <InputLabel id="csv-site-label">{t("csv.site")}</InputLabel>
          <Select
            labelId="csv-site-label"
            label={t("csv.site")}
            value={site}
            onChange={(event) => setSite(event.target.value)}
            data-testid="csv-site"
          >
            <MenuItem value="">{t("allSites")}</MenuItem>
            {SITE_IDS.map((id) => (
              <MenuItem key={id} value={id}>
                {SITES[id].productName}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("csv.from")}
            type="date"
            value={range.from}
            onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to || undefined, "data-testid": "csv-from" } }}
          />
          <TextField
            label={t("csv.to")}
            type="date"
            value={range.to}
            onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from || undefined, "data-testid": "csv-to" } }}
          />
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
