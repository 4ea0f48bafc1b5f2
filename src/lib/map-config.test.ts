import { describe, expect, it } from "vitest";
import {
  DEFAULT_DATAFORSYNINGEN_URL,
  DEFAULT_DAWA_URL,
  DEFAULT_GEOCODER_TIMEOUT_MS,
  DEFAULT_OSM_URL,
  geocoderConfigFromEnv,
  mapConfigFromEnv,
  mapConfigUrls,
} from "./map-config";

describe("mapConfigFromEnv", () => {
  it("has working defaults and no keys when nothing is set", () => {
    expect(mapConfigFromEnv({})).toEqual({
      dataforsyningen: { baseUrl: DEFAULT_DATAFORSYNINGEN_URL, token: null },
      lantmateriet: { wmtsUrl: "https://maps.lantmateriet.se/open/topowebb-ccby/v1/wmts", token: null },
      osm: { url: DEFAULT_OSM_URL },
      addressSearch: { dk: true, se: false },
    });
    expect(DEFAULT_OSM_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
  });

  it("treats blank as unset, trims, and drops a trailing slash from base URLs", () => {
    const config = mapConfigFromEnv({
      DATAFORSYNINGEN_TOKEN: "   ",
      DATAFORSYNINGEN_URL: " https://wms.datafordeler.dk/ ",
      LANTMATERIET_TOKEN: " abc ",
      LANTMATERIET_WMTS_URL: "http://127.0.0.1:9000/lm//",
      OSM_URL: "",
    });
    expect(config.dataforsyningen).toEqual({ baseUrl: "https://wms.datafordeler.dk", token: null });
    expect(config.lantmateriet).toEqual({ wmtsUrl: "http://127.0.0.1:9000/lm", token: "abc" });
    expect(config.osm.url).toBe(DEFAULT_OSM_URL);
  });

  it("still reads the former NEXT_PUBLIC_ names, which the plain names win over", () => {
    const config = mapConfigFromEnv({
      NEXT_PUBLIC_DATAFORSYNINGEN_TOKEN: "old-token",
      NEXT_PUBLIC_OSM_URL: "http://old.example/{z}/{x}/{y}.png",
      OSM_URL: "http://127.0.0.1:3190/{z}/{x}/{y}.png",
      LANTMATERIET_TOKEN: " ",
      NEXT_PUBLIC_LANTMATERIET_TOKEN: "se-old",
    });
    expect(config.dataforsyningen.token).toBe("old-token");
    expect(config.osm.url).toBe("http://127.0.0.1:3190/{z}/{x}/{y}.png");
    // A blank new name is unset, so the old one counts.
    expect(config.lantmateriet.token).toBe("se-old");
  });

  it("reads an environment as the server has it, not as a build inlined it", () => {
    const env = { NODE_ENV: "production", OSM_URL: "http://127.0.0.1:3190/{z}/{x}/{y}.png", PATH: "/usr/bin" } as NodeJS.ProcessEnv;
    expect(mapConfigFromEnv(env).osm.url).toBe("http://127.0.0.1:3190/{z}/{x}/{y}.png");
  });
});

describe("mapConfigUrls", () => {
  it("lists every URL a base map is fetched from, for the page's CSP", () => {
    expect(mapConfigUrls(mapConfigFromEnv({ OSM_URL: "http://127.0.0.1:3190/{z}/{x}/{y}.png" }))).toEqual([
      DEFAULT_DATAFORSYNINGEN_URL,
      "https://maps.lantmateriet.se/open/topowebb-ccby/v1/wmts",
      "http://127.0.0.1:3190/{z}/{x}/{y}.png",
    ]);
  });
});

describe("geocoderConfigFromEnv", () => {
  it("asks DAWA for Danish addresses and nobody for Swedish ones unless configured", () => {
    expect(geocoderConfigFromEnv({})).toEqual({ dk: DEFAULT_DAWA_URL, se: null, timeoutMs: DEFAULT_GEOCODER_TIMEOUT_MS });
    expect(DEFAULT_DAWA_URL).toBe("https://api.dataforsyningen.dk");
  });

  it("takes both URLs without a trailing slash, and a timeout only within its bounds", () => {
    const env = {
      DAWA_URL: " http://127.0.0.1:4000/dawa/ ",
      SE_GEOCODER_URL: "https://geo.example.se/nominatim/",
      GEOCODER_TIMEOUT_MS: "800",
    };
    expect(geocoderConfigFromEnv(env)).toEqual({
      dk: "http://127.0.0.1:4000/dawa",
      se: "https://geo.example.se/nominatim",
      timeoutMs: 800,
    });
    expect(mapConfigFromEnv(env).addressSearch).toEqual({ dk: true, se: true });
    expect(geocoderConfigFromEnv({ GEOCODER_TIMEOUT_MS: "5" }).timeoutMs).toBe(DEFAULT_GEOCODER_TIMEOUT_MS);
    expect(geocoderConfigFromEnv({ GEOCODER_TIMEOUT_MS: "soon" }).timeoutMs).toBe(DEFAULT_GEOCODER_TIMEOUT_MS);
  });
});
