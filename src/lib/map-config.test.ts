import { describe, expect, it } from "vitest";
import { DEFAULT_DATAFORSYNINGEN_URL, DEFAULT_OSM_URL, mapConfigFromEnv, mapConfigUrls } from "./map-config";

describe("mapConfigFromEnv", () => {
  it("has working defaults and no keys when nothing is set", () => {
    expect(mapConfigFromEnv({})).toEqual({
      dataforsyningen: { baseUrl: DEFAULT_DATAFORSYNINGEN_URL, token: null },
      lantmateriet: { wmtsUrl: "https://maps.lantmateriet.se/open/topowebb-ccby/v1/wmts", token: null },
      osm: { url: DEFAULT_OSM_URL },
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
