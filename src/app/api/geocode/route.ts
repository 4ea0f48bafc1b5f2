import { withUser } from "@/server/api/handler";
import { getDb } from "@/server/db";
import { geocode } from "@/server/geocoding/geocode";
import { RATE_LIMITS, hitLimit } from "@/server/rate-limit";
import { geocodeQuerySchema } from "@/lib/schemas/geocode";

// GET /api/geocode?q=<address or place>: {results: [{label, center: [lon, lat], extent}]}, from the site's
// geocoder (src/server/geocoding/geocode.ts). 400 for a query too short or too long; 503 (code
// GEOCODER_DOWN, or GEOCODER_UNAVAILABLE where none is configured) when it cannot be asked. Signed-in
// users only, and limited per user: the app is no open proxy to someone else's service.
export const GET = withUser(async ({ req, call, user }) => {
  const { q } = geocodeQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  await hitLimit(await getDb(), call.site, RATE_LIMITS.geocodePerUser, String(user.id));
  return Response.json({ results: await geocode(call, q) }, { headers: { "cache-control": "no-store" } });
});
