import { FORM_OVERHEAD_BYTES } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { withUploadSlot } from "@/server/api/upload-slots";
import { withExportForm } from "@/server/exports/body";
import { assertCanSaveExport, listExports, saveExport } from "@/server/exports/service";
import { saveExportBodySchema } from "@/lib/schemas/export-history";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/exports/signplan/{id}: the plan's earlier exports, newest first (ExportDto[]), for whoever may open the plan.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await listExports(call, user, id), { headers: { "cache-control": "no-store" } });
});

// POST /api/exports/signplan/{id} (multipart: settings = ExportSettings as JSON, file = the PDF or JPG): 201 with the ExportDto.
// The newest EXPORT_HISTORY_LIMIT exports of a plan are kept; older ones are removed with their files.
// The plan, the quota and the user's uploads at once are checked before the body is read.
// Open to a blocked user (issue 31): exporting is never held hostage.
export const POST = withUser<{ id: string }>(
  async ({ req, params, call, user }) => {
    const { id } = idParamSchema.parse(params);
    await assertCanSaveExport(call, user, id, (Number(req.headers.get("content-length")) || 0) - FORM_OVERHEAD_BYTES);
    const dto = await withUploadSlot(call.site, user.id, () =>
      withExportForm(req, call.site, (form) => saveExport(call, user, id, saveExportBodySchema.parse(form.fields), form.file)),
    );
    return Response.json(dto, { status: 201 });
  },
  { allowBlocked: true },
);
