import { AdminPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /admin: a client page behind the admin guard.
export const { generateStaticParams, generateMetadata } = staticRoute("admin");
export const dynamicParams = false;

export default async function AdminPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "admin");
  return <AdminPageClient />;
}
