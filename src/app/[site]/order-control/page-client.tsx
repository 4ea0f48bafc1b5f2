"use client";
import { Suspense } from "react";
import { ArchiveScreen } from "@/components/archive/archive-screen";
import { ProtectedRoute } from "@/components/guards";
import { LoadingScreen } from "@/components/loading-screen";
import type { SiteId } from "@/sites/site-ids";

/** /order-control/, the project archive (content §2), for signed-in users only, like /app. */
export function OrderControlPageClient({ siteOrigins, pageUserId }: { siteOrigins: Record<SiteId, string>; pageUserId: number | null }) {
  return (
    <ProtectedRoute>
      <Suspense fallback={<LoadingScreen />}>
        <ArchiveScreen siteOrigins={siteOrigins} pageUserId={pageUserId} />
      </Suspense>
    </ProtectedRoute>
  );
}
