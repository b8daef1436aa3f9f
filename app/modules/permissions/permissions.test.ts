import { describe, it, expect } from "vitest";
import {
  ADMIN_MENU_ITEMS,
  MAIN_NAV_ITEMS,
  PERMISSIONS,
  PERMISSION_MATRIX,
  ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_LEVEL,
  RoleSchema,
  TOOLS_MENU_ITEMS,
  adminMenuFor,
  assignableRoles,
  canAccessScreen,
  canAssignRole,
  canExportDatabase,
  canUndoImport,
  effectiveProjectRole,
  hasClientWideProjectAccess,
  hasPermission,
  isRole,
  roleLabel,
  type Permission,
  type Role,
  type Screen,
} from "./permissions";

// Expected values are written out from docs/access.md#permission-matrix, never derived from the module under test.
const ALL: Permission[] = [
  "modifyApp",
  "manageClients",
  "manageSubscriptions",
  "manageUsers",
  "createProjects",
  "viewAllClientProjects",
  "editAllClientProjects",
  "manageMembers",
  "deleteProjects",
  "viewData",
  "editData",
  "deleteData",
  "importData",
  "exportData",
  "migrateProjects",
];

function expectExactly(role: Role, granted: Permission[]) {
  for (const p of ALL) {
    expect(hasPermission(role, p), `${role} ${p}`).toBe(granted.includes(p));
  }
  expect([...PERMISSION_MATRIX[role]].sort()).toEqual([...granted].sort());
}

describe("roles", () => {
  it("lists the six roles in level order with levels 0..5", () => {
    expect([...ROLES]).toEqual(["system_admin", "client_owner", "director", "project_manager", "officer", "viewer"]);
    expect(ROLE_LEVEL).toEqual({
      system_admin: 0,
      client_owner: 1,
      director: 2,
      project_manager: 3,
      officer: 4,
      viewer: 5,
    });
  });

  it("recognises roles with isRole and RoleSchema", () => {
    expect(isRole("director")).toBe(true);
    expect(isRole("admin")).toBe(false);
    expect(isRole(null)).toBe(false);
    expect(isRole(3)).toBe(false);
    expect(RoleSchema.parse("viewer")).toBe("viewer");
    expect(RoleSchema.safeParse("owner").success).toBe(false);
  });

  it("labels roles and falls back to User", () => {
    expect(roleLabel("system_admin")).toBe("System Administrator");
    expect(roleLabel("client_owner")).toBe("Client Owner");
    expect(roleLabel("director")).toBe("Director");
    expect(roleLabel("project_manager")).toBe("Project Manager");
    expect(roleLabel("officer")).toBe("Officer");
    expect(roleLabel("viewer")).toBe("Viewer");
    expect(roleLabel("superuser")).toBe("User");
    expect(roleLabel("")).toBe("User");
    expect(roleLabel(null)).toBe("User");
    expect(roleLabel(undefined)).toBe("User");
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });

  it("has a description for every role", () => {
    for (const role of ROLES) expect(ROLE_DESCRIPTIONS[role].length).toBeGreaterThan(0);
  });
});

describe("permission matrix", () => {
  it("lists all fifteen permissions", () => {
    expect([...PERMISSIONS].sort()).toEqual([...ALL].sort());
  });

  it("system_admin has every permission", () => {
    expectExactly("system_admin", ALL);
  });

  it("client_owner has all but modifyApp, manageClients and migrateProjects", () => {
    expectExactly("client_owner", [
      "manageSubscriptions",
      "manageUsers",
      "createProjects",
      "viewAllClientProjects",
      "editAllClientProjects",
      "manageMembers",
      "deleteProjects",
      "viewData",
      "editData",
      "deleteData",
      "importData",
      "exportData",
    ]);
  });

  it("director works across client projects but cannot delete projects or manage subscriptions", () => {
    expectExactly("director", ["manageUsers", "createProjects", "viewAllClientProjects", "editAllClientProjects", "manageMembers", "viewData", "editData", "deleteData", "importData", "exportData"]);
  });

  it("project_manager manages users and data of assigned projects only", () => {
    expectExactly("project_manager", ["manageUsers", "createProjects", "manageMembers", "viewData", "editData", "deleteData", "importData", "exportData"]);
  });

  it("officer views, edits, imports and exports data only", () => {
    expectExactly("officer", ["viewData", "editData", "importData", "exportData"]);
  });

  it("viewer views and exports only", () => {
    expectExactly("viewer", ["viewData", "exportData"]);
  });
});

describe("project reach", () => {
  it.each<[Role, boolean]>([
    ["system_admin", true],
    ["client_owner", true],
    ["director", true],
    ["project_manager", false],
    ["officer", false],
    ["viewer", false],
  ])("hasClientWideProjectAccess(%s) is %s", (role, expected) => {
    expect(hasClientWideProjectAccess(role)).toBe(expected);
  });

  it("effectiveProjectRole uses the system role without a membership", () => {
    expect(effectiveProjectRole("director", null)).toBe("director");
    expect(effectiveProjectRole("viewer", null)).toBe("viewer");
  });

  it("effectiveProjectRole lets a membership narrow the role", () => {
    expect(effectiveProjectRole("director", "officer")).toBe("officer");
    expect(effectiveProjectRole("project_manager", "viewer")).toBe("viewer");
    expect(effectiveProjectRole("system_admin", "project_manager")).toBe("project_manager");
  });

  it("effectiveProjectRole never lets a membership widen the role", () => {
    expect(effectiveProjectRole("viewer", "project_manager")).toBe("viewer");
    expect(effectiveProjectRole("officer", "system_admin")).toBe("officer");
    expect(effectiveProjectRole("project_manager", "client_owner")).toBe("project_manager");
  });

  it("effectiveProjectRole keeps an equal role", () => {
    expect(effectiveProjectRole("officer", "officer")).toBe("officer");
  });
});

describe("assignable roles", () => {
  it.each<[Role, Role[]]>([
    ["system_admin", ["system_admin", "client_owner", "director", "project_manager", "officer", "viewer"]],
    ["client_owner", ["client_owner", "director", "project_manager", "officer", "viewer"]],
    ["director", ["director", "project_manager", "officer", "viewer"]],
    ["project_manager", ["project_manager", "officer", "viewer"]],
    ["officer", ["officer", "viewer"]],
    ["viewer", ["viewer"]],
  ])("%s may assign %j", (actor, expected) => {
    expect(assignableRoles(actor)).toEqual(expected);
    for (const target of ROLES) {
      expect(canAssignRole(actor, target), `${actor} -> ${target}`).toBe(expected.includes(target));
    }
  });
});

describe("screen access", () => {
  const columns: Role[] = ["system_admin", "client_owner", "director", "project_manager", "officer", "viewer"];
  //                                          sa     co     dir    pm     off    view
  const table: [Screen, boolean[]][] = [
    ["adminMenu", [true, true, true, true, false, false]],
    ["userManagement", [true, true, true, true, false, false]],
    ["databaseManagement", [true, true, true, true, false, false]],
    ["projectMigration", [true, false, false, false, false, false]],
    ["subscription", [true, true, false, false, false, false]],
    ["exportDatabase", [true, true, true, false, false, false]],
    ["dangerZone", [true, true, false, false, false, false]],
    ["recordMaintenance", [true, true, true, true, false, false]],
    ["restrictedDocumentation", [true, false, false, false, false, false]],
    ["mailDelivery", [true, false, false, false, false, false]],
  ];
  const cases = table.flatMap(([screen, row]) => columns.map((role, i): [Screen, Role, boolean] => [screen, role, row[i]]));

  it.each(cases)("%s for %s is %s", (screen, role, expected) => {
    expect(canAccessScreen(role, screen)).toBe(expected);
  });
});

describe("database export (docs/administration.md: the Export Database button)", () => {
  it("is for system_admin, client_owner and director only, whatever exportData says", () => {
    const allowed: Role[] = ["system_admin", "client_owner", "director"];
    for (const role of ROLES) {
      expect(canExportDatabase(role), role).toBe(allowed.includes(role));
      expect(hasPermission(role, "exportData"), `${role} exportData`).toBe(true);
    }
  });
});

describe("menus", () => {
  it("has the main links and tools menu in order", () => {
    expect(MAIN_NAV_ITEMS).toEqual([
      { label: "Dashboard", to: "/" },
      { label: "Stakeholders", to: "/stakeholders" },
      { label: "Properties", to: "/properties" },
      { label: "Map", to: "/map" },
      { label: "Commitments", to: "/commitments" },
      { label: "Grievances", to: "/grievances" },
      { label: "Documents", to: "/documents" },
      { label: "Reports", to: "/reports" },
    ]);
    expect(TOOLS_MENU_ITEMS).toEqual([
      { label: "Templates", to: "/templates" },
      { label: "Property Groups", to: "/stakeholder-property-groups" },
      { label: "Import history", to: "/imports" },
      { label: "Mail inbox", to: "/inbound-mail" },
      { label: "Affected areas", to: "/affected-areas" },
      { label: "Documentation", to: "/documentation" },
    ]);
  });

  it("has the admin menu items in order with the Pro badge on Subscription", () => {
    expect(ADMIN_MENU_ITEMS.map((i) => [i.label, i.to, i.badge])).toEqual([
      ["User Management", "/user-management", undefined],
      ["Database Management", "/database-management", undefined],
      ["Project Migration", "/project-migration", undefined],
      ["Subscription", "/subscription", "Pro"],
      ["Mail Delivery", "/mail-delivery", undefined],
    ]);
  });

  it.each<[Role, string[]]>([
    ["system_admin", ["User Management", "Database Management", "Project Migration", "Subscription", "Mail Delivery"]],
    ["client_owner", ["User Management", "Database Management", "Subscription"]],
    ["director", ["User Management", "Database Management"]],
    ["project_manager", ["User Management", "Database Management"]],
    ["officer", []],
    ["viewer", []],
  ])("adminMenuFor(%s) shows %j", (role, labels) => {
    expect(adminMenuFor(role).map((i) => i.label)).toEqual(labels);
  });
});

describe("canUndoImport (docs/import.md#undo)", () => {
  it("needs deleteData as well as importData: the officer imports but does not undo", () => {
    expect(ROLES.filter(canUndoImport)).toEqual(["system_admin", "client_owner", "director", "project_manager"]);
    for (const role of ROLES) expect(canUndoImport(role)).toBe(hasPermission(role, "importData") && hasPermission(role, "deleteData"));
  });
});
