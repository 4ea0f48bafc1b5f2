import { withUser } from "@/server/api/handler";
import { getExportFile } from "@/server/exports/service";
import { userFileResponse } from "@/server/files/serve";
import { exportIdParamSchema } from "@/lib/schemas/export-history";

// GET /api/exports/{exportId}/file: the exported PDF or JPG as a download under its file name; 404 for
// an export of a plan the caller cannot open.
export const GET = withUser<{ exportId: string }>(async ({ params, call, user }) => {
  const { exportId } = exportIdParamSchema.parse(params);
  const file = await getExportFile(call, user, exportId);
  return userFileResponse(file, {
    stem: file.fileName.replace(/\.(pdf|jpg)$/, ""),
    // A stored export never changes: the browser may keep it.
    cacheControl: "private, max-age=31536000, immutable",
    attachment: true,
  });
});
