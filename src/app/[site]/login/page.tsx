import { LoginPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /login: the form is prerendered per site; the remembered origin is read in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("login");
export const dynamicParams = false;

export default async function LoginPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "login");
  return <LoginPageClient />;
}
