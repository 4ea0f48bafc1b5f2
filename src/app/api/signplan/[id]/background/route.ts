import { withUser } from "@/server/api/handler";
import { userFileResponse } from "@/server/files/serve";
import { getSignplanBackground, setSignplanBackground } from "@/server/signplans/background";
import { readBackgroundFile } from "@/server/signplans/body";
import { getSignplanOrThrow } from "@/server/signplans/read";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/signplan/{id}/background (multipart, field "file"): image or PDF, once, after creation.
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const file = await readBackgroundFile(req, call.site);
  return Response.json(await setSignplanBackground(call, user, id, file));
});

// GET /api/signplan/{id}/background: the file.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const file = await getSignplanBackground(call, await getSignplanOrThrow(call, user, id));
  return userFileResponse(file, { stem: `background_${id}`, cacheControl: "private, max-age=86400" });
});
