import { withAdmin } from "@/server/admin/guard";
import { getKeyFigures } from "@/server/admin/key-figures";
import { getDb } from "@/server/db";
import { keyFiguresQuerySchema } from "@/lib/schemas/admin-key-figures";

// GET /api/admin/key-figures?site=&by=day|week&from=&to=: staff; KeyFiguresDto (400 for a range over 366 days).
export const GET = withAdmin(async ({ req, site }) => {
  const query = keyFiguresQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await getKeyFigures(await getDb(), site, query, new Date()));
});
