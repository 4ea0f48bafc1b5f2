import { withAdmin } from "@/server/admin/guard";
import { changeOrganisationOwner } from "@/server/admin/organisations";
import { ApiError } from "@/server/api/errors";
import { readJson } from "@/server/api/body";
import { getDb } from "@/server/db";
import { serverTranslator } from "@/server/i18n";
import { changeOwnerBodySchema, organisationIdParamSchema } from "@/lib/schemas/admin";

// POST /api/admin/organisations/{id}/owner {userId, reason}: staff; { ownerId }. reason names the company's written request.
export const POST = withAdmin<{ id: string }>(async ({ req, params, site, user }) => {
  const { id } = organisationIdParamSchema.parse(params);
  const body = changeOwnerBodySchema.safeParse(await readJson(req, site));
  if (!body.success) {
    const field = body.error.issues[0]?.path[0];
    throw new ApiError(400, serverTranslator(site)(field === "reason" ? "api.admin.ownerReasonRequired" : "api.admin.ownerUserRequired"));
  }
  await changeOrganisationOwner(await getDb(), { adminId: user.id, site, now: new Date() }, id, body.data.userId, body.data.reason);
  return Response.json({ ownerId: body.data.userId });
});
