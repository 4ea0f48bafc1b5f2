import { withUser } from "@/server/api/handler";
import { catchUpSince } from "@/server/signplans/changes";
import { getSignplanOrThrow } from "@/server/signplans/read";
import { idParamSchema } from "@/lib/schemas/project";
import { changesQuerySchema } from "@/lib/schemas/signplan-versions";

// GET /api/signplan/{id}/changes?since=N: the changes after version N (CatchUp), or reload when the log no longer reaches back.
export const GET = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const { since } = changesQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  await getSignplanOrThrow(call, user, id);
  return Response.json(await catchUpSince(id, since), { headers: { "cache-control": "no-store" } });
});
