import { ResetPasswordPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /reset-password?token=…: prerendered per site; the token is read and checked in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("resetPassword");
export const dynamicParams = false;

export default async function ResetPasswordPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "resetPassword");
  return <ResetPasswordPageClient />;
}
