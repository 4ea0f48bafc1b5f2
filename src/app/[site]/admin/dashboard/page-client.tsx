"use client";
import { AdminShell } from "@/components/admin/admin-shell";
import { KeyFiguresSection } from "@/components/admin/key-figures/key-figures-section";

/** /admin/dashboard: the key figures, behind the admin guard (core §2). */
export function AdminDashboardPageClient() {
  return (
    <AdminShell current="dashboard">
      <KeyFiguresSection />
    </AdminShell>
  );
}
