import { ViewPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /view?token=…: a shared plan, read only (core §2, §6). Prerendered per site; the token is read in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("view");
export const dynamicParams = false;

export default async function ViewPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "view");
  return <ViewPageClient />;
}
