/**
 * /user-management (docs/administration.md#user-management): the role hierarchy, one page of the System
 * Users table with what the signed-in user may do to each row, and the panel the URL opens
 * (`?invite=1`, `?delete=ID`, `?projects=ID`). A role without manageUsers gets only the restricted view.
 */
import type { CurrentUser } from "~/modules/access/current-user.server";
import { db } from "~db/orm";
import { assignableRoles, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLE_LEVEL, ROLES, type Role } from "~/modules/permissions/permissions";
import { parseListQuery } from "~/utils/list-query";
import { parseRecordId } from "~/utils/record-id";
import { canManageUsers, refuseInvitation, rowAbilities } from "./user-rules";
import { getInvitation, listInvitations } from "./invitations.server";
import { INVITATIONS_PAGE_PARAM } from "./urls";
import { getUserProjects, manageableProjects } from "./user-projects.server";
import { getUser, listClients, listUsers } from "./users.server";
import { actorFor, projectIdsOf } from "./user-reach.server";

export const USER_PAGE_SIZE = 25;
export const INVITATION_PAGE_SIZE = 25;

export const ROLE_CARDS = ROLES.map((role) => ({ role, label: ROLE_LABELS[role], level: ROLE_LEVEL[role], description: ROLE_DESCRIPTIONS[role] }));

export async function loadUserManagementPage(actor: CurrentUser, url: URL) {
  if (!canManageUsers(actor.role)) return { allowed: false as const };
  const params = url.searchParams;
  const query = parseListQuery(params, { sortKeys: ["joined"] as const, defaultSort: "joined", pageSize: USER_PAGE_SIZE });
  const clientFilter = actor.role === "system_admin" ? parseRecordId(params.get("client")) : null;
  const me = await actorFor(db(), actor);
  const inviteClientId = actor.role === "system_admin" ? clientFilter : actor.clientId;

  const invitationsPage = parseListQuery(new URLSearchParams({ page: params.get(INVITATIONS_PAGE_PARAM) ?? "1" }), {
    sortKeys: ["sent"] as const,
    defaultSort: "sent",
    pageSize: INVITATION_PAGE_SIZE,
  });

  const [list, invitations, clients, deleting, projectsOf, inviteProjects, cancelling] = await Promise.all([
    listUsers(actor, { clientId: clientFilter, limit: query.pageSize, offset: query.offset }),
    listInvitations(actor, { clientId: clientFilter, limit: invitationsPage.pageSize, offset: invitationsPage.offset }),
    listClients(actor),
    params.has("delete") ? getUser(actor, params.get("delete")) : null,
    params.has("projects") ? getUserProjects(actor, params.get("projects")) : null,
    params.has("invite") ? manageableProjects(actor, inviteClientId) : null,
    params.has("cancelInvitation") ? getInvitation(actor, params.get("cancelInvitation")) : null,
  ]);
  // What each row offers follows the same rules as the server, the users' projects included (docs/access.md#user-management-reach).
  const projectIds = await projectIdsOf(db(), [...list.users.map((u) => u.id), ...(deleting ? [deleting.id] : [])]);
  const abilities = (user: { id: string; systemRole: Role; clientId: number | null }) =>
    rowAbilities(me, { id: user.id, role: user.systemRole, clientId: user.clientId, projectIds: projectIds.get(user.id) ?? [] });
  const users = list.users.map((user) => ({ ...user, can: abilities(user) }));
  return {
    allowed: true as const,
    me: { id: actor.id },
    roleCards: ROLE_CARDS,
    users,
    total: list.total,
    page: query.page,
    pageSize: query.pageSize,
    invitations: {
      rows: invitations.invitations.map((invitation) => ({ ...invitation, can: refuseInvitation(me, invitation) === null })),
      total: invitations.total,
      page: invitationsPage.page,
      pageSize: invitationsPage.pageSize,
    },
    cancelling,
    clients,
    clientFilter,
    invite: inviteProjects
      ? {
          roles: assignableRoles(actor.role),
          projects: inviteProjects.map((p) => ({ id: p.id, name: p.name })),
          clientId: inviteClientId,
          chooseClient: actor.role === "system_admin" && inviteClientId === null,
        }
      : null,
    deleting: deleting && abilities(deleting).remove ? deleting : null,
    projectsOf,
  };
}
