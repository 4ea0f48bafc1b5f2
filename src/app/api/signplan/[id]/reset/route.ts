import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { resetSignplan } from "@/server/signplans/save";
import { idParamSchema } from "@/lib/schemas/project";
import { resetSignplanBodySchema } from "@/lib/schemas/signplan";

// POST /api/signplan/{id}/reset {version}: removes every sign, text and drawing (kept in the history).
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const { version } = resetSignplanBodySchema.parse(await readJson(req, call.site));
  return Response.json(await resetSignplan(call, user, id, version));
});
