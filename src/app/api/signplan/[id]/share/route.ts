import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { getShareLink, revokeShareLink, shareSignplan } from "@/server/signplans/share";
import { idParamSchema } from "@/lib/schemas/project";
import { shareSignplanBodySchema } from "@/lib/schemas/signplan";

// GET /api/signplan/{id}/share: the plan's active read-only link {token, link, createdAt, expiresAt}, or null.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await getShareLink(call, user, id));
});

// POST /api/signplan/{id}/share {expiresAt?}: answers the read-only share link, the active one if the plan has one.
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const body = shareSignplanBodySchema.parse(await readJson(req, call.site));
  return Response.json(await shareSignplan(call, user, id, body));
});

// DELETE /api/signplan/{id}/share: revokes the link for good.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  await revokeShareLink(call, user, id);
  return new Response(null, { status: 204 });
});
