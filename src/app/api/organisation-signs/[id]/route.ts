import { withUser } from "@/server/api/handler";
import { deleteOrganisationSign } from "@/server/signs/organisation";
import { idParamSchema } from "@/lib/schemas/project";

// DELETE /api/organisation-signs/{id}: owner and administrators; {id, deleted: true}.
export const DELETE = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await deleteOrganisationSign(call, user, id));
});
