import { withApi } from "@/server/api/handler";
import { getHealth } from "@/server/health";

export const dynamic = "force-dynamic";

// GET /api/health: the version and whether the database answers (503 when it does not).
export const GET = withApi(async () => {
  const health = await getHealth();
  return Response.json(health, {
    status: health.database.ok ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
