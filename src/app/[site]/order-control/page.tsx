import { connection } from "next/server";
import { OrderControlPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { pageUser } from "@/server/auth/page-session";
import { siteOrigin } from "@/server/site-url";
import { SITE_IDS, type SiteId } from "@/sites/site-ids";

// /order-control/: the project archive, a client page behind the protected-route guard.
export const { generateStaticParams, generateMetadata } = staticRoute("orderControl");
export const dynamicParams = false;

export default async function OrderControlPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "orderControl");
  // Saved plans open in their own site's app (content §2); the sites' addresses are the server's
  // configuration at run time, not the build machine's.
  await connection();
  const siteOrigins = Object.fromEntries(SITE_IDS.map((id) => [id, siteOrigin(id)])) as Record<SiteId, string>;
  const user = await pageUser();
  return <OrderControlPageClient siteOrigins={siteOrigins} pageUserId={user?.id ?? null} />;
}
