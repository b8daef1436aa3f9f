import type { Role } from "../../app/modules/permissions/permissions";

/**
 * Accounts of the bundled local OpenID Connect provider, one per role, plus the owner of a second
 * client (so tenant isolation can be seen first hand) and of a new client with no projects yet. The demo seeder creates a user for each with
 * the same id (the OIDC subject). Never used when an external issuer is configured.
 */
export interface SeededAccount {
  id: string;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  client: "demo" | "second" | "fresh" | null;
}

export const DEMO_PASSWORD = "demo-pass-2026";

export const SEEDED_ACCOUNTS: readonly SeededAccount[] = [
  { id: "seed-system-admin", login: "admin@landrecords.local", password: DEMO_PASSWORD, firstName: "Sam", lastName: "Admin", role: "system_admin", client: null },
  { id: "seed-client-owner", login: "owner@demo-consultancy.local", password: DEMO_PASSWORD, firstName: "Olivia", lastName: "Owner", role: "client_owner", client: "demo" },
  { id: "seed-director", login: "director@demo-consultancy.local", password: DEMO_PASSWORD, firstName: "Dana", lastName: "Director", role: "director", client: "demo" },
  { id: "seed-project-manager", login: "pm@demo-consultancy.local", password: DEMO_PASSWORD, firstName: "Priya", lastName: "Manager", role: "project_manager", client: "demo" },
  { id: "seed-officer", login: "officer@demo-consultancy.local", password: DEMO_PASSWORD, firstName: "Oscar", lastName: "Officer", role: "officer", client: "demo" },
  { id: "seed-viewer", login: "viewer@demo-consultancy.local", password: DEMO_PASSWORD, firstName: "Vera", lastName: "Viewer", role: "viewer", client: "demo" },
  { id: "seed-second-owner", login: "owner@second-client.local", password: DEMO_PASSWORD, firstName: "Sol", lastName: "Second", role: "client_owner", client: "second" },
  { id: "seed-new-owner", login: "owner@new-client.local", password: DEMO_PASSWORD, firstName: "Nina", lastName: "Newcomer", role: "client_owner", client: "fresh" },
];
