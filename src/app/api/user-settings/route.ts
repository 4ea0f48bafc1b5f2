import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { getUserSettings, updateUserSettings } from "@/server/user-settings/service";
import { updateUserSettingsBodySchema } from "@/lib/schemas/signs";

// GET /api/user-settings: {standardSignSize: metres | null, recentSigns: image URLs, newest first, drawingStyles: kind → style, pipeWaterKinds: kind of water → {colour, dashPattern}}.
export const GET = withUser(async ({ user }) => {
  return Response.json(await getUserSettings(user), { headers: { "cache-control": "no-store" } });
});

// PATCH /api/user-settings {standardSignSize?, recentSigns?, drawingStyles?: per kind, null forgets, pipeWaterKinds?: per kind of water, null forgets}: the whole settings after the change.
export const PATCH = withUser(async ({ req, call, user }) => {
  const body = updateUserSettingsBodySchema.parse(await readJson(req, call.site));
  return Response.json(await updateUserSettings(user, body));
});
