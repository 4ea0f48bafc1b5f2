import "server-only";
import * as z from "zod";
import type { CallContext } from "../accounts/service";
import { ApiError } from "../api/errors";
import { serverTranslator } from "../i18n";
import { log } from "../log";
import { fetchOutsideJson } from "../outside-json";
import { geocoderConfigFromEnv } from "@/lib/map-config";
import { GEOCODE_RESULTS_MAX, type GeocodeResultDto } from "@/lib/schemas/geocode";
import { SITES } from "@/sites/registry";

/*
 * The map's address search (issue 33, item 1). The browser asks us, not the geocoder: the geocoder's URL
 * (and a key in it) stays on the server, the page's Content-Security-Policy needs no further origin, a
 * test points the app at a stand-in through the environment, and a failing service becomes one clear
 * message in the user's language. The country is the site's: Danish addresses from Dataforsyningen's
 * DAWA, Swedish ones from a Nominatim-compatible service (SE_GEOCODER_URL).
 */

/**
 * DAWA's `/autocomplete?type=adgangsadresse&srid=4326`: one suggestion per entrance (type=adresse would
 * list every flat of a block), its text ready to show and its point in WGS 84.
 */
const dawaAnswerSchema = z.array(
  z.object({
    tekst: z.string().min(1),
    data: z.object({ x: z.number(), y: z.number() }),
  }),
);

/** Nominatim's `format=jsonv2`: numbers as strings, boundingbox as [south, north, west, east]. */
const nominatimAnswerSchema = z.array(
  z.object({
    display_name: z.string().min(1),
    lat: z.coerce.number(),
    lon: z.coerce.number(),
    boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]).optional(),
  }),
);

const inWorld = (lon: number, lat: number) => Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90;

/** GET /api/geocode: the addresses and places the site's geocoder suggests for `query`, best first. */
export async function geocode(call: CallContext, query: string): Promise<GeocodeResultDto[]> {
  const t = serverTranslator(call.site);
  const config = geocoderConfigFromEnv(process.env);
  const country = SITES[call.site].country;
  const down = (reason: string) => {
    log.warn("geocode", `the ${country} geocoder failed: ${reason}`);
    return new ApiError(503, t("api.geocode.down"), { code: "GEOCODER_DOWN" });
  };

  let url: URL;
  if (country === "dk") {
    url = new URL(`${config.dk}/autocomplete`);
    url.searchParams.set("q", query);
    url.searchParams.set("type", "adgangsadresse");
    url.searchParams.set("srid", "4326");
    url.searchParams.set("per_side", String(GEOCODE_RESULTS_MAX));
  } else {
    if (!config.se) throw new ApiError(503, t("api.geocode.unavailable"), { code: "GEOCODER_UNAVAILABLE" });
    url = new URL(`${config.se}/search`);
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("q", query);
    url.searchParams.set("accept-language", SITES[call.site].locale);
    url.searchParams.set("countrycodes", "se");
    url.searchParams.set("limit", String(GEOCODE_RESULTS_MAX));
  }

  const answer = await fetchOutsideJson(url, {
    headers: {
      "accept-language": SITES[call.site].locale,
      // Nominatim's usage policy asks every application to say who it is.
      "user-agent": `${SITES[call.site].productName} address search`,
    },
    timeoutMs: config.timeoutMs,
  });
  if (!answer.ok) throw down(answer.reason);
  if (!answer.statusOk) throw down(`HTTP ${answer.status}`);
  const body = answer.body;

  if (country === "dk") {
    const parsed = dawaAnswerSchema.safeParse(body);
    if (!parsed.success) throw down("an answer of another shape");
    return parsed.data
      .filter((hit) => inWorld(hit.data.x, hit.data.y))
      .slice(0, GEOCODE_RESULTS_MAX)
      .map((hit) => ({ label: hit.tekst, center: [hit.data.x, hit.data.y], extent: null }));
  }
  const parsed = nominatimAnswerSchema.safeParse(body);
  if (!parsed.success) throw down("an answer of another shape");
  return parsed.data
    .filter((hit) => inWorld(hit.lon, hit.lat))
    .slice(0, GEOCODE_RESULTS_MAX)
    .map((hit) => {
      const box = hit.boundingbox;
      // A house's box is a few metres: centring at street zoom shows it better than fitting the box.
      const area = box && (box[1] - box[0] > 0.002 || box[3] - box[2] > 0.002);
      return { label: hit.display_name, center: [hit.lon, hit.lat], extent: area ? [box[2], box[0], box[3], box[1]] : null };
    });
}
