import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { copySignplan } from "@/server/signplans/copy";
import { idParamSchema } from "@/lib/schemas/project";
import { copySignplanBodySchema } from "@/lib/schemas/signplan";

// POST /api/signplan/{id}/copy {name, project_id}
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = copySignplanBodySchema.parse(await readJson(req, call.site));
  return Response.json(await copySignplan(call, user, id, body), { status: 201 });
});
