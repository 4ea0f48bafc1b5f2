/**
 * Where the base maps come from: the one module that reads their browser-visible settings (.env.example,
 * "Map layers"). Next inlines `process.env.NEXT_PUBLIC_…` at build time only where the name is written
 * out literally, so every variable is named in full below and nowhere else.
 */

/** Dataforsyningen's own host; SDFI has announced new hosts (wms./wmts.datafordeler.dk), hence a setting. */
export const DEFAULT_DATAFORSYNINGEN_URL = "https://api.dataforsyningen.dk";
/** Lantmäteriet's open topographic web map (CC BY 4.0), served in Web Mercator as matrix set "3857". */
export const DEFAULT_LANTMATERIET_WMTS_URL = "https://maps.lantmateriet.se/open/topowebb-ccby/v1/wmts";
/**
 * The OpenStreetMap Foundation's tile server: fine for development and light use, but its tile usage
 * policy asks heavy users for their own server or a provider, which is why the template is a setting.
 */
export const DEFAULT_OSM_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export interface MapConfig {
  dataforsyningen: {
    /** Base URL without a trailing slash; services are `<base>/<service>_DAF`. */
    baseUrl: string;
    /** Null: the Danish layers are listed but unavailable. */
    token: string | null;
  };
  lantmateriet: {
    wmtsUrl: string;
    /** Null: the Swedish layer is not offered at all. */
    token: string | null;
  };
  osm: {
    /** XYZ template with {z}, {x} and {y}. */
    url: string;
  };
}

/** The variables as read from the environment; unset and blank are the same. */
export interface MapEnv {
  NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN?: string;
  NEXT_PUBLIC_DATAFORSYNINGEN_URL?: string;
  NEXT_PUBLIC_LANTMATERIET_TOKEN?: string;
  NEXT_PUBLIC_LANTMATERIET_WMTS_URL?: string;
  NEXT_PUBLIC_OSM_URL?: string;
}

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** A base URL to which paths are appended: a trailing slash would double up. */
const base = (value: string | undefined, fallback: string): string => (text(value) ?? fallback).replace(/\/+$/, "");

/** Pure, so tests can feed any environment. */
export function mapConfigFromEnv(env: MapEnv): MapConfig {
  return {
    dataforsyningen: {
      baseUrl: base(env.NEXT_PUBLIC_DATAFORSYNINGEN_URL, DEFAULT_DATAFORSYNINGEN_URL),
      token: text(env.NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN),
    },
    lantmateriet: {
      wmtsUrl: base(env.NEXT_PUBLIC_LANTMATERIET_WMTS_URL, DEFAULT_LANTMATERIET_WMTS_URL),
      token: text(env.NEXT_PUBLIC_LANTMATERIET_TOKEN),
    },
    osm: { url: text(env.NEXT_PUBLIC_OSM_URL) ?? DEFAULT_OSM_URL },
  };
}

/** This build's configuration. */
export const MAP_CONFIG: MapConfig = mapConfigFromEnv({
  NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN: process.env.NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN,
  NEXT_PUBLIC_DATAFORSYNINGEN_URL: process.env.NEXT_PUBLIC_DATAFORSYNINGEN_URL,
  NEXT_PUBLIC_LANTMATERIET_TOKEN: process.env.NEXT_PUBLIC_LANTMATERIET_TOKEN,
  NEXT_PUBLIC_LANTMATERIET_WMTS_URL: process.env.NEXT_PUBLIC_LANTMATERIET_WMTS_URL,
  NEXT_PUBLIC_OSM_URL: process.env.NEXT_PUBLIC_OSM_URL,
});
