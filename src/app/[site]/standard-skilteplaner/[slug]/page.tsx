import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { resolveSite } from "@/components/static-route-page";
import { routeMetadata } from "@/i18n/metadata";
import { STANDARD_PLAN_SLUGS } from "@/sites/routes";
import { sitesWithRoute } from "@/sites/registry";

// /standard-skilteplaner/{motorvej|byomraader|aabent-land}: Danish sign-plan site only.
type Params = { params: Promise<{ site: string; slug: (typeof STANDARD_PLAN_SLUGS)[number] }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return sitesWithRoute("standardPlans").flatMap((site) => STANDARD_PLAN_SLUGS.map((slug) => ({ site, slug })));
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return routeMetadata(await resolveSite(params, "standardPlans"), "standardPlans");
}

export default async function StandardPlanPage({ params }: Params) {
  await resolveSite(params, "standardPlans");
  const { slug } = await params;
  const t = await getTranslations();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="overline" component="p">
        {t("nav.standardPlans")}
      </Typography>
      <Typography variant="h3" component="h1" gutterBottom>
        {t(`standardPlans.${slug}`)}
      </Typography>
      <Typography color="text.secondary">{t("placeholder.text")}</Typography>
    </Container>
  );
}
