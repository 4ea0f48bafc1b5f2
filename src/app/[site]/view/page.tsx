import { ViewPageClient } from "./page-client";
import { MapConfigProvider } from "@/components/map-config-context";
import { resolveSite, staticRoute } from "@/components/static-route-page";
import { readMapConfig } from "@/server/map-config";

// /view?token=…: a shared plan, read only (core §2, §6). The token is read in the browser; the page is
// rendered per request for the base maps' configuration (the server's environment at run time).
export const { generateStaticParams, generateMetadata } = staticRoute("view");
export const dynamicParams = false;

export default async function ViewPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "view");
  return (
    <MapConfigProvider config={await readMapConfig()}>
      <ViewPageClient />
    </MapConfigProvider>
  );
}
