import { ViewPageClient } from "./page-client";
import { MapConfigProvider } from "@/components/map-config-context";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { readMapConfig } from "@/server/map-config";
import { readViewPagePlan } from "@/server/signplans/page-plan";

// /view?token=…: a shared plan, read only (core §2, §6). Rendered per request: the base maps'
// configuration is the server's environment at run time, and the plan the token opens comes with the
// page (read while it renders, not awaited; the client asks the API when the page brings none).
export const { generateStaticParams, generateMetadata } = staticRoute("view");
export const dynamicParams = false;

export default async function ViewPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const site = await resolveSite(params, "view");
  const { token } = await searchParams;
  const viewToken = typeof token === "string" && token.length <= 2000 ? token : null;
  const pagePlan = viewToken ? readViewPagePlan(site, viewToken) : null;
  return (
    <MapConfigProvider config={await readMapConfig()}>
      <ViewPageClient pageToken={pagePlan ? viewToken : null} pagePlan={pagePlan} />
    </MapConfigProvider>
  );
}
