import { withUser } from "@/server/api/handler";
import { getCompanyLogoInfo } from "@/server/company-logo/service";

// GET /api/company-logo/info: CompanyLogoDto {scope: "organisation" | "user", canManage, logo: {contentType, width, height, updatedAt, url} | null}.
export const GET = withUser(async ({ user }) => {
  return Response.json(await getCompanyLogoInfo(user), { headers: { "cache-control": "no-store" } });
});
