import InitColorSchemeScript from "@mui/material/InitColorSchemeScript";
import { AppRouterCacheProvider } from "@mui/material-nextjs/v16-appRouter";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { Footer } from "@/components/footer";
import { Header } from "@/components/header";
import { Providers } from "@/components/providers";
import { THEME_ATTRIBUTE, THEME_COLOR_SCHEME_STORAGE_KEY, THEME_MODE_STORAGE_KEY } from "@/components/theme-keys";
import { SHELL_MESSAGE_KEYS, pickMessages } from "@/i18n/client-messages";
import { getSiteMessages } from "@/i18n/messages";
import { SITES, SITE_IDS, isSiteId } from "@/sites/registry";

export interface SiteParams {
  params: Promise<{ site: string }>;
}

/**
 * The proxy never rewrites to another segment value. Pages are rendered per request, not at build
 * time: each carries its own CSP nonce (src/proxy.ts).
 */
export const dynamicParams = false;

export function generateStaticParams() {
  return SITE_IDS.map((site) => ({ site }));
}

export async function generateMetadata({ params }: SiteParams): Promise<Metadata> {
  const { site } = await params;
  if (!isSiteId(site)) return {};
  return { applicationName: SITES[site].productName, icons: { icon: `/icons/${site}.svg` } };
}

export const viewport: Viewport = {
  themeColor: "#1562ad",
};

export default async function SiteLayout({ children, params }: SiteParams & { children: ReactNode }) {
  const { site } = await params;
  if (!isSiteId(site)) notFound();
  // The "locale" handed to next-intl is the site id; src/i18n/request.ts maps it to language and texts.
  setRequestLocale(site);
  const { locale } = SITES[site];
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <body>
        <InitColorSchemeScript
          nonce={nonce}
          attribute={THEME_ATTRIBUTE}
          defaultMode="system"
          modeStorageKey={THEME_MODE_STORAGE_KEY}
          colorSchemeStorageKey={THEME_COLOR_SCHEME_STORAGE_KEY}
        />
        <AppRouterCacheProvider>
          {/* Only the shell's texts; the client UIs' routes add the whole catalogue (src/i18n/client-messages.ts). */}
          <NextIntlClientProvider locale={locale} messages={pickMessages(getSiteMessages(site), SHELL_MESSAGE_KEYS)}>
            <Providers site={site}>
              <AppShell header={<Header site={site} />} footer={<Footer site={site} />}>
                {children}
              </AppShell>
            </Providers>
          </NextIntlClientProvider>
        </AppRouterCacheProvider>
      </body>
    </html>
  );
}
