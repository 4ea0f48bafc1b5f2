/**
 * A stand-in for the address search's geocoders (issue 33, item 1): Dataforsyningen's DAWA autocomplete
 * at `/dawa/autocomplete` and a Nominatim-compatible `/se/search`, answering a few fixed places whose
 * text contains the query. The app asks it from the server (GET /api/geocode), never the browser, so it
 * needs no CORS. The address-search test starts it and stops it (to show the service being down);
 * playwright.config.ts gives the app its URLs as DAWA_URL and SE_GEOCODER_URL.
 *
 * Its port follows the tile server's (TILE_PORT + 20, E2E_PORT + 110); E2E_GEOCODER_PORT sets it outright.
 * No import of playwright.config.ts: the config imports this.
 */
import { createServer } from "node:http";
import { TILE_PORT } from "./tile-server";

export const GEOCODER_PORT = Number(process.env.E2E_GEOCODER_PORT) || TILE_PORT + 20;
export const GEOCODER_ORIGIN = `http://127.0.0.1:${GEOCODER_PORT}`;

export interface Place {
  label: string;
  lon: number;
  lat: number;
}

/** Danish addresses as DAWA words them (one per entrance). */
export const DK_PLACES: readonly Place[] = [
  { label: "Vestergade 1, 5000 Odense C", lon: 10.3845, lat: 55.3959 },
  { label: "Vestergade 10, 5000 Odense C", lon: 10.3822, lat: 55.396 },
  { label: "Vestergade 2, 8000 Aarhus C", lon: 10.2039, lat: 56.1572 },
  { label: "Rådhuspladsen 1, 1550 København V", lon: 12.5686, lat: 55.6761 },
];

/** Swedish addresses as Nominatim words them in Swedish. */
export const SE_PLACES: readonly Place[] = [
  { label: "Storgatan 1, Umeå, Västerbottens län, Sverige", lon: 20.2601, lat: 63.8255 },
  { label: "Storgatan 1, Malmö, Skåne län, Sverige", lon: 13.0038, lat: 55.6059 },
];

export interface GeocoderServer {
  /** The queries asked, newest last, as `<service> <q>`. */
  readonly asked: readonly string[];
  close(): Promise<void>;
}

const matching = (places: readonly Place[], q: string) =>
  places.filter((place) => place.label.toLowerCase().includes(q.trim().toLowerCase()));

export async function startGeocoderServer(port = GEOCODER_PORT): Promise<GeocoderServer> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", GEOCODER_ORIGIN);
    const q = url.searchParams.get("q") ?? "";
    const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    if (url.pathname === "/dawa/autocomplete") {
      asked.push(`dawa ${q}`);
      return json(matching(DK_PLACES, q).map((p) => ({ type: "adgangsadresse", tekst: p.label, data: { x: p.lon, y: p.lat } })));
    }
    if (url.pathname === "/se/search") {
      asked.push(`se ${q}`);
      return json(
        matching(SE_PLACES, q).map((p) => ({
          display_name: p.label,
          lat: String(p.lat),
          lon: String(p.lon),
          boundingbox: [String(p.lat - 0.00001), String(p.lat + 0.00001), String(p.lon - 0.00001), String(p.lon + 0.00001)],
        })),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    asked,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
