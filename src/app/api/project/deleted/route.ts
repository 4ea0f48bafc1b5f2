import { withUser } from "@/server/api/handler";
import { listProjects } from "@/server/projects/service";

// GET /api/project/deleted
export const GET = withUser(async ({ call, user }) => Response.json(await listProjects(call, user, "deleted")));
