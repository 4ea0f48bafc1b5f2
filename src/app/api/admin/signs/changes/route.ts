import { withAdmin } from "@/server/admin/guard";
import { listCatalogueChanges } from "@/server/admin/signs";
import { getDb } from "@/server/db";
import { catalogueChangesQuerySchema } from "@/lib/schemas/admin-signs";

// GET /api/admin/signs/changes?site=&cursor=: staff; CatalogueChangePageDto, the site's catalogue's history newest first.
export const GET = withAdmin(async ({ req }) => {
  const query = catalogueChangesQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listCatalogueChanges(await getDb(), query));
});
