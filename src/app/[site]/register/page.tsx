import { RegisterPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /register: the sign-up form, prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("register");
export const dynamicParams = false;

export default async function RegisterPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "register");
  return <RegisterPageClient />;
}
