import { AppPageClient } from "./page-client";
import { earlyPlanScript } from "@/client/early-plan";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /app: a client page behind the protected-route guard; the shell is prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("app");
export const dynamicParams = false;

export default async function AppPage({ params }: { params: Promise<{ site: string }> }) {
  const site = await resolveSite(params, "app");
  return (
    <>
      {/* Runs while the HTML is parsed: the plan downloads while the app's JavaScript loads. */}
      <script dangerouslySetInnerHTML={{ __html: earlyPlanScript(site) }} />
      <AppPageClient />
    </>
  );
}
