/**
 * Where the base maps come from (.env.example, "Map layers"): read from the server's environment when
 * a page is rendered, not compiled into the browser code, so one build serves production, a stand-in
 * and the tests' local tile server. The /app and /view pages hand the result to the editor
 * (src/components/map-config-context.tsx); the proxy builds the Content-Security-Policy from the same.
 *
 * Universal: no `process.env` here. The server passes its environment in (src/server/map-config.ts).
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
  /**
   * Whether the map's address search has a geocoder for a country (geocoderConfigFromEnv). Only this
   * reaches the browser: the search goes through GET /api/geocode, so a geocoder's URL (and any key in
   * it) stays on the server.
   */
  addressSearch: Readonly<Record<GeocoderCountry, boolean>>;
}

/** Dataforsyningen's address service (DAWA): its autocomplete answers Danish addresses. */
export const DEFAULT_DAWA_URL = "https://api.dataforsyningen.dk";
export const DEFAULT_GEOCODER_TIMEOUT_MS = 5000;
export type GeocoderCountry = "dk" | "se";

export interface GeocoderConfig {
  /** Base URL without a trailing slash: `<base>/autocomplete?type=adgangsadresse…`. */
  dk: string;
  /** A Nominatim-compatible service's base URL (`<base>/search?format=jsonv2…`); null: no Swedish search. */
  se: string | null;
  timeoutMs: number;
}

/** The variables, by their names; each also accepts its former `NEXT_PUBLIC_` name, which it wins over. */
export const MAP_ENV_NAMES = [
  "DATAFORSYNINGEN_TOKEN",
  "DATAFORSYNINGEN_URL",
  "LANTMATERIET_TOKEN",
  "LANTMATERIET_WMTS_URL",
  "OSM_URL",
] as const;
export type MapEnvName = (typeof MAP_ENV_NAMES)[number];

/** An environment as the server has it (`process.env`) or a test writes it; unset and blank are the same. */
export type MapEnv = Readonly<Partial<Record<MapEnvName | `NEXT_PUBLIC_${MapEnvName}`, string>> & Record<string, string | undefined>>;

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/**
 * A variable's value. Until the settings were read at run time they were `NEXT_PUBLIC_…` names compiled
 * into the build; deployments that still set those keep working.
 */
const setting = (env: MapEnv, name: MapEnvName): string | null => text(env[name]) ?? text(env[`NEXT_PUBLIC_${name}`]);

/** A base URL to which paths are appended: a trailing slash would double up. */
const base = (value: string | null, fallback: string): string => (value ?? fallback).replace(/\/+$/, "");

/** Pure, so tests can feed any environment. */
export function mapConfigFromEnv(env: MapEnv): MapConfig {
  const geocoder = geocoderConfigFromEnv(env);
  return {
    dataforsyningen: {
      baseUrl: base(setting(env, "DATAFORSYNINGEN_URL"), DEFAULT_DATAFORSYNINGEN_URL),
      token: setting(env, "DATAFORSYNINGEN_TOKEN"),
    },
    lantmateriet: {
      wmtsUrl: base(setting(env, "LANTMATERIET_WMTS_URL"), DEFAULT_LANTMATERIET_WMTS_URL),
      token: setting(env, "LANTMATERIET_TOKEN"),
    },
    osm: { url: setting(env, "OSM_URL") ?? DEFAULT_OSM_URL },
    addressSearch: { dk: true, se: geocoder.se !== null },
  };
}

/**
 * The address search's services, read like the base maps' settings: from the environment the server
 * runs with. No default for Sweden: Lantmäteriet's geocoder needs an agreement and a key, and the public
 * Nominatim's usage policy forbids search-as-you-type, so TA-planen searches only once one is configured.
 */
export function geocoderConfigFromEnv(env: MapEnv): GeocoderConfig {
  // Settings newer than the build-time names: no NEXT_PUBLIC_ form to honour.
  const timeout = Number(text(env.GEOCODER_TIMEOUT_MS));
  const se = text(env.SE_GEOCODER_URL);
  return {
    dk: base(text(env.DAWA_URL), DEFAULT_DAWA_URL),
    se: se ? base(se, se) : null,
    timeoutMs: Number.isInteger(timeout) && timeout >= 100 && timeout <= 60_000 ? timeout : DEFAULT_GEOCODER_TIMEOUT_MS,
  };
}

/** Every URL the base maps are fetched from, for the Content-Security-Policy's origins. */
export function mapConfigUrls(config: MapConfig): string[] {
  return [config.dataforsyningen.baseUrl, config.lantmateriet.wmtsUrl, config.osm.url];
}
