/**
 * The memberships the reach rule (user-reach.ts, docs/access.md#user-management-reach) is decided
 * from: the actor's own, and those of the users they act on. Active memberships only: an inactive one
 * gives no access to its project.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { ProjectMembership } from "~db/entities/index";
import { refId } from "~db/entities/refs";
import type { CurrentUser } from "~/modules/access/current-user.server";
import { hasClientWideProjectAccess } from "~/modules/permissions/permissions";
import type { Actor } from "./user-rules";
import { reachOf, type Reach } from "./user-reach";

/** The projects whose users the actor manages. */
export async function reachFor(em: EntityManager, actor: CurrentUser): Promise<Reach> {
  if (hasClientWideProjectAccess(actor.role)) return "client";
  const memberships = await em.find(ProjectMembership, { user: actor.id, isActive: true }, { fields: ["project", "role"] });
  return reachOf(
    actor.role,
    memberships.map((m) => ({ projectId: refId(m.project), role: m.role })),
  );
}

/** The actor as the rules of user-rules.ts take them. */
export async function actorFor(em: EntityManager, actor: CurrentUser): Promise<Actor> {
  return { id: actor.id, role: actor.role, clientId: actor.clientId, reach: await reachFor(em, actor) };
}

/** Each user's active memberships (project ids); a user in no project maps to []. */
export async function projectIdsOf(em: EntityManager, userIds: readonly string[]): Promise<Map<string, number[]>> {
  const byUser = new Map<string, number[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const memberships = await em.find(ProjectMembership, { user: { $in: [...userIds] }, isActive: true }, { fields: ["user", "project"] });
  for (const m of memberships) byUser.get(String((m.user as { id: string }).id))?.push(refId(m.project));
  return byUser;
}
