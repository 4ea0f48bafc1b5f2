"use client";
/**
 * The one-button step of core §4 ("with details already present a button reactivates"): what is
 * invoiced now at this site's prices (the seats, each line, the VAT, the total and the currency, worked
 * out as the server issues the invoice), the terms accepted with a required checkbox, and the button.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "@mui/utils";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/client/api";
import { acceptPayment } from "@/client/invoices";
import { formatPrice } from "@/components/prices/format-price";
import { useSite } from "@/components/site-context";
import { invoiceTotals, PAYMENT_TERMS_DAYS, subscriptionLines, VAT_RATE_PERCENT } from "@/lib/billing/pricing";
import type { AcceptPaymentDto } from "@/lib/schemas/billing";

export function AcceptSubscription({ seats, onAccepted }: { seats: number; onAccepted: (result: AcceptPaymentDto) => void }) {
  const t = useTranslations("billingAccount.subscribe");
  const tv = useTranslations("validation");
  const site = useSite();
  const lines = subscriptionLines(site.id, Math.max(1, seats));
  const totals = invoiceTotals(lines);
  const money = (minor: number) => formatPrice(minor, site.currency, site.locale);
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const termsErrorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!accepted) return setTermsError(true);
    setPending(true);
    setError(null);
    try {
      onAccepted(await acceptPayment());
    } catch (caught) {
      setError(errorMessage(caught, t("error")));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="accept-subscription">
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="accept-error">
          {error}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t("invoicedNow")}
      </Typography>
      <Box
        component="dl"
        data-testid="accept-summary"
        sx={{
          m: 0,
          mb: 2,
          display: "grid",
          gridTemplateColumns: "1fr auto",
          columnGap: 3,
          rowGap: 0.75,
          maxWidth: 480,
          "& dd": { m: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" },
        }}
      >
        {lines.map((line) => (
          <Box key={line.item} sx={{ display: "contents" }}>
            <Typography component="dt">
              {line.item === "firstUser" ? t("firstUser") : t("extraUsers", { count: line.quantity, price: money(line.unitPrice) })}
            </Typography>
            <Typography component="dd">{money(line.amount)}</Typography>
          </Box>
        ))}
        <Typography component="dt" sx={{ borderTop: 1, borderColor: "divider", pt: 0.75 }}>
          {t("subtotal")}
        </Typography>
        <Typography component="dd" sx={{ borderTop: 1, borderColor: "divider", pt: 0.75 }} data-testid="accept-subtotal">
          {money(totals.subtotal)}
        </Typography>
        <Typography component="dt">{t("vat", { rate: VAT_RATE_PERCENT })}</Typography>
        <Typography component="dd" data-testid="accept-vat">
          {money(totals.vatAmount)}
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {t("total")}
        </Typography>
        <Typography component="dd" sx={{ fontWeight: 700 }} data-testid="accept-total">
          {money(totals.total)}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="accept-terms-text">
        {t("terms", { currency: site.currency, days: PAYMENT_TERMS_DAYS })}
      </Typography>
      <FormControlLabel
        required
        control={
          <Checkbox
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.target.checked);
              setTermsError(false);
            }}
            disabled={pending}
            slotProps={{
              input: {
                "aria-invalid": termsError,
                "aria-describedby": termsError ? termsErrorId : undefined,
                // @ts-expect-error data attributes pass through to the input
                "data-testid": "accept-terms",
              },
            }}
          />
        }
        label={t.rich("acceptTerms", {
          link: (chunks) => (
            <Link href="/terms-of-service" target="_blank" rel="noopener" data-testid="accept-terms-link">
              {chunks}
              <Box component="span" sx={visuallyHidden}>
                {` ${t("newTab")}`}
              </Box>
            </Link>
          ),
        })}
      />
      {termsError && (
        <FormHelperText id={termsErrorId} error sx={{ color: "error.dark", ml: 0 }} data-testid="accept-terms-error">
          {tv("acceptTermsRequired")}
        </FormHelperText>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" size="large" disableElevation disabled={pending} data-testid="accept-button">
          {t("button")}
        </Button>
      </Box>
    </Box>
  );
}
