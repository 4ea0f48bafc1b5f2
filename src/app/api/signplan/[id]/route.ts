import { withUser } from "@/server/api/handler";
import { readPlanBody } from "@/server/signplans/body";
import { getSignplanJson } from "@/server/signplans/read";
import { patchSignplan, updateSignplan } from "@/server/signplans/save";
import { deleteSignplan } from "@/server/signplans/service";
import { idParamSchema } from "@/lib/schemas/project";
import { patchSignplanBodySchema } from "@/lib/elements/operations";
import { updateSignplanBodySchema } from "@/lib/schemas/signplan";

// GET /api/signplan/{id}: the plan with its content and version; never cached, as it changes with every save.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const json = await getSignplanJson(call, user, id);
  return new Response(json, { headers: { "content-type": "application/json", "cache-control": "no-store" } });
});

// PUT /api/signplan/{id} {version, name?, content?}: 409 with the current version when stale.
export const PUT = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = updateSignplanBodySchema.parse(await readPlanBody(req, call.site));
  return Response.json(await updateSignplan(call, user, id, body));
});

// PATCH /api/signplan/{id} {version, operations}: our own beside the specification's PUT, for the editor's
// autosave: the changed elements only (src/lib/elements/operations.ts); answers as PUT does, 409 included.
export const PATCH = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = patchSignplanBodySchema.parse(await readPlanBody(req, call.site));
  return Response.json(await patchSignplan(call, user, id, body));
});

// DELETE /api/signplan/{id}: to the trash.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteSignplan(call, user, id));
});
