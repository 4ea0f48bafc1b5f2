import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Logo } from "./logo";
import { SiteLink } from "./site-link";
import { COMPANY } from "@/sites/company";
import { navHref } from "@/sites/nav";
import { SITES, type NavEntry, type SiteId } from "@/sites/registry";

/** Footer maximum width in px (core §2). */
export const FOOTER_MAX_WIDTH = 1200;

function Column({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" data-testid={testId} sx={{ flex: "1 1 200px", minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The site footer (core §2), a server component: it ships no JavaScript of its own. The plan tool,
 * which uses the whole window, leaves it out (AppShell).
 */
export async function Footer({ site: siteId }: { site: SiteId }) {
  const site = SITES[siteId];
  const t = await getTranslations();
  const product = site.productName;
  const promoted = SITES[site.promotedSite];
  const linkList = (entries: readonly NavEntry[]) => (
    <Stack component="ul" spacing={0.75} sx={{ listStyle: "none", p: 0, m: 0 }}>
      {entries.map((entry) => (
        <li key={entry}>
          <SiteLink href={navHref(site, entry)} color="inherit" underline="hover">
            {t(`nav.${entry}`)}
          </SiteLink>
        </li>
      ))}
    </Stack>
  );

  return (
    <Box component="footer" data-testid="site-footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.default", mt: 8 }}>
      <Box sx={{ maxWidth: FOOTER_MAX_WIDTH, mx: "auto", px: 3, py: 5, display: "flex", flexWrap: "wrap", gap: 4 }}>
        <Column title={t("footer.companyTitle", { product })} testId="footer-company">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("footer.companyAbout", { product })}
          </Typography>
          {COMPANY.address && (
            <Typography variant="body2" color="text.secondary">
              {t("footer.address", { address: COMPANY.address })}
            </Typography>
          )}
          {COMPANY.registrationNumber && (
            <Typography variant="body2" color="text.secondary">
              {t("footer.registrationNumber", { number: COMPANY.registrationNumber })}
            </Typography>
          )}
        </Column>
        <Column title={t("footer.linksTitle")} testId="footer-links">
          {linkList(site.nav.footer)}
        </Column>
        <Column title={t("footer.contactTitle")} testId="footer-contact">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t("footer.contactText")}
          </Typography>
          <SiteLink href="/contact" underline="hover">
            {t("footer.contactLink")}
          </SiteLink>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t("footer.responseTime")}
          </Typography>
        </Column>
        {site.footerExtraColumn && (
          <Column title={t("footer.extraTitle")} testId="footer-extra">
            {linkList(site.footerExtraColumn)}
          </Column>
        )}
        <Column
          title={promoted.locale === site.locale ? t("footer.promoTitle", { product: promoted.productName }) : t("footer.promoTitleAbroad")}
          testId="footer-promo"
        >
          <Box sx={{ mb: 1 }}>
            <Logo site={promoted} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t(`footer.promo.${promoted.id}`)}
          </Typography>
          <Link href={`https://${promoted.productionHosts[0]}`} underline="hover" rel="noopener">
            {t("footer.promoLink", { product: promoted.productName })}
          </Link>
        </Column>
      </Box>
      <Box sx={{ maxWidth: FOOTER_MAX_WIDTH, mx: "auto", px: 3, pb: 3 }}>
        <Typography variant="caption" color="text.secondary">
          {t("footer.copyright", { year: new Date().getFullYear(), product })}
        </Typography>
      </Box>
    </Box>
  );
}
