import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { deletePipePreset, updatePipePreset } from "@/server/pipe-presets/service";
import { pipePresetBodySchema } from "@/lib/schemas/pipe-presets";
import { idParamSchema } from "@/lib/schemas/project";

// PUT /api/pipe-presets/{id} {the whole preset, as POST}: the preset after the change; anyone else's is a 404.
export const PUT = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = pipePresetBodySchema.parse(await readJson(req, call.site));
  return Response.json(await updatePipePreset(call, user, id, body));
});

// DELETE /api/pipe-presets/{id}: 204; pipes drawn with the preset keep their style.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  await deletePipePreset(call, user, id);
  return new Response(null, { status: 204 });
});
