import { Project, User } from "../../db/entities/index";
import { db } from "../../db/orm";
import { toCurrentUser, type CurrentUser } from "../../app/modules/access/current-user.server";
import type { Permission } from "../../app/modules/permissions/permissions";
import { resolveProjectAccess, type ProjectAccess } from "../../app/modules/access/project-access.server";

/** The seeded user as the guards would see them (call inside withRequestContext). */
export async function currentUser(userId: string): Promise<CurrentUser> {
  return toCurrentUser(await db().findOneOrFail(User, { id: userId }));
}

/** Project access through the real permission rules, for a seeded user and a project by name. */
export async function accessFor(userId: string, projectName: string, permission: Permission = "viewData"): Promise<ProjectAccess> {
  const project = await db().findOneOrFail(Project, { name: projectName });
  return resolveProjectAccess(await currentUser(userId), project.id, permission);
}
