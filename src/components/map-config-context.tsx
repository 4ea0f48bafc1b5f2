"use client";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { MapConfig } from "@/lib/map-config";

const MapConfigContext = createContext<MapConfig | null>(null);

/** Given by the pages that show a map (/app, /view), which read the server's environment as they render. */
export function MapConfigProvider({ config, children }: { config: MapConfig; children: ReactNode }) {
  // Every server render sends a new object; the editor makes its map layers anew for a new one, so an
  // equal configuration keeps the first object.
  const key = JSON.stringify(config);
  const value = useMemo(() => JSON.parse(key) as MapConfig, [key]);
  return <MapConfigContext.Provider value={value}>{children}</MapConfigContext.Provider>;
}

/** Where the base maps come from (src/lib/map-config.ts); the same object for the page's lifetime. */
export function useMapConfig(): MapConfig {
  const config = useContext(MapConfigContext);
  if (!config) throw new Error("useMapConfig() outside <MapConfigProvider>");
  return config;
}
