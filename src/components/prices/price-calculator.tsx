"use client";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatPrice } from "./format-price";
import { invoiceTotals, subscriptionLines, VAT_RATE_PERCENT, yearlyPrices } from "@/lib/billing/pricing";
import { SITES, type SiteId } from "@/sites/registry";

/** The slider's range; the number field takes larger organisations. */
const SLIDER_MAX = 25;
const FIELD_MAX = 999;
const START_USERS = 3;
/** The calculator's anchor, which the further-user price card links to. */
export const CALCULATOR_ANCHOR = "calculator";

/** The prices page's one client island: a number of users in, the year's price out, with the invoice's arithmetic. */
export function PriceCalculator({ site }: { site: SiteId }) {
  const t = useTranslations("pricesPage.calculator");
  const { locale } = SITES[site];
  const [raw, setRaw] = useState(String(START_USERS));
  const parsed = Number.parseInt(raw, 10);
  const users = Number.isFinite(parsed) ? Math.min(FIELD_MAX, Math.max(1, parsed)) : 1;
  const { firstUser, extraUser, currency } = yearlyPrices(site);
  const totals = invoiceTotals(subscriptionLines(site, users));
  const money = (minor: number) => formatPrice(minor, currency, locale);

  return (
    <Paper
      id={CALCULATOR_ANCHOR}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, height: "100%", scrollMarginTop: 88 }}
      data-testid="price-calculator"
    >
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t("title")}
      </Typography>
      <Stack
        direction={{ xs: "column-reverse", sm: "row" }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { xs: "stretch", sm: "center" }, mb: 1 }}
      >
        <Slider
          value={Math.min(users, SLIDER_MAX)}
          min={1}
          max={SLIDER_MAX}
          onChange={(_, value) => setRaw(String(value))}
          aria-label={t("slider")}
          sx={{ flex: 1, mx: { xs: 1, sm: 0 }, width: "auto" }}
        />
        <TextField
          label={t("users")}
          type="number"
          size="small"
          value={raw}
          onChange={(event) => setRaw(event.target.value)}
          onBlur={() => setRaw(String(users))}
          slotProps={{ htmlInput: { min: 1, max: FIELD_MAX, inputMode: "numeric" } }}
          sx={{ width: { xs: "100%", sm: 130 } }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t("breakdown", { first: money(firstUser), count: users - 1, extra: money(extraUser) })}
      </Typography>
      <Box component="dl" aria-live="polite" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr auto", rowGap: 0.75 }}>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {t("subtotal")}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontSize: "1.5rem", textAlign: "right" }} data-testid="calculator-subtotal">
          {money(totals.subtotal)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t("vat", { vat: VAT_RATE_PERCENT })}
        </Typography>
        <Typography component="dd" color="text.secondary" sx={{ m: 0, textAlign: "right" }}>
          {money(totals.vatAmount)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t("total")}
        </Typography>
        <Typography component="dd" color="text.secondary" sx={{ m: 0, textAlign: "right" }} data-testid="calculator-total">
          {money(totals.total)}
        </Typography>
      </Box>
    </Paper>
  );
}
