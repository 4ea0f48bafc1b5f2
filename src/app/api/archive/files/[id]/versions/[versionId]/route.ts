import { withApi } from "@/server/api/handler";
import { downloadUser } from "@/server/archive/download";
import { openVersion } from "@/server/archive/service";
import { userFileStreamResponse } from "@/server/files/serve";
import { rowIdSchema } from "@/lib/schemas/project";

// GET /api/archive/files/{id}/versions/{versionId}: the version's bytes, streamed from storage as an attachment
// under the file's name. The bearer token, or the session cookie for a plain link (see download.ts).
export const GET = withApi<{ id: string; versionId: string }>(async ({ req, params, call }) => {
  const user = await downloadUser(req, call.site);
  const fileId = rowIdSchema.parse(params.id);
  const versionId = rowIdSchema.parse(params.versionId);
  const { name, stored } = await openVersion(call, user, fileId, versionId);
  return userFileStreamResponse(stored, { fileName: name, cacheControl: "private, no-store" });
});
