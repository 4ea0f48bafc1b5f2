import "server-only";
import type { Selectable } from "kysely";
import type { SessionUser } from "./session";
import type { ProjectsTable } from "../db/schema";

/**
 * Who may read and edit a project and its plans — the one place that decides it (DESIGN.md):
 * its owner, and while it is shared, the members of the organisation it is shared with.
 * Everyone else is answered "not found", so ids cannot be probed.
 */
export function canAccessProject(user: Pick<SessionUser, "id" | "organizationId">, project: Pick<Selectable<ProjectsTable>, "owner_id" | "is_shared" | "organisation_id">): boolean {
  if (project.owner_id === user.id) return true;
  return project.is_shared === 1 && project.organisation_id !== null && project.organisation_id === user.organizationId;
}
