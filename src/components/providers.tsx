"use client";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import type { ReactNode } from "react";
import { SiteProvider } from "./site-context";
import { theme } from "./theme";
import { THEME_COLOR_SCHEME_STORAGE_KEY, THEME_MODE_STORAGE_KEY } from "./theme-keys";
import type { SiteId } from "@/sites/registry";

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
        {children}
      </ThemeProvider>
    </SiteProvider>
  );
}
