import { AppPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /app: a client page behind the protected-route guard; the shell is prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("app");
export const dynamicParams = false;

export default async function AppPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "app");
  return <AppPageClient />;
}
