import { Project } from "~db/entities/Project";
import { db } from "~db/orm";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { requireSystemPermission } from "~/modules/access/system.server";
import type { ListPage } from "~/utils/api-list.server";

/**
 * Every client's projects, oldest first, with their client (`GET /api/projects/all`,
 * "admin"): the cross-client view behind client administration and project migration, so only the
 * role that manages clients (system_admin) may list it; anyone else is refused and audited.
 */
export async function listAllProjects(user: CurrentUser, page: ListPage) {
  requireSystemPermission(user, "manageClients", { message: "Only system administrators can list every client's projects", entityType: "Project" });
  const [projects, total] = await db().findAndCount(Project, {}, { populate: ["client"], orderBy: { id: "asc" }, limit: page.limit, offset: page.offset });
  return { projects, total };
}
