import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { RouteId } from "@/sites/routes";
import { SITES, type SiteId } from "@/sites/registry";

/** The page title and description of a route, from the translations (core §2). */
export async function routeMetadata(site: SiteId, route: RouteId): Promise<Metadata> {
  const t = await getTranslations({ locale: site, namespace: "routes" });
  const product = SITES[site].productName;
  return {
    title: t(`${route}.title`, { product }),
    description: t(`${route}.description`, { product }),
  };
}
