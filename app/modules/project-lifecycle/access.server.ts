import { recordSecurityEvent } from "~/modules/audit/audit.server";
import { requireUser, type CurrentUser } from "~/modules/auth/guards.server";
import { hasPermission } from "~/modules/permissions/permissions";
import { AppError } from "~/utils/app-error";

/**
 * The signed-in user, if their role may create projects (createProjects, docs/access.md#screen-access): the new-project
 * screen, its PDF auto-fill and POST /api/projects. There is no project yet, so the user's own role
 * decides. A refusal is audited like any refused access; no user is 401 on /api (the sign-in screen
 * for pages).
 */
export async function requireProjectCreator(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (hasPermission(user.role, "createProjects")) return user;
  void recordSecurityEvent({
    userId: user.id,
    clientId: user.clientId,
    action: "access.refused",
    entityType: "Project",
    entityId: "new",
    after: { status: 403, reason: `role ${user.role} lacks createProjects`, path: new URL(request.url).pathname },
  });
  throw new AppError(403, "You do not have permission to create projects");
}
