import { resolveSite, staticRoute } from "@/components/static-route-page";
import { TermsPage } from "@/components/terms/terms-page";

// GET /terms-of-service (content §9): the terms in the site's language, with the pricing constants' numbers.
export const { generateStaticParams, generateMetadata } = staticRoute("termsOfService");
export const dynamicParams = false;

export default async function Page({ params }: { params: Promise<{ site: string }> }) {
  return <TermsPage siteId={await resolveSite(params, "termsOfService")} />;
}
