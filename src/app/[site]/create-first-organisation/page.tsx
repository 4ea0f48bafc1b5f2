import { CreateFirstOrganisationPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /create-first-organisation (core §2): offered after the first login, skippable; prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("createFirstOrganisation");
export const dynamicParams = false;

export default async function CreateFirstOrganisationPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "createFirstOrganisation");
  return <CreateFirstOrganisationPageClient />;
}
