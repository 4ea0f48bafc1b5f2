"use client";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SiteProvider } from "./site-context";
import { theme } from "./theme";
import { THEME_COLOR_SCHEME_STORAGE_KEY, THEME_MODE_STORAGE_KEY } from "./theme-keys";
import { Toasts } from "./toasts";
import { configureApiClient } from "@/client/api";
import { RealtimeProvider } from "@/client/realtime";
import type { SiteId } from "@/sites/registry";

/**
 * Hands the API client its site, texts and navigation. It runs while rendering (not in an effect)
 * because children's effects run before their parents' and may already call the API; the values are
 * the same on every render of a site.
 */
function ApiClientSetup({ site }: { site: SiteId }) {
  const t = useTranslations("apiClient");
  const router = useRouter();
  configureApiClient({
    site,
    texts: {
      loggedOut: t("loggedOut"),
      notInOrganisation: t("notInOrganisation"),
      networkError: t("networkError"),
      unexpectedError: t("unexpectedError"),
    },
    navigate: (href) => router.push(href),
  });
  return null;
}

export function Providers({ site, children }: { site: SiteId; children: ReactNode }) {
  return (
    <SiteProvider site={site}>
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={THEME_MODE_STORAGE_KEY}
        colorSchemeStorageKey={THEME_COLOR_SCHEME_STORAGE_KEY}
      >
        <CssBaseline enableColorScheme />
        <ApiClientSetup site={site} />
        <RealtimeProvider>{children}</RealtimeProvider>
        <Toasts />
      </ThemeProvider>
    </SiteProvider>
  );
}
