import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { resolveSite } from "@/components/static-route-page";
import { routeMetadata } from "@/i18n/metadata";
import { SITES, SITE_IDS } from "@/sites/registry";

// /guide/{id}: one page per guide post of the site. Until the guides issue brings the articles, each
// site has its "how to create a plan" guide, which the nav's Guide entry opens.
type Params = { params: Promise<{ site: string; id: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return SITE_IDS.map((site) => ({ site, id: SITES[site].guideSlug }));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return routeMetadata(await resolveSite(params, "guides"), "guides");
}

export default async function GuidePage({ params }: Params) {
  const site = await resolveSite(params, "guides");
  if ((await params).id !== SITES[site].guideSlug) notFound();
  const t = await getTranslations();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t("nav.guide")}
      </Typography>
      <Typography color="text.secondary">{t("placeholder.text")}</Typography>
    </Container>
  );
}
