import { RequestPasswordResetPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /request-password-reset: asks for a reset link; prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("requestPasswordReset");
export const dynamicParams = false;

export default async function RequestPasswordResetPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "requestPasswordReset");
  return <RequestPasswordResetPageClient />;
}
