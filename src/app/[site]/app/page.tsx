import { AppPageClient } from "./page-client";
import { MapConfigProvider } from "@/components/map-config-context";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { pageUser } from "@/server/auth/page-session";
import { readMapConfig } from "@/server/map-config";
import { readPagePlan } from "@/server/signplans/page-plan";
import { planIdOf } from "@/lib/plan-param";

// /app: the plan tool behind the protected-route guard. Rendered per request: the base maps'
// configuration is the server's environment at run time, and the open plan comes with the page.
export const { generateStaticParams, generateMetadata } = staticRoute("app");
export const dynamicParams = false;

export default async function AppPage({
  params,
  searchParams,
}: {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const site = await resolveSite(params, "app");
  const [user, query] = await Promise.all([pageUser(), searchParams]);
  const planId = planIdOf(typeof query.plan === "string" ? query.plan : null);
  // Started now and not awaited: the plan is read while the rest of the page renders and streams, and
  // reaches the browser in the same response (issue 34), instead of being asked for once its JavaScript runs.
  const pagePlan = user && planId !== null ? readPagePlan(site, user, planId) : null;
  return (
    <MapConfigProvider config={await readMapConfig()}>
      <AppPageClient pageUserId={user?.id ?? null} pagePlanId={pagePlan ? planId : null} pagePlan={pagePlan} />
    </MapConfigProvider>
  );
}
