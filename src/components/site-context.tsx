"use client";
import { createContext, useContext, type ReactNode } from "react";
import { SITES, type Site, type SiteId } from "@/sites/registry";

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ site, children }: { site: SiteId; children: ReactNode }) {
  return <SiteContext.Provider value={SITES[site]}>{children}</SiteContext.Provider>;
}

/** The active site, as chosen by the proxy from the Host header and passed down by the [site] layout. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite() outside <SiteProvider>");
  return site;
}
