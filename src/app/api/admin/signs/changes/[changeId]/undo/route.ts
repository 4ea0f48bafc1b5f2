import { withAdmin } from "@/server/admin/guard";
import { undoCatalogueChange } from "@/server/admin/signs";
import { getDb } from "@/server/db";
import { catalogueChangeParamSchema } from "@/lib/schemas/admin-signs";

// POST /api/admin/signs/changes/{changeId}/undo: staff; the change, undone (404 unknown, 409 undone already or overtaken).
export const POST = withAdmin<{ changeId: string }>(async ({ params, site, user }) => {
  const { changeId } = catalogueChangeParamSchema.parse(params);
  return Response.json(await undoCatalogueChange(await getDb(), { adminId: user.id, site, now: new Date() }, changeId));
});
