import { OrganisationPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /organisation: the account page, a client page behind the protected-route guard.
export const { generateStaticParams, generateMetadata } = staticRoute("organisation");
export const dynamicParams = false;

export default async function OrganisationPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "organisation");
  return <OrganisationPageClient />;
}
