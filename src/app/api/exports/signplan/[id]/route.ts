import { withUser } from "@/server/api/handler";
import { readExportForm } from "@/server/exports/body";
import { listExports, saveExport } from "@/server/exports/service";
import { saveExportBodySchema } from "@/lib/schemas/export-history";
import { idParamSchema } from "@/lib/schemas/project";

// GET /api/exports/signplan/{id}: the plan's earlier exports, newest first (ExportDto[]), for whoever may open the plan.
export const GET = withUser<{ id: string }>(async ({ params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  return Response.json(await listExports(call, user, id), { headers: { "cache-control": "no-store" } });
});

// POST /api/exports/signplan/{id} (multipart: settings = ExportSettings as JSON, file = the PDF or JPG): 201 with the ExportDto.
// The newest EXPORT_HISTORY_LIMIT exports of a plan are kept; older ones are removed with their files.
export const POST = withUser<{ id: string }>(async ({ req, params, call, user }) => {
  const { id } = idParamSchema.parse(params);
  const form = await readExportForm(req, call.site);
  const body = saveExportBodySchema.parse(form.fields);
  return Response.json(await saveExport(call, user, id, body, form.file), { status: 201 });
});
