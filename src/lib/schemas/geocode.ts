/**
 * The map's address search (GET /api/geocode, issue 33): the query and the answer, shared by the route
 * and the search box. Universal.
 */
import * as z from "zod";

/** Fewer letters find nothing useful and only load the geocoder; more is no address. */
export const GEOCODE_QUERY_MIN = 2;
export const GEOCODE_QUERY_MAX = 120;
/** Suggestions shown under the box. */
export const GEOCODE_RESULTS_MAX = 8;

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: "geocodeQueryRequired" })
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(GEOCODE_QUERY_MIN, { error: "geocodeQueryRequired" }).max(GEOCODE_QUERY_MAX, { error: "geocodeQueryTooLong" })),
});

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const geocodeResultSchema = z.object({
  /** The address or place as the service words it, in its country's language. */
  label: z.string().min(1),
  /** [longitude, latitude], EPSG:4326. */
  center: lonLat,
  /** [west, south, east, north] when the place is an area (a town, a road); null for an address. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type GeocodeResultDto = z.infer<typeof geocodeResultSchema>;

export const geocodeAnswerSchema = z.object({ results: z.array(geocodeResultSchema) });
export type GeocodeAnswerDto = z.infer<typeof geocodeAnswerSchema>;
