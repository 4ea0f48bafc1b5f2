import { PricesPage } from "@/components/prices/prices-page";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// GET /prices (content §9): one page for the sign-plan sites and another for the sewer site, each
// with the site registry's prices; rendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("prices");
export const dynamicParams = false;

export default async function Page({ params }: { params: Promise<{ site: string }> }) {
  return <PricesPage siteId={await resolveSite(params, "prices")} />;
}
