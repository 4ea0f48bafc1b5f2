import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { createCustomList, listCustomLists } from "@/server/custom-lists/service";
import { createCustomListBodySchema } from "@/lib/schemas/custom-lists";

// GET /api/custom-lists: the caller's sign lists, the last changed first: [{id, name, signCount, totalCount, createdAt, updatedAt}].
export const GET = withUser(async ({ user }) => {
  return Response.json(await listCustomLists(user), { headers: { "cache-control": "no-store" } });
});

// POST /api/custom-lists {name, signs?: [{imageUrl, name, count, comment?, value?}]}: 201 with the list and its signs.
export const POST = withUser(async ({ req, call, user }) => {
  const body = createCustomListBodySchema.parse(await readJson(req, call.site));
  return Response.json(await createCustomList(call, user, body), { status: 201 });
});
