import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routeMetadata } from "@/i18n/metadata";
import type { RouteId } from "@/sites/routes";
import { isSiteId, siteHasRoute, sitesWithRoute, type SiteId } from "@/sites/registry";

interface Params {
  params: Promise<{ site: string }>;
}

/** Resolves the [site] segment of a page of `route`, or 404s where that site does not have the route. */
export async function resolveSite(params: Params["params"], route: RouteId): Promise<SiteId> {
  const { site } = await params;
  if (!isSiteId(site) || !siteHasRoute(site, route)) notFound();
  setRequestLocale(site);
  return site;
}

/**
 * The three exports of a statically rendered page of the route table: one prerendered page per site
 * that has the route (the proxy sends the other sites' visitors to a 404), and its title and
 * description from the translations.
 */
export function staticRoute(route: RouteId) {
  return {
    generateStaticParams: () => sitesWithRoute(route).map((site) => ({ site })),
    generateMetadata: async ({ params }: Params): Promise<Metadata> => routeMetadata(await resolveSite(params, route), route),
  };
}

/**
 * A page whose content comes with a later issue: its heading and a short note, both translated. Never an
 * admin page, which also keeps the union of nav keys within what next-intl's key types can check.
 */
export function placeholderPage(route: Exclude<RouteId, "admin" | "adminDashboard">) {
  return async function PlaceholderPage({ params }: Params) {
    await resolveSite(params, route);
    const t = await getTranslations();
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h3" component="h1" gutterBottom>
          {t(`nav.${route}`)}
        </Typography>
        <Typography color="text.secondary">{t("placeholder.text")}</Typography>
      </Container>
    );
  };
}
