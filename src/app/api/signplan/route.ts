import { withUser } from "@/server/api/handler";
import { readPlanBody } from "@/server/signplans/body";
import { listSignplans } from "@/server/signplans/read";
import { createSignplan } from "@/server/signplans/save";
import { createSignplanBodySchema, signplanListQuerySchema } from "@/lib/schemas/signplan";

// GET /api/signplan[?project_id=]: summaries of the active plans the user may open.
export const GET = withUser(async ({ req, call, user }) => {
  const { project_id } = signplanListQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listSignplans(call, user, "active", project_id));
});

// POST /api/signplan {name, project_id, paperSize?, scale?, content?}
export const POST = withUser(async ({ req, call, user }) => {
  const body = createSignplanBodySchema.parse(await readPlanBody(req, call.site));
  return Response.json(await createSignplan(call, user, body), { status: 201 });
});
