import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { createPipePreset, listPipePresets } from "@/server/pipe-presets/service";
import { pipePresetBodySchema } from "@/lib/schemas/pipe-presets";

// GET /api/pipe-presets: the caller's pipe presets by name: PipePresetDto[] ({id, name, colour, widthMm, dashPattern, textAbove, textBelow, dimension?, material?, fallPerMille?, waterKind?, createdAt, updatedAt}).
export const GET = withUser(async ({ call, user }) => {
  return Response.json(await listPipePresets(call, user), { headers: { "cache-control": "no-store" } });
});

// POST /api/pipe-presets {name, colour, widthMm, dashPattern, textAbove?, textBelow?, dimension?, material?, fallPerMille?, waterKind?}: 201 with the preset; 409 for a name the caller already uses.
export const POST = withUser(async ({ req, call, user }) => {
  const body = pipePresetBodySchema.parse(await readJson(req, call.site));
  return Response.json(await createPipePreset(call, user, body), { status: 201 });
});
