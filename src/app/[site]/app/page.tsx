import { AppPageClient } from "./page-client";
import { MapConfigProvider } from "@/components/map-config-context";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { readMapConfig } from "@/server/map-config";

// /app: a client page behind the protected-route guard. Rendered per request: the base maps'
// configuration is the server's environment at run time.
export const { generateStaticParams, generateMetadata } = staticRoute("app");
export const dynamicParams = false;

export default async function AppPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "app");
  return (
    <MapConfigProvider config={await readMapConfig()}>
      <AppPageClient />
    </MapConfigProvider>
  );
}
