import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { renameItem } from "@/server/archive/service";
import { renameItemBodySchema } from "@/lib/schemas/archive";

// PATCH /api/archive/item/rename {id, type, name}: a file, folder or saved plan renamed; answers the item as listed.
export const PATCH = withUser(async ({ req, call, user }) => {
  const body = renameItemBodySchema.parse(await readJson(req, call.site));
  return Response.json(await renameItem(call, user, body));
});
