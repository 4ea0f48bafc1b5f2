import { EncourageVerifyEmailPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /encourage-verify-email: prerendered per site; the query (email, source, token) is read in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("encourageVerifyEmail");
export const dynamicParams = false;

export default async function EncourageVerifyEmailPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "encourageVerifyEmail");
  return <EncourageVerifyEmailPageClient />;
}
