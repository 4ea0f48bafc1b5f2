"use client";
/**
 * The invoice details (core §3 "Invoice details", §5): company or not, the company's name and number
 * (CVR, organisationsnummer on TA-planen) with the register look-up of the organisation forms, e-invoice
 * to an EAN, the address, the invoice e-mail and a reference. Checked with the schema the server uses,
 * so a problem shows at its field in the same words before anything is sent; a refusal of the API that
 * names a field lands there too (use-form).
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Theme } from "@mui/material/styles";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { countryName } from "./format";
import { lookUpCompany } from "@/client/company-lookup";
import { saveInvoiceDetails } from "@/client/invoices";
import { getOrganisation } from "@/client/organisation";
import { useForm } from "@/client/use-form";
import { CompanyLookup } from "@/components/organisation/company-lookup";
import { useCompanyNumberKind } from "@/components/organisation/organisation-form";
import { useSite } from "@/components/site-context";
import { invoiceDetailsBodySchema, type InvoiceDetailsBody, type InvoiceDetailsDto } from "@/lib/schemas/billing";
import type { CompanyLookupDto, OrganisationDto } from "@/lib/schemas/organisation";

/** The countries offered, the site's own first (the list is ours; the schema takes any two-letter code). */
const COUNTRIES = ["DK", "SE", "NO", "FI", "DE", "NL", "PL", "GB"] as const;

export type InvoiceDetailsValues = InvoiceDetailsBody;

/** A field's problem in the error red's darker shade (lighter on dark paper): the red itself is below 4.5:1 for text. */
const errorTextSx = (theme: Theme) => ({
  "& .MuiFormLabel-root.Mui-error, & .MuiFormHelperText-root.Mui-error": {
    color: theme.palette.error.dark,
    ...theme.applyStyles("dark", { color: theme.palette.error.light }),
  },
});

/** The form's first values: the saved details, else what the organisation and the user already say. */
export function initialDetails(
  saved: InvoiceDetailsDto | null,
  organisation: OrganisationDto | null | undefined,
  userName: string,
  country: string,
): InvoiceDetailsValues {
  if (saved) {
    const { updatedAt: _updatedAt, canManage: _canManage, ...body } = saved;
    return body;
  }
  return {
    isCompany: true,
    companyName: organisation?.name ?? "",
    cvrNumber: organisation?.cvr_number ?? "",
    sendEInvoice: false,
    name: userName,
    address: "",
    zip: "",
    city: "",
    country,
    invoiceEmail: "",
    reference: "",
    eanNumber: "",
  };
}

export function InvoiceDetailsForm({
  initial,
  submitLabel,
  onSaved,
  onCancel,
  inOrganisation,
  testId = "invoice-details-form",
}: {
  initial: InvoiceDetailsValues;
  submitLabel: string;
  onSaved: (saved: InvoiceDetailsDto) => void;
  /** Shown as a button beside the submit button when given (editing saved details). */
  onCancel?: () => void;
  /** Offers filling the company from the organisation's own number. */
  inOrganisation: boolean;
  testId?: string;
}) {
  const t = useTranslations("billingAccount.details");
  const tf = useTranslations("organisationPage.form");
  const { locale } = useSite();
  const kind = useCompanyNumberKind();
  const form = useForm<InvoiceDetailsValues>(initial);
  const { values } = form;
  const eInvoiceHintId = useId();
  const submit = form.handleSubmit({
    schema: invoiceDetailsBodySchema(kind),
    fallback: t("saveError"),
    action: async (body) => onSaved(await saveInvoiceDetails(body)),
  });
  const fill = (company: CompanyLookupDto) => {
    form.set("companyName", company.name);
    form.set("cvrNumber", company.cvr_number);
    if (company.address) form.set("address", company.address);
    if (company.zipcode) form.set("zip", company.zipcode);
    if (company.city) form.set("city", company.city);
  };
  const numberLabel = kind === "cvr" ? tf("cvrLabel") : tf("orgNumberLabel");
  const numberHint = kind === "cvr" ? tf("cvrHint") : tf("orgNumberHint");
  const countries = COUNTRIES.includes(values.country as (typeof COUNTRIES)[number]) ? COUNTRIES : [...COUNTRIES, values.country];

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId} sx={errorTextSx}>
      <Stack spacing={2}>
        {form.formError && <Alert severity="error">{form.formError}</Alert>}
        <FormControlLabel
          control={
            <Checkbox checked={values.isCompany} onChange={(event) => form.set("isCompany", event.target.checked)} disabled={form.busy} />
          }
          label={t("isCompany")}
          data-testid="details-is-company"
        />
        {values.isCompany && (
          <>
            <CompanyLookup onFound={fill} disabled={form.busy} />
            {inOrganisation && <FromOrganisation onFound={fill} disabled={form.busy} />}
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" }, gap: 2 }}>
              <TextField
                label={t("companyName")}
                autoComplete="organization"
                {...form.field("companyName")}
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: 200, "data-testid": "details-company-name" } }}
              />
              <TextField
                label={numberLabel}
                {...form.field("cvrNumber", numberHint)}
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 20, "data-testid": "details-company-number" } }}
              />
            </Box>
          </>
        )}
        <TextField
          label={t("name")}
          autoComplete="name"
          {...form.field("name")}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200, "data-testid": "details-name" } }}
        />
        <TextField
          label={t("address")}
          autoComplete="street-address"
          {...form.field("address")}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 200, "data-testid": "details-address" } }}
        />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 2fr 1.5fr" }, gap: 2 }}>
          <TextField
            label={t("zip")}
            autoComplete="postal-code"
            {...form.field("zip")}
            required
            slotProps={{ htmlInput: { maxLength: 20, "data-testid": "details-zip" } }}
          />
          <TextField
            label={t("city")}
            autoComplete="address-level2"
            {...form.field("city")}
            required
            slotProps={{ htmlInput: { maxLength: 100, "data-testid": "details-city" } }}
          />
          <TextField
            select
            label={t("country")}
            {...form.field("country")}
            required
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "details-country" } as object } }}
          >
            {countries.map((code) => (
              <MenuItem key={code} value={code}>
                {countryName(code, locale)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          label={t("invoiceEmail")}
          type="email"
          autoComplete="email"
          {...form.field("invoiceEmail", t("invoiceEmailHint"))}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 254, "data-testid": "details-invoice-email" } }}
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.sendEInvoice}
                onChange={(event) => form.set("sendEInvoice", event.target.checked)}
                disabled={form.busy}
                slotProps={{ input: { "aria-describedby": eInvoiceHintId } }}
              />
            }
            label={t("sendEInvoice")}
            data-testid="details-e-invoice"
          />
          <FormHelperText id={eInvoiceHintId} sx={{ mt: 0, ml: 4 }}>
            {t("sendEInvoiceHint")}
          </FormHelperText>
        </Box>
        {values.sendEInvoice && (
          <TextField
            label={t("ean")}
            {...form.field("eanNumber", t("eanHint"))}
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 20, "data-testid": "details-ean" } }}
          />
        )}
        <TextField
          label={t("reference")}
          {...form.field("reference", t("referenceHint"))}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 100, "data-testid": "details-reference" } }}
        />
        <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disableElevation disabled={form.busy} data-testid="details-save">
            {submitLabel}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={form.busy} color="inherit">
              {t("cancel")}
            </Button>
          )}
        </Box>
      </Stack>
    </Box>
  );
}

/**
 * Fills the company from the organisation's own number in the register. The organisation is asked
 * again at the click, so one left or deleted meanwhile is reported rather than used.
 */
function FromOrganisation({ onFound, disabled }: { onFound: (company: CompanyLookupDto) => void; disabled: boolean }) {
  const t = useTranslations("billingAccount.details");
  const kind = useCompanyNumberKind();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const organisation = await getOrganisation({ toast: false }).catch(() => undefined);
      if (organisation === undefined) return setMessage({ error: true, text: t("cvrFetchError") });
      if (organisation === null) return setMessage({ error: true, text: t("noOrganisation") });
      if (!organisation.cvr_number.trim()) return setMessage({ error: true, text: t("organisationHasNoCvr") });
      const result = await lookUpCompany(organisation.cvr_number, t("cvrFetchError"));
      if ("error" in result) return setMessage({ error: true, text: result.error });
      onFound(result.company);
      setMessage({ error: false, text: t("fetched", { name: result.company.name }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      <Button variant="text" onClick={() => void run()} disabled={disabled || busy} data-testid="details-from-organisation" sx={{ px: 0 }}>
        {kind === "cvr" ? t("fromOrganisation") : t("fromOrganisationOrgNr")}
      </Button>
      <Box role="status" aria-live="polite">
        {message && (
          <Typography
            variant="body2"
            sx={{ color: message.error ? "error.dark" : "text.secondary" }}
            data-testid={message.error ? "details-from-organisation-error" : "details-from-organisation-found"}
          >
            {message.text}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
