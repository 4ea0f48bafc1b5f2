import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { getSiteMessages } from "@/i18n/messages";
import { SITES, isSiteId } from "@/sites/registry";

/**
 * The layout of a route whose page is a client UI with texts from many namespaces (the plan tool, the
 * account and admin pages, the auth forms): the whole catalogue for its client components. The [site]
 * layout hands the shell only its own texts (src/i18n/client-messages.ts); this nested provider takes
 * over below it.
 */
export default async function AllMessagesLayout({ children, params }: { children: ReactNode; params: Promise<{ site: string }> }) {
  const { site } = await params;
  if (!isSiteId(site)) notFound();
  return (
    <NextIntlClientProvider locale={SITES[site].locale} messages={getSiteMessages(site)}>
      {children}
    </NextIntlClientProvider>
  );
}
