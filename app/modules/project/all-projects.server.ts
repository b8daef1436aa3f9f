import { Project } from "~db/entities/Project";
import { db } from "~db/orm";
import { recordSecurityEvent } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/guards.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";
import type { ListPage } from "~/utils/api-list.server";

/**
 * Every client's projects, oldest first, with their client (`GET /api/projects/all`,
 * "admin"): the cross-client view behind client administration and project migration, so only the
 * role that manages clients (system_admin) may list it; anyone else is refused and audited.
 */
export async function listAllProjects(user: CurrentUser, page: ListPage) {
  if (!hasPermission(user.role, "manageClients")) {
    void recordSecurityEvent({
      userId: user.id,
      clientId: user.clientId,
      action: "access.refused",
      entityType: "Project",
      entityId: "all",
      after: { status: 403, reason: `role ${user.role} lacks manageClients` },
    });
    throw new AppError(403, "Only system administrators can list every client's projects");
  }
  const [projects, total] = await db().findAndCount(Project, {}, { populate: ["client"], orderBy: { id: "asc" }, limit: page.limit, offset: page.offset });
  return { projects, total };
}
