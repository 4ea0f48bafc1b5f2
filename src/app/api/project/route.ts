import { readJson } from "@/server/api/body";
import { withUser } from "@/server/api/handler";
import { createProject, listProjects } from "@/server/projects/service";
import { createProjectBodySchema } from "@/lib/schemas/project";

// GET /api/project: active projects (own and shared with the organisation), with plan counts.
export const GET = withUser(async ({ call, user }) => Response.json(await listProjects(call, user, "active")));

// POST /api/project {name, isShared}
export const POST = withUser(async ({ req, call, user }) => {
  const body = createProjectBodySchema.parse(await readJson(req, call.site));
  return Response.json(await createProject(call, user, body), { status: 201 });
});
