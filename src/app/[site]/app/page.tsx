import { AppPageClient } from "./page-client";
import { EditorEnginePreload } from "@/components/editor-engine-preload";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /app: a client page behind the protected-route guard; the shell is prerendered per site.
export const { generateStaticParams, generateMetadata } = staticRoute("app");
export const dynamicParams = false;

export default async function AppPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "app");
  return (
    <>
      {/* The map engine draws the plan as soon as it and the plan are there (src/editor/engine/boot.ts). */}
      <EditorEnginePreload />
      <AppPageClient />
    </>
  );
}
