import { withUser } from "@/server/api/handler";
import { listProjects } from "@/server/projects/service";

// GET /api/project/archived
export const GET = withUser(async ({ call, user }) => Response.json(await listProjects(call, user, "archived")));
