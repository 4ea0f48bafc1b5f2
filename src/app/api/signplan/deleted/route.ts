import { withUser } from "@/server/api/handler";
import { listSignplans } from "@/server/signplans/read";

// GET /api/signplan/deleted
export const GET = withUser(async ({ call, user }) => Response.json(await listSignplans(call, user, "deleted")));
