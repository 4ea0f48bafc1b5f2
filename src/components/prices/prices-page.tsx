import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import Construction from "@mui/icons-material/Construction";
import Groups from "@mui/icons-material/Groups";
import Layers from "@mui/icons-material/Layers";
import PictureAsPdf from "@mui/icons-material/PictureAsPdf";
import Plumbing from "@mui/icons-material/Plumbing";
import SupportAgent from "@mui/icons-material/SupportAgent";
import Traffic from "@mui/icons-material/Traffic";
import WaterDrop from "@mui/icons-material/WaterDrop";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { getTranslations } from "next-intl/server";
import type { ReactElement, ReactNode } from "react";
import { formatPrice } from "./format-price";
import { CALCULATOR_ANCHOR, PriceCalculator } from "./price-calculator";
import { LinkButton } from "@/components/link-button";
import { invoiceTotals, PAYMENT_TERMS_DAYS, subscriptionLines, TRIAL_DAYS, VAT_RATE_PERCENT, yearlyPrices } from "@/lib/billing/pricing";
import { SITES, type Site, type SiteId } from "@/sites/registry";

/** The organisation sizes of the examples table (issue 31: 1, 2 and 5 users). */
export const EXAMPLE_USERS = [1, 2, 5] as const;
const FACTS = ["yearly", "ean", "trial", "noBinding", "vat"] as const;
const FAQ = ["payer", "single", "midYear", "afterTrial", "cancel"] as const;
type Feature = "catalogue" | "drawing" | "exports" | "background" | "collaboration" | "support";

/**
 * What a subscription includes, per kind of site: the sign-plan sites (Skilteplanen, TA-planen) and
 * the sewer site (Kloakplanen) show their own features; their texts come from the site's catalogue
 * (messages/site-kloakplanen.json overlays the sewer wording).
 */
const FEATURES: Record<Site["planKind"], readonly [Feature, ReactElement][]> = {
  signplan: [
    ["catalogue", <Traffic key="icon" />],
    ["drawing", <Construction key="icon" />],
    ["exports", <PictureAsPdf key="icon" />],
    ["background", <Layers key="icon" />],
    ["collaboration", <Groups key="icon" />],
    ["support", <SupportAgent key="icon" />],
  ],
  sewer: [
    ["drawing", <Plumbing key="icon" />],
    ["catalogue", <WaterDrop key="icon" />],
    ["background", <Layers key="icon" />],
    ["exports", <PictureAsPdf key="icon" />],
    ["collaboration", <Groups key="icon" />],
    ["support", <SupportAgent key="icon" />],
  ],
};

// The brand blue of the front page's hero, a shade deeper in dark mode so the page does not glare.
const HERO_SX = { bgcolor: "#1562ad", color: "#fff", ".dark &": { bgcolor: "#0e4379" } } as const;

interface PriceCardProps {
  title: string;
  amount: string;
  unit: string;
  text: string;
  action: ReactNode;
  testId: string;
}

function PriceCard({ title, amount, unit, text, action, testId }: PriceCardProps) {
  return (
    <Paper elevation={3} sx={{ p: 3, display: "flex", flexDirection: "column", gap: 1 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography
        sx={{ fontSize: { xs: "2.25rem", md: "2.75rem" }, fontWeight: 800, lineHeight: 1.1, color: "primary.main" }}
        data-testid="amount"
      >
        {amount}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }} color="text.secondary">
        {unit}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Box sx={{ mt: "auto" }}>{action}</Box>
    </Paper>
  );
}

/** /prices (content §9): the site's yearly prices from the registry, what they include, and how billing works. */
export async function PricesPage({ siteId }: { siteId: SiteId }) {
  const site = SITES[siteId];
  const t = await getTranslations("pricesPage");
  const tNav = await getTranslations("nav");
  const { firstUser, extraUser, currency } = yearlyPrices(siteId);
  const money = (minor: number) => formatPrice(minor, currency, site.locale);
  const product = site.productName;
  const unit = `${t("perYear")} · ${t("exVat")}`;

  return (
    <Box data-testid={`prices-${site.planKind}`}>
      <Box sx={{ ...HERO_SX, pt: { xs: 5, md: 8 }, pb: { xs: 12, md: 14 } }}>
        <Container maxWidth="lg">
          <Typography variant="overline" component="p" sx={{ fontWeight: 700, opacity: 0.85 }}>
            {t("overline", { product })}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, mb: 2, fontSize: { xs: "2.5rem", md: "3rem" } }}>
            {tNav("prices")}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, maxWidth: 720, mb: 3, opacity: 0.95 }}>
            {t("lead", { trialDays: TRIAL_DAYS })}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            {[t("badges.trial", { trialDays: TRIAL_DAYS }), t("badges.noBinding"), t("badges.invoice")].map((badge) => (
              <Chip
                key={badge}
                label={badge}
                icon={<CheckCircleOutline />}
                sx={{ color: "#fff", bgcolor: "rgba(255,255,255,0.14)", fontWeight: 600, "& .MuiChip-icon": { color: "#FFD700" } }}
              />
            ))}
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ mt: { xs: -9, md: -10 }, position: "relative" }}>
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "1fr 1fr 1.15fr" } }}>
          <PriceCard
            title={t("firstUser.title")}
            amount={money(firstUser)}
            unit={unit}
            text={t("firstUser.text", { product })}
            action={
              <LinkButton href="/register" variant="contained" fullWidth disableElevation>
                {t("cta.button", { trialDays: TRIAL_DAYS })}
              </LinkButton>
            }
            testId="price-first-user"
          />
          <PriceCard
            title={t("extraUser.title")}
            amount={money(extraUser)}
            unit={unit}
            text={t("extraUser.text")}
            action={
              <LinkButton href={`#${CALCULATOR_ANCHOR}`} variant="outlined" fullWidth>
                {t("extraUser.action")}
              </LinkButton>
            }
            testId="price-extra-user"
          />
          <Paper variant="outlined" sx={{ p: 3, gridColumn: { sm: "1 / -1", md: "auto" }, bgcolor: "background.paper" }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
              {t("facts.title")}
            </Typography>
            <Stack component="ul" spacing={1.25} sx={{ listStyle: "none", p: 0, m: 0 }}>
              {FACTS.map((fact) => (
                <Stack component="li" key={fact} direction="row" spacing={1.25}>
                  <CheckCircleOutline color="success" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
                  <Typography variant="body2">
                    {t(`facts.${fact}`, { trialDays: TRIAL_DAYS, paymentDays: PAYMENT_TERMS_DAYS, vat: VAT_RATE_PERCENT })}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Paper>
        </Box>

        <Box component="section" sx={{ mt: { xs: 6, md: 8 }, display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          <PriceCalculator site={siteId} />
          <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 1 }} id="price-examples">
              {t("examples.title")}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t("examples.caption")}
            </Typography>
            <Table
              size="small"
              aria-labelledby="price-examples"
              data-testid="price-examples"
              sx={{ "& th, & td": { px: { xs: 1, sm: 2 } }, "& tbody th, & tbody td": { whiteSpace: "nowrap" } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t("examples.users")}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t("examples.exVat")}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t("examples.incVat")}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {EXAMPLE_USERS.map((users) => {
                  const totals = invoiceTotals(subscriptionLines(siteId, users));
                  return (
                    <TableRow key={users}>
                      <TableCell component="th" scope="row">
                        {t("examples.usersCount", { count: users })}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 700 }}>
                        {money(totals.subtotal)}
                      </TableCell>
                      <TableCell align="right">{money(totals.total)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Paper>
        </Box>

        <Box component="section" sx={{ mt: { xs: 7, md: 10 } }} data-testid="prices-included">
          <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
            {t("included.title")}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
            {t("included.lead", { product })}
          </Typography>
          <Box sx={{ display: "grid", gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" } }}>
            {FEATURES[site.planKind].map(([feature, icon]) => (
              <Stack key={feature} direction="row" spacing={2}>
                <Box
                  aria-hidden
                  sx={{
                    flex: "0 0 44px",
                    height: 44,
                    borderRadius: 1,
                    display: "grid",
                    placeItems: "center",
                    bgcolor: "primary.main",
                    color: "#fff",
                  }}
                >
                  {icon}
                </Box>
                <Box>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    {t(`included.items.${feature}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`included.items.${feature}.text`)}
                  </Typography>
                </Box>
              </Stack>
            ))}
          </Box>
        </Box>

        <Box component="section" sx={{ mt: { xs: 7, md: 10 }, mb: { xs: 7, md: 10 } }} data-testid="prices-faq">
          <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 3 }}>
            {t("faq.title")}
          </Typography>
          <Box sx={{ display: "grid", columnGap: 6, rowGap: 3.5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {FAQ.map((item) => (
              <Box key={item}>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                  {t(`faq.items.${item}.question`)}
                </Typography>
                <Typography color="text.secondary">
                  {t(`faq.items.${item}.answer`, { first: money(firstUser), extra: money(extraUser) })}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Container>

      <Box component="section" sx={{ ...HERO_SX, py: { xs: 6, md: 8 } }} data-testid="prices-cta">
        <Container maxWidth="md" sx={{ textAlign: "center" }}>
          <Typography variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
            {t("cta.title")}
          </Typography>
          <Typography sx={{ mb: 3, opacity: 0.95, maxWidth: 600, mx: "auto" }}>{t("cta.text")}</Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ justifyContent: "center", alignItems: "center" }}>
            <LinkButton href="/register" variant="contained" color="tertiary" size="large" disableElevation>
              {t("cta.button", { trialDays: TRIAL_DAYS })}
            </LinkButton>
            <LinkButton
              href="/terms-of-service"
              variant="outlined"
              size="large"
              sx={{ color: "#fff", borderColor: "rgba(255,255,255,0.7)" }}
            >
              {t("cta.terms")}
            </LinkButton>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
