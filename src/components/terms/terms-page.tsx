import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import NextLink from "next/link";
import { getTranslations } from "next-intl/server";
import { TERMS_SECTIONS } from "./terms-sections";
import { formatDate, formatPrice } from "@/components/prices/format-price";
import { BLOCK_GRACE_DAYS, PAYMENT_TERMS_DAYS, TERMS_VERSION, TRIAL_DAYS, VAT_RATE_PERCENT, yearlyPrices } from "@/lib/billing/pricing";
import { SITES, type SiteId } from "@/sites/registry";

const SUMMARY = ["trial", "prices", "noBinding", "blocking"] as const;

// Links inside the text: the brand colour, underlined on hover, bold enough to find.
const LINK_SX = { "& a": { color: "primary.main", fontWeight: 600, textDecoration: "none" }, "& a:hover": { textDecoration: "underline" } };

/**
 * /terms-of-service (content §9, issue 31) in the site's language: the commercial model's terms with
 * every number taken from pricing.ts and the registry, so the page and the invoices never disagree.
 */
export async function TermsPage({ siteId }: { siteId: SiteId }) {
  const site = SITES[siteId];
  const t = await getTranslations("terms");
  const tNav = await getTranslations("nav");
  const { firstUser, extraUser, currency } = yearlyPrices(siteId);
  const values = {
    product: site.productName,
    trialDays: TRIAL_DAYS,
    paymentDays: PAYMENT_TERMS_DAYS,
    graceDays: BLOCK_GRACE_DAYS,
    vat: VAT_RATE_PERCENT,
    first: formatPrice(firstUser, currency, site.locale),
    extra: formatPrice(extraUser, currency, site.locale),
  };

  const toc = (
    <Box component="nav" aria-labelledby="terms-toc" data-testid="terms-toc">
      <Typography id="terms-toc" variant="overline" component="h2" sx={{ fontWeight: 700, display: "block", mb: 1 }}>
        {t("toc")}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, "& li": { mb: 0.75 }, ...LINK_SX }}>
        {TERMS_SECTIONS.map(([id]) => (
          <li key={id}>
            <a href={`#${id}`}>{t(`sections.${id}.title`)}</a>
          </li>
        ))}
      </Box>
    </Box>
  );

  return (
    <Box data-testid="terms">
      <Box sx={{ bgcolor: "action.hover", borderBottom: 1, borderColor: "divider", py: { xs: 4, md: 6 } }}>
        <Container maxWidth="lg">
          <Typography variant="overline" component="p" sx={{ fontWeight: 700, color: "primary.main" }} data-testid="terms-product">
            {t("overline", values)}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 1, fontSize: { xs: "2.25rem", md: "3rem" } }}>
            {tNav("termsOfService")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="terms-version">
            <time dateTime={TERMS_VERSION}>{t("version", { date: formatDate(TERMS_VERSION, site.locale) })}</time>
          </Typography>
          <Typography sx={{ maxWidth: 720 }}>{t("intro", values)}</Typography>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box sx={{ display: "grid", gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: "1fr", md: "240px minmax(0, 1fr)" } }}>
          <Box sx={{ position: { md: "sticky" }, top: { md: 88 }, alignSelf: "start" }}>{toc}</Box>

          <Box sx={{ maxWidth: 760 }}>
            <Paper
              variant="outlined"
              sx={{ p: { xs: 2.5, sm: 3 }, mb: 5, borderLeft: 4, borderLeftColor: "primary.main" }}
              data-testid="terms-summary"
            >
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t("summaryTitle")}
              </Typography>
              <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
                {SUMMARY.map((item) => (
                  <Typography component="li" key={item}>
                    {t(`summary.${item}`, values)}
                  </Typography>
                ))}
              </Stack>
            </Paper>

            {TERMS_SECTIONS.map(([id, paragraphs], index) => (
              <Box component="section" key={id} id={id} aria-labelledby={`${id}-title`} sx={{ mb: 5, scrollMarginTop: 88 }}>
                <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
                  {index + 1}. {t(`sections.${id}.title`)}
                </Typography>
                {Array.from({ length: paragraphs }, (_, i) => (
                  <Typography key={i} sx={{ mb: 1.5, lineHeight: 1.7 }}>
                    {/* The key is built from the section table, which the message catalogue mirrors. */}
                    {t(`sections.${id}.p${i + 1}` as `sections.service.p1`, values)}
                  </Typography>
                ))}
                {id === "data" && (
                  <Typography sx={LINK_SX}>
                    <NextLink href="/privacy-policy">{t("privacyLink")}</NextLink>
                  </Typography>
                )}
                {id === "prices" && (
                  <Typography sx={LINK_SX}>
                    <NextLink href="/prices">{t("pricesLink")}</NextLink>
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
