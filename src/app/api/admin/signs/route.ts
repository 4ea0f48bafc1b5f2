import * as z from "zod";
import { withAdmin } from "@/server/admin/guard";
import { addCatalogueSign, listAdminSigns } from "@/server/admin/signs";
import { getDb } from "@/server/db";
import { readSignUploadForm } from "@/server/signs/upload";
import { adminSignsQuerySchema } from "@/lib/schemas/admin-signs";
import { SITE_IDS } from "@/sites/site-ids";

// GET /api/admin/signs?site=&q=&page=: staff; AdminSignPageDto (the site's added signs, then its built-in ones).
export const GET = withAdmin(async ({ req }) => {
  const query = adminSignsQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return Response.json(await listAdminSigns(await getDb(), query));
});

// POST /api/admin/signs (multipart: site, code, name, category, height, width, file = SVG or PNG): staff add a missing sign; AdminSignDto.
export const POST = withAdmin(async ({ req, site, user }) => {
  const form = await readSignUploadForm(req, site);
  const target = z.object({ site: z.enum(SITE_IDS) }).parse(form.fields).site;
  const actor = { adminId: user.id, site, now: new Date() };
  return Response.json(await addCatalogueSign(await getDb(), actor, target, form.fields, form.file), { status: 201 });
});
