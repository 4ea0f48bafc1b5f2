import { withUser } from "@/server/api/handler";
import { listSignplans } from "@/server/signplans/read";

// GET /api/signplan/archived
export const GET = withUser(async ({ call, user }) => Response.json(await listSignplans(call, user, "archived")));
