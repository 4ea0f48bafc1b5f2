import { withApi } from "@/server/api/handler";
import { listCatalogueAdditions } from "@/server/admin/signs";
import { getDb } from "@/server/db";
import { catalogueAdditionsQuerySchema } from "@/lib/schemas/admin-signs";

// GET /api/signs/catalogue-additions?site= (public; the caller's site without it): the signs staff added to that site's catalogue, as CatalogueSign entries.
export const GET = withApi(async ({ req, site }) => {
  const query = catalogueAdditionsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  // Revalidated on every load: an addition (the 24-hour promise) or its undo shows at the next gallery load.
  return Response.json(await listCatalogueAdditions(await getDb(), query.site ?? site), { headers: { "cache-control": "no-cache" } });
});
