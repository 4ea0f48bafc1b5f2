"use client";
import { useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { AdminShell } from "@/components/admin/admin-shell";
import { AuditSection } from "@/components/admin/audit/audit-section";
import { CustomersSection } from "@/components/admin/customers/customers-section";
import { FeedbackSection } from "@/components/admin/feedback/feedback-section";
import { InvoicesSection } from "@/components/admin/invoices/invoices-section";
import { DEFAULT_ADMIN_TAB, isAdminTab, type AdminTab } from "@/components/admin/sections";
import { SignsSection } from "@/components/admin/signs/signs-section";
import { LoadingScreen } from "@/components/loading-screen";

const SECTIONS: Record<AdminTab, () => React.ReactNode> = {
  customers: CustomersSection,
  invoices: InvoicesSection,
  feedback: FeedbackSection,
  signs: SignsSection,
  audit: AuditSection,
};

function AdminTabs() {
  const asked = useSearchParams().get("tab");
  const tab: AdminTab = isAdminTab(asked) ? asked : DEFAULT_ADMIN_TAB;
  const Section = SECTIONS[tab];
  return (
    <AdminShell current={tab}>
      <Section />
    </AdminShell>
  );
}

/** /admin: the admin area's sections behind the admin guard (core §2); the key figures are /admin/dashboard. */
export function AdminPageClient() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminTabs />
    </Suspense>
  );
}
