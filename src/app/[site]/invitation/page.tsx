import { InvitationPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /invitation?token=…: the page an organisation's mailed invitation links to; prerendered per site, the
// token is read in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("invitation");
export const dynamicParams = false;

export default async function InvitationPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "invitation");
  return <InvitationPageClient />;
}
