import { AdminDashboardPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /admin/dashboard: a client page behind the admin guard.
export const { generateStaticParams, generateMetadata } = staticRoute("adminDashboard");
export const dynamicParams = false;

export default async function AdminDashboardPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "adminDashboard");
  return <AdminDashboardPageClient />;
}
