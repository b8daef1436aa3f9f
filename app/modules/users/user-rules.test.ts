import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/modules/permissions/permissions";
import { isVisibleTo, refuseInvitation, refuseOperation, refuseRole, rowAbilities, USER_MESSAGES, userDisplayName, userInitials } from "./user-rules";
import { reachOf } from "./user-reach";

/** A manager; a project manager manages the projects in `manages` (none by default), the client-wide roles every project. */
const actor = (role: Role, clientId: number | null = 1, id = "me", manages: number[] = []) => ({
  id,
  role,
  clientId,
  reach: reachOf(
    role,
    manages.map((projectId) => ({ projectId, role })),
  ),
});
/** A user acted on, a member of `projectIds` (none by default). */
const target = (role: Role, clientId: number | null = 1, id = "them", projectIds: number[] = []) => ({ id, role, clientId, projectIds });

describe("who may assign which role (docs/access.md)", () => {
  it("system admin all six, client owner all but system admin, project manager levels 3-5, others their level or lower", () => {
    const allowed = (role: Role) => ROLES.filter((r) => refuseRole({ role }, r) === null);
    expect(allowed("system_admin")).toEqual([...ROLES]);
    expect(allowed("client_owner")).toEqual(["client_owner", "director", "project_manager", "officer", "viewer"]);
    expect(allowed("director")).toEqual(["director", "project_manager", "officer", "viewer"]);
    expect(allowed("project_manager")).toEqual(["project_manager", "officer", "viewer"]);
    expect(allowed("officer")).toEqual(["officer", "viewer"]);
    expect(refuseRole({ role: "project_manager" }, "director")).toEqual({ status: 403, message: USER_MESSAGES.roleNotAllowed });
  });
});

describe("who may act on whom", () => {
  it("another client's user is not found; a system admin sees every client's", () => {
    expect(refuseOperation(actor("client_owner", 1), target("viewer", 2), "role")).toEqual({ status: 404, message: USER_MESSAGES.notFound });
    expect(refuseOperation(actor("client_owner", 1), target("viewer", null), "delete")?.status).toBe(404);
    expect(refuseOperation(actor("client_owner", null), target("viewer", null), "delete")?.status).toBe(404);
    expect(isVisibleTo(actor("system_admin", null), target("viewer", 2))).toBe(true);
    expect(refuseOperation(actor("system_admin", null), target("client_owner", 2), "status")).toBeNull();
  });

  it("roles without manageUsers are refused", () => {
    expect(refuseOperation(actor("officer"), target("viewer"), "status")).toEqual({ status: 403, message: USER_MESSAGES.accessRestricted });
    expect(refuseOperation(actor("viewer"), target("viewer"), "members")?.status).toBe(403);
  });

  it("nobody changes their own role, deactivates or deletes themselves", () => {
    const me = actor("client_owner", 1, "same");
    const self = target("client_owner", 1, "same");
    expect(refuseOperation(me, self, "role")?.message).toBe(USER_MESSAGES.ownRole);
    expect(refuseOperation(me, self, "status")?.message).toBe(USER_MESSAGES.ownStatus);
    expect(refuseOperation(me, self, "delete")?.message).toBe(USER_MESSAGES.ownDelete);
    expect(refuseOperation(me, self, "members")).toBeNull();
    expect(refuseOperation(actor("system_admin", null, "a"), target("system_admin", null, "a"), "delete")?.status).toBe(403);
  });

  it("a more privileged user is out of reach; an equal or lower one is not", () => {
    expect(refuseOperation(actor("project_manager"), target("director"), "status")).toEqual({ status: 403, message: USER_MESSAGES.higherUser });
    expect(refuseOperation(actor("director"), target("client_owner"), "delete")?.status).toBe(403);
    expect(refuseOperation(actor("project_manager"), target("project_manager"), "role")).toBeNull();
    expect(refuseOperation(actor("client_owner"), target("viewer"), "delete")).toBeNull();
  });

  it("the table offers what the server allows", () => {
    expect(rowAbilities(actor("project_manager"), target("officer"))).toEqual({ changeRole: true, changeStatus: true, remove: true, members: true, roles: ["project_manager", "officer", "viewer"] });
    expect(rowAbilities(actor("project_manager"), target("director"))).toEqual({ changeRole: false, changeStatus: false, remove: false, members: false, roles: [] });
    expect(rowAbilities(actor("client_owner", 1, "x"), target("client_owner", 1, "x"))).toMatchObject({ changeRole: false, changeStatus: false, remove: false, members: true, roles: [] });
  });
});

describe("reach: a project manager acts only on users whose projects are all theirs (docs/access.md#user-management-reach)", () => {
  const OPERATIONS = ["role", "status", "delete", "members"] as const;
  const refused = { status: 403, message: USER_MESSAGES.outOfReach };
  const cases: [string, ReturnType<typeof actor>, ReturnType<typeof target>, typeof refused | null][] = [
    ["manager of P1, officer only in P1", actor("project_manager", 1, "pm", [1]), target("officer", 1, "o", [1]), null],
    ["manager of P1, officer in P1 and P2", actor("project_manager", 1, "pm", [1]), target("officer", 1, "o", [1, 2]), refused],
    ["manager of P1, officer only in P2", actor("project_manager", 1, "pm", [1]), target("officer", 1, "o", [2]), refused],
    ["manager of P1 and P2, officer in both", actor("project_manager", 1, "pm", [1, 2]), target("officer", 1, "o", [1, 2]), null],
    ["manager of P1, user in no project (within every manager's reach)", actor("project_manager", 1, "pm", [1]), target("viewer", 1, "v", []), null],
    ["manager of no project, user in no project", actor("project_manager", 1, "pm", []), target("viewer", 1, "v", []), null],
    ["director, officer in P1 and P2", actor("director", 1), target("officer", 1, "o", [1, 2]), null],
    ["client owner, officer in P2", actor("client_owner", 1), target("officer", 1, "o", [2]), null],
    ["system admin, another client's officer in P9", actor("system_admin", null), target("officer", 2, "o", [9]), null],
  ];
  for (const [name, who, whom, expected] of cases) {
    it(name, () => {
      for (const operation of OPERATIONS) expect(refuseOperation(who, whom, operation), operation).toEqual(expected);
      const offered = rowAbilities(who, whom);
      expect([offered.changeRole, offered.changeStatus, offered.remove, offered.members]).toEqual(Array(4).fill(expected === null));
    });
  }

  it("a membership whose role cannot manage members does not count as a project the manager manages", () => {
    expect(
      reachOf("project_manager", [
        { projectId: 1, role: "project_manager" },
        { projectId: 2, role: "viewer" },
        { projectId: 3, role: "director" },
      ]),
    ).toEqual(new Set([1, 3]));
    const pm = {
      id: "pm",
      role: "project_manager" as const,
      clientId: 1,
      reach: reachOf("project_manager", [
        { projectId: 1, role: "project_manager" },
        { projectId: 2, role: "officer" },
      ]),
    };
    expect(refuseOperation(pm, target("officer", 1, "o", [2]), "delete")).toEqual(refused);
  });

  it("the other refusals come first: another client's user 404, a higher role, one's own account", () => {
    const pm = actor("project_manager", 1, "pm", [1]);
    expect(refuseOperation(pm, target("officer", 2, "o", [5]), "delete")?.status).toBe(404);
    expect(refuseOperation(pm, target("director", 1, "d", [5]), "delete")?.message).toBe(USER_MESSAGES.higherUser);
    // A manager's own projects may be changed whatever else they belong to.
    expect(refuseOperation(pm, target("project_manager", 1, "pm", [1, 5]), "members")).toBeNull();
  });
});

describe("pending invitations: resend and cancel", () => {
  it("another client's invitation is not found; a role without manageUsers is refused; a role above the actor's is out of reach", () => {
    const none: number[] = [];
    expect(refuseInvitation(actor("client_owner", 1), { role: "viewer", clientId: 2, projectIds: none })).toEqual({ status: 404, message: USER_MESSAGES.invitationNotFound });
    expect(refuseInvitation(actor("officer", 1), { role: "viewer", clientId: 1, projectIds: none })).toEqual({ status: 403, message: USER_MESSAGES.accessRestricted });
    expect(refuseInvitation(actor("project_manager", 1), { role: "director", clientId: 1, projectIds: none })).toEqual({ status: 403, message: USER_MESSAGES.higherInvitation });
    expect(refuseInvitation(actor("project_manager", 1), { role: "project_manager", clientId: 1, projectIds: none })).toBeNull();
    expect(refuseInvitation(actor("system_admin", null), { role: "client_owner", clientId: 2, projectIds: none })).toBeNull();
  });

  it("a project manager resends or cancels only invitations to projects they manage; client-wide roles any", () => {
    const pm = actor("project_manager", 1, "pm", [1]);
    expect(refuseInvitation(pm, { role: "officer", clientId: 1, projectIds: [1] })).toBeNull();
    expect(refuseInvitation(pm, { role: "officer", clientId: 1, projectIds: [1, 2] })).toEqual({ status: 403, message: USER_MESSAGES.invitationOutOfReach });
    expect(refuseInvitation(actor("director", 1), { role: "officer", clientId: 1, projectIds: [1, 2] })).toBeNull();
  });
});

describe("names", () => {
  it("shows the name, else the e-mail; initials from the name, else the e-mail", () => {
    expect(userDisplayName({ firstName: "Jane", lastName: "Smith", email: "j@x.au" })).toBe("Jane Smith");
    expect(userDisplayName({ firstName: null, lastName: null, email: "j@x.au" })).toBe("j@x.au");
    expect(userInitials({ firstName: "jane", lastName: "smith", email: "j@x.au" })).toBe("JS");
    expect(userInitials({ email: "kim@x.au" })).toBe("K");
  });
});
