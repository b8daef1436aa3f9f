import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/modules/permissions/permissions";
import { isVisibleTo, refuseInvitation, refuseOperation, refuseRole, rowAbilities, USER_MESSAGES, userDisplayName, userInitials } from "./user-rules";

const actor = (role: Role, clientId: number | null = 1, id = "me") => ({ id, role, clientId });
const target = (role: Role, clientId: number | null = 1, id = "them") => ({ id, role, clientId });

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

describe("pending invitations: resend and cancel", () => {
  it("another client's invitation is not found; a role without manageUsers is refused; a role above the actor's is out of reach", () => {
    expect(refuseInvitation(actor("client_owner", 1), { role: "viewer", clientId: 2 })).toEqual({ status: 404, message: USER_MESSAGES.invitationNotFound });
    expect(refuseInvitation(actor("officer", 1), { role: "viewer", clientId: 1 })).toEqual({ status: 403, message: USER_MESSAGES.accessRestricted });
    expect(refuseInvitation(actor("project_manager", 1), { role: "director", clientId: 1 })).toEqual({ status: 403, message: USER_MESSAGES.higherInvitation });
    expect(refuseInvitation(actor("project_manager", 1), { role: "project_manager", clientId: 1 })).toBeNull();
    expect(refuseInvitation(actor("system_admin", null), { role: "client_owner", clientId: 2 })).toBeNull();
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
