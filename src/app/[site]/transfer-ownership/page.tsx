import { TransferOwnershipPageClient } from "./page-client";
import { resolveSite, staticRoute } from "@/components/static-route-page";

// /transfer-ownership?token=…: the mailed link of an ownership transfer; protected, read and confirmed in the browser.
export const { generateStaticParams, generateMetadata } = staticRoute("transferOwnership");
export const dynamicParams = false;

export default async function TransferOwnershipPage({ params }: { params: Promise<{ site: string }> }) {
  await resolveSite(params, "transferOwnership");
  return <TransferOwnershipPageClient />;
}
