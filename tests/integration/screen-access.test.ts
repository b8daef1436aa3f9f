import { loader as rootLoader } from "../../app/root";
import { loader as userPage } from "../../app/routes/user-management";
import { loader as usersApi } from "../../app/routes/api.users";
import { loader as databasePage } from "../../app/routes/database-management";
import { loader as statsApi } from "../../app/routes/api.database.stats";
import { action as deleteAllEngagementsApi } from "../../app/routes/api.database.delete-all-engagements";
import { loader as subscriptionPage } from "../../app/routes/subscription";
import { loader as subscriptionApi } from "../../app/routes/api.client.subscription";
import { loader as clientsApi } from "../../app/routes/api.client.all";
import { loader as migrationPage } from "../../app/routes/project-migration";
import { loader as mailDeliveryPage } from "../../app/routes/mail-delivery";
import { action as migrateApi } from "../../app/routes/api.client.migrate-project.$projectId";
import { ADMIN_MENU_ITEMS, canAccessScreen, ROLES, type Role, type Screen } from "../../app/modules/permissions/permissions";
import { db, withRequestContext } from "../../db/orm";
import { call, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * Per-role screen access (docs/access.md#screen-access; "every Admin menu item must lead to a
 * working screen"): for each of the six roles, every admin screen and its /api twin answer allowed or
 * denied as docs/access.md says, the navigation bar's Admin menu (the root loader's `nav.admin`, which NavBar
 * renders as it is) lists exactly the screens the role can open, and every item it lists opens.
 * The expectations are written out from docs/access.md by hand and checked against the permissions module, so
 * the module cannot drift from the spec without this failing.
 */
const env = useUploadTestEnvironment("screen-access");
const BASE = "http://localhost:3000";

type AdminScreen = Extract<Screen, "userManagement" | "databaseManagement" | "projectMigration" | "subscription" | "dangerZone" | "mailDelivery">;

/** docs/access.md#screen-access, written out. */
const SPEC: Record<AdminScreen, readonly Role[]> = {
  // "User Management needs the manage-users permission": system_admin, client_owner, director, project_manager (docs/access.md#permission-matrix).
  userManagement: ["system_admin", "client_owner", "director", "project_manager"],
  // "Admin menu with User Management and Database Management: system_admin, client_owner, director, project_manager."
  databaseManagement: ["system_admin", "client_owner", "director", "project_manager"],
  // "Project Migration: system_admin only."
  projectMigration: ["system_admin"],
  // "Subscription: system_admin and client_owner."
  subscription: ["system_admin", "client_owner"],
  // "Danger Zone: system_admin and client_owner."
  dangerZone: ["system_admin", "client_owner"],
  // Undelivered mail of every client (docs/operations.md#mail-delivery): the operator, a system admin.
  mailDelivery: ["system_admin"],
};
const ADMIN_MENU_ROLES: readonly Role[] = ["system_admin", "client_owner", "director", "project_manager"];

const get = (loader: (args: never) => unknown, path: string, role: Role) =>
  call(() => (loader as (args: unknown) => Promise<unknown>)({ request: new Request(`${BASE}${path}`, { headers: { Cookie: env.cookies[role]! } }), params: {}, context: {} }));
const send = (action: (args: never) => unknown, path: string, role: Role, method: string, body: unknown, params: Record<string, string> = {}) =>
  call(() => (action as (args: unknown) => Promise<unknown>)({ request: jsonRequest(`${BASE}${path}`, env.cookies[role]!, method, body), params, context: {} }));

interface Probe {
  what: string;
  /** Answers with the status, and for a page whether it shows the screen (not the restricted view). */
  run: (role: Role) => Promise<{ status: number; shown?: boolean }>;
  allowed: (status: number, body: Record<string, unknown>) => boolean;
  denied: (status: number, body: Record<string, unknown>) => boolean;
}

const json = async (response: Response) => ({ status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> });

let demoClientId = 0;

/** Each screen: the page, then its /api twin(s). */
const PROBES: Record<AdminScreen, Probe[]> = {
  userManagement: [
    {
      what: "GET /user-management",
      run: async (role) => json(await get(userPage, "/user-management", role)),
      // Others get the spec's restricted view ("Access Restricted ..."), not an error page.
      allowed: (status, body) => status === 200 && body.allowed === true,
      denied: (status, body) => status === 200 && body.allowed === false,
    },
    { what: "GET /api/users", run: async (role) => json(await get(usersApi, "/api/users", role)), allowed: (s) => s === 200, denied: (s) => s === 403 },
  ],
  databaseManagement: [
    {
      what: "GET /database-management?projectId=Western",
      run: async (role) => json(await get(databasePage, `/database-management?projectId=${env.westernId}`, role)),
      allowed: (status, body) => status === 200 && body.view === "overview",
      denied: (s) => s === 403,
    },
    {
      what: "GET /api/database/stats?projectId=Western",
      run: async (role) => json(await get(statsApi, `/api/database/stats?projectId=${env.westernId}`, role)),
      allowed: (s) => s === 200,
      denied: (s) => s === 403,
    },
  ],
  dangerZone: [
    {
      what: "the Danger Zone on GET /database-management?projectId=Western",
      run: async (role) => json(await get(databasePage, `/database-management?projectId=${env.westernId}`, role)),
      allowed: (status, body) => status === 200 && body.canDanger === true,
      // Roles without Database Management get no page at all (403); the others a page without the Danger Zone.
      denied: (status, body) => status === 403 || (status === 200 && body.canDanger === false),
    },
    {
      // A wrong confirmation: the Danger Zone's roles get the spec's 400, nobody else gets that far.
      what: "DELETE /api/database/delete-all-engagements with a wrong confirmation",
      run: async (role) => json(await send(deleteAllEngagementsApi, `/api/database/delete-all-engagements?projectId=${env.westernId}`, role, "DELETE", { confirmation: "NOPE" })),
      allowed: (status, body) => status === 400 && String(body.message).startsWith("Invalid Confirmation"),
      denied: (s) => s === 403,
    },
  ],
  subscription: [
    {
      what: "GET /subscription",
      run: async (role) => json(await get(subscriptionPage, "/subscription", role)),
      allowed: (s) => s === 200,
      denied: (s) => s === 403,
    },
    {
      // The twin of the screen is the client owner's subscription, or a system admin's list of clients.
      what: "GET /api/client/subscription (client owner) or /api/client/all (system admin)",
      run: async (role) => json(await get(role === "system_admin" ? clientsApi : subscriptionApi, role === "system_admin" ? "/api/client/all" : "/api/client/subscription", role)),
      allowed: (s) => s === 200,
      denied: (s) => s === 403,
    },
  ],
  projectMigration: [
    {
      what: "GET /project-migration",
      run: async (role) => json(await get(migrationPage, "/project-migration", role)),
      allowed: (s) => s === 200,
      denied: (s) => s === 403,
    },
    {
      // Western already belongs to the target: a system admin gets that 400 (and nothing moves); nobody else gets that far.
      what: "POST /api/client/migrate-project/Western",
      run: async (role) => json(await send(migrateApi, `/api/client/migrate-project/${env.westernId}`, role, "POST", { targetClientId: demoClientId }, { projectId: String(env.westernId) })),
      allowed: (s) => s === 400,
      denied: (s) => s === 403,
    },
  ],
  mailDelivery: [
    {
      what: "GET /mail-delivery",
      run: async (role) => json(await get(mailDeliveryPage, "/mail-delivery", role)),
      allowed: (s, body) => s === 200 && Array.isArray(body.mails),
      denied: (s) => s === 403,
    },
  ],
};

beforeAll(() => {
  demoClientId = env.demoClientId;
});

describe("the permission matrix (docs/access.md) and the permissions module agree", () => {
  it("each admin screen is open to exactly the roles the matrix names; the Admin menu to system_admin, client_owner, director, project_manager", () => {
    for (const role of ROLES) {
      for (const [screen, roles] of Object.entries(SPEC) as [AdminScreen, readonly Role[]][]) {
        expect(canAccessScreen(role, screen), `${role} on ${screen}`).toBe(roles.includes(role));
      }
      expect(canAccessScreen(role, "adminMenu"), `${role} admin menu`).toBe(ADMIN_MENU_ROLES.includes(role));
    }
  });
});

describe.each(ROLES.map((role) => [role]))("%s", (role) => {
  for (const [screen, probes] of Object.entries(PROBES) as [AdminScreen, Probe[]][]) {
    const allowed = SPEC[screen].includes(role);
    for (const probe of probes) {
      it(`${probe.what}: ${allowed ? "allowed" : "denied"} (${screen})`, async () => {
        const { status, body } = (await probe.run(role)) as { status: number; body: Record<string, unknown> };
        const ok = allowed ? probe.allowed(status, body) : probe.denied(status, body);
        expect(ok, `${role} ${probe.what}: got ${status} ${JSON.stringify(body).slice(0, 200)}`).toBe(true);
      });
    }
  }

  it("the navigation bar's Admin menu lists exactly the screens the role may open, and each one opens", async () => {
    const layout = (await (await get(rootLoader, "/", role)).json()) as { nav: { admin: { label: string; to: string }[] } };
    const expected = ADMIN_MENU_ROLES.includes(role) ? ADMIN_MENU_ITEMS.filter((item) => SPEC[item.screen as AdminScreen].includes(role)).map((item) => item.label) : [];
    expect(layout.nav.admin.map((item) => item.label)).toEqual(expected);
    // Every item shown leads to a working screen for this role (not the restricted view or an error).
    for (const item of layout.nav.admin) {
      const screen = ADMIN_MENU_ITEMS.find((i) => i.to === item.to)!.screen as AdminScreen;
      const page = PROBES[screen][0]!;
      const { status, body } = (await page.run(role)) as { status: number; body: Record<string, unknown> };
      expect(page.allowed(status, body), `${role}: ${item.label} (${item.to}) gives ${status}`).toBe(true);
    }
  });
});

describe("nothing moved", () => {
  it("Western is still the demo client's after the migration probes", async () => {
    const [row] = await withRequestContext(() => db().getConnection().execute<{ client_id: number }[]>(`select client_id from project where id = ?`, [env.westernId]));
    expect(row!.client_id).toBe(env.demoClientId);
  });
});
