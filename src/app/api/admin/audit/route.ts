import { withAdmin } from "@/server/admin/guard";
import { listAudit } from "@/server/admin/audit";
import { getDb } from "@/server/db";
import { auditQuerySchema } from "@/lib/schemas/admin";

// GET /api/admin/audit?adminId=&action=&targetType=&targetId=&from=&to=&limit=&cursor=: staff; AuditPageDto, newest first.
export const GET = withAdmin(async ({ req }) => {
  const query = auditQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listAudit(await getDb(), query));
});
