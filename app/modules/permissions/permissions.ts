/**
 * The role and permission matrix (docs/access.md#permission-matrix, and the Export Database rule, #database-export), held as data.
 *
 * Pure: no I/O, no database, no Remix. Every loader, action and /api route checks access through this module
 * (docs/access.md#tenancy); the navigation bar builds its menus from it, so what is shown and what is enforced agree.
 */
import { z } from "zod";
import { ROLES } from "../../../db/entities/enums";

// ---------------------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------------------

/** Ordered from most to least privileged; the index is the role's level (docs/access.md#roles). The list
 * itself lives with the other stored enum values, so the database check and this module agree. */
export { ROLES };

export type Role = (typeof ROLES)[number];

export const RoleSchema = z.enum(ROLES);

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Lower number = more privilege. */
export const ROLE_LEVEL: Record<Role, number> = {
  system_admin: 0,
  client_owner: 1,
  director: 2,
  project_manager: 3,
  officer: 4,
  viewer: 5,
};

export const ROLE_LABELS: Record<Role, string> = {
  system_admin: "System Administrator",
  client_owner: "Client Owner",
  director: "Director",
  project_manager: "Project Manager",
  officer: "Officer",
  viewer: "Viewer",
};

/** Navigation bar label; anything unknown (or no role) shows 'User', as the spec's nav bar does. */
export function roleLabel(role: string | null | undefined): string {
  return isRole(role) ? ROLE_LABELS[role] : "User";
}

/** Shown on the User Management role hierarchy cards (docs/access.md#roles). */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  system_admin: "Complete access to the system, including app settings, client organisations and subscriptions.",
  client_owner: "Manages billing, users and all projects of the client organisation.",
  director: "Read and write access across all client projects, and user management.",
  project_manager: "Works on assigned projects, can create projects and invite Project Managers, Officers and Viewers.",
  officer: "Adds and edits entries in assigned projects.",
  viewer: "Read-only access to assigned projects; can export.",
};

// ---------------------------------------------------------------------------------------------------------
// Permissions
// ---------------------------------------------------------------------------------------------------------

export const PERMISSIONS = [
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
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS;

/**
 * Interpretations of the permission table (docs/access.md#permission-matrix):
 * - viewData is implied for every role (even the read-only viewer reads what it exports).
 * - migrateProjects is system_admin only (docs/access.md#screen-access), so "client_owner: all except modify app
 *   and manage clients" also excludes it.
 * - "view and edit all projects" (director, client_owner) means all projects of their own client; the
 *   project_manager, officer and viewer rows reach only projects they are members of
 *   (see hasClientWideProjectAccess).
 * - The officer row says "edit, export and import data only": no deleteData.
 */
export const PERMISSION_MATRIX: Record<Role, readonly Permission[]> = {
  system_admin: ALL_PERMISSIONS,
  client_owner: PERMISSIONS.filter((p) => p !== "modifyApp" && p !== "manageClients" && p !== "migrateProjects"),
  director: ["manageUsers", "createProjects", "viewAllClientProjects", "editAllClientProjects", "manageMembers", "viewData", "editData", "deleteData", "importData", "exportData"],
  project_manager: ["manageUsers", "createProjects", "manageMembers", "viewData", "editData", "deleteData", "importData", "exportData"],
  officer: ["viewData", "editData", "importData", "exportData"],
  viewer: ["viewData", "exportData"],
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return PERMISSION_MATRIX[role].includes(permission);
}

/**
 * Whether the role reaches projects without a membership: system_admin every client's projects,
 * client_owner and director every project of their own client. The rest need a project membership.
 * (Tenancy — which client — is the caller's check; this only answers "membership needed or not".)
 */
export function hasClientWideProjectAccess(role: Role): boolean {
  return role === "system_admin" || role === "client_owner" || role === "director";
}

/**
 * docs/access.md#database-export: the dashboard's Export Database (a whole-project SQL dump; user and client rows carry only the allow-listed columns, docs/export.md)
 * is for system_admin, client_owner and director only; it is not the everyday exportData every role has.
 * The dashboard offers the button and GET /api/database/export enforces it with this one rule.
 */
export function canExportDatabase(role: Role): boolean {
  return role === "system_admin" || role === "client_owner" || role === "director";
}

/**
 * docs/import.md#undo: undoing an import deletes the records it created, so it needs the right to delete
 * them (deleteData) as well as importData; an officer imports but does not undo.
 */
export function canUndoImport(role: Role): boolean {
  return hasPermission(role, "importData") && hasPermission(role, "deleteData");
}

/**
 * The role a user acts with inside one project: the less privileged of their system role and their
 * membership role, so a membership can narrow a user's role but never widen it.
 */
export function effectiveProjectRole(systemRole: Role, membershipRole: Role | null): Role {
  if (membershipRole === null) return systemRole;
  return ROLE_LEVEL[membershipRole] > ROLE_LEVEL[systemRole] ? membershipRole : systemRole;
}

// ---------------------------------------------------------------------------------------------------------
// Role assignment (inviting a user, changing a role)
// ---------------------------------------------------------------------------------------------------------

/**
 * docs/access.md#assignable-roles lists system_admin: all six; client_owner: all but system_admin; project_manager: levels 3-5; others:
 * their own level or lower. The three named cases are exactly "own level or lower" too, so one rule covers
 * them all. Whether the actor may manage users at all (manageUsers) is a separate check.
 */
export function assignableRoles(role: Role): Role[] {
  return ROLES.filter((r) => ROLE_LEVEL[r] >= ROLE_LEVEL[role]);
}

export function canAssignRole(actor: Role, target: Role): boolean {
  return assignableRoles(actor).includes(target);
}

// ---------------------------------------------------------------------------------------------------------
// Screens and menus
// ---------------------------------------------------------------------------------------------------------

export type Screen =
  "adminMenu" | "userManagement" | "databaseManagement" | "projectMigration" | "subscription" | "exportDatabase" | "dangerZone" | "recordMaintenance" | "restrictedDocumentation" | "mailDelivery";

const ADMIN_ROLES: readonly Role[] = ["system_admin", "client_owner", "director", "project_manager"];

const SCREEN_ACCESS: Record<Screen, (role: Role) => boolean> = {
  adminMenu: (role) => ADMIN_ROLES.includes(role),
  userManagement: (role) => hasPermission(role, "manageUsers"),
  databaseManagement: (role) => ADMIN_ROLES.includes(role),
  projectMigration: (role) => hasPermission(role, "migrateProjects"),
  subscription: (role) => role === "system_admin" || role === "client_owner",
  exportDatabase: canExportDatabase,
  dangerZone: (role) => role === "system_admin" || role === "client_owner",
  // The spec names "canDeleteData" without mapping it to roles; we use the matrix's deleteData.
  recordMaintenance: (role) => hasPermission(role, "deleteData"),
  // Sales materials and system architecture documents.
  restrictedDocumentation: (role) => role === "system_admin",
  // Undelivered mail of every client (docs/operations.md#mail-delivery): the operator's screen.
  mailDelivery: (role) => role === "system_admin",
};

export function canAccessScreen(role: Role, screen: Screen): boolean {
  return SCREEN_ACCESS[screen](role);
}

/** What a guard or a menu may ask of the table: a permission of the matrix, or a screen (defined from it above). */
export type SystemPermission = Permission | Screen;

const isPermission = (value: SystemPermission): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/**
 * Whether the role allows a permission or opens a screen: the one question the menus (adminMenuFor)
 * and the guards (requireSystemPermission, requirePermission in app/modules/access/) both ask.
 */
export function roleAllows(role: Role, permission: SystemPermission): boolean {
  return isPermission(permission) ? hasPermission(role, permission) : canAccessScreen(role, permission);
}

export interface MenuItem {
  label: string;
  to: string;
}

export interface AdminMenuItem extends MenuItem {
  screen: Screen;
  badge?: string;
}

export const MAIN_NAV_ITEMS: readonly MenuItem[] = [
  { label: "Dashboard", to: "/" },
  { label: "Stakeholders", to: "/stakeholders" },
  { label: "Properties", to: "/properties" },
  { label: "Map", to: "/map" },
  { label: "Commitments", to: "/commitments" },
  { label: "Grievances", to: "/grievances" },
  { label: "Documents", to: "/documents" },
  { label: "Reports", to: "/reports" },
];

export const TOOLS_MENU_ITEMS: readonly MenuItem[] = [
  { label: "Templates", to: "/templates" },
  { label: "Property Groups", to: "/stakeholder-property-groups" },
  { label: "Import history", to: "/imports" },
  { label: "Mail inbox", to: "/inbound-mail" },
  { label: "Affected areas", to: "/affected-areas" },
  { label: "Documentation", to: "/documentation" },
];

export const ADMIN_MENU_ITEMS: readonly AdminMenuItem[] = [
  { label: "User Management", to: "/user-management", screen: "userManagement" },
  { label: "Database Management", to: "/database-management", screen: "databaseManagement" },
  { label: "Project Migration", to: "/project-migration", screen: "projectMigration" },
  { label: "Subscription", to: "/subscription", screen: "subscription", badge: "Pro" },
  { label: "Mail Delivery", to: "/mail-delivery", screen: "mailDelivery" },
];

/** The admin menu items the role may open; an empty list means the menu is not shown at all. */
export function adminMenuFor(role: Role): AdminMenuItem[] {
  if (!roleAllows(role, "adminMenu")) return [];
  return ADMIN_MENU_ITEMS.filter((item) => roleAllows(role, item.screen));
}
