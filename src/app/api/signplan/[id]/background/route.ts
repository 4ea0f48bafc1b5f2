import { withUser } from "@/server/api/handler";
import { withUploadSlot } from "@/server/api/upload-slots";
import { userFileResponse } from "@/server/files/serve";
import { assertCanSetBackground, getSignplanBackground, setSignplanBackground } from "@/server/signplans/background";
import { withBackgroundFile } from "@/server/signplans/body";
import { getSignplanOrThrow } from "@/server/signplans/read";
import { idParamSchema } from "@/lib/schemas/project";

// POST /api/signplan/{id}/background (multipart, field "file"): image or PDF, once, after creation.
// The plan and the user's uploads at once are checked before the body is read.
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  await assertCanSetBackground(call, user, id);
  const plan = await withUploadSlot(call.site, user.id, () =>
    withBackgroundFile(req, call.site, (file) => setSignplanBackground(call, user, id, file)),
  );
  return Response.json(plan);
});

// GET /api/signplan/{id}/background: the file.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const file = await getSignplanBackground(call, await getSignplanOrThrow(call, user, id));
  return userFileResponse(file, { stem: `background_${id}`, cacheControl: "private, max-age=86400" });
});
