import { wrap } from "@mikro-orm/core";
import { Client, Project, ProjectMembership, User } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { getCurrentUser, requireUser, type CurrentUser } from "../../app/modules/access/current-user.server";
import { listAccessibleProjects, requireProjectAccess, resolveProjectAccess } from "../../app/modules/access/project-access.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import type { Permission, Role } from "../../app/modules/permissions/permissions";
import { AppError } from "../../app/utils/app-error";
import { handleAppErrors } from "../../app/utils/http.server";
import { useTestDatabase } from "../setup/test-database";

/**
 * Tenancy and project access (docs/access.md#tenancy): another client's project is 404, a known project without
 * membership or permission is 403. Users come from real session cookies through getCurrentUser.
 */

const WESTERN = "Western Pipeline Stage 2";
const NORTHERN = "Northern Transmission Line";
const COASTAL = "Coastal Road Upgrade";
const PROJECTS = [WESTERN, NORTHERN, COASTAL] as const;
type ProjectName = (typeof PROJECTS)[number];

let database: Awaited<ReturnType<typeof useTestDatabase>>;
const projectIds = {} as Record<ProjectName, number>;
let demoClientId: number;
let secondClientId: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  await withRequestContext(async () => {
    for (const project of await db().find(Project, {})) projectIds[project.name as ProjectName] = project.id;
    demoClientId = (await db().findOneOrFail(Client, { name: "Demo Land Consultancy" })).id;
    secondClientId = (await db().findOneOrFail(Client, { name: "Second Client Pty Ltd" })).id;
  });
  expect(Object.keys(projectIds).sort()).toEqual([...PROJECTS].sort());
});

afterAll(async () => {
  await database?.drop();
});

const URL_BASE = "http://localhost:3000";

/** A request carrying a real signed-in session cookie for the user. */
async function signedInRequest(userId: string, pathname = "/"): Promise<Request> {
  const setCookie = await withRequestContext(() => createSignedInSession(new Request(`${URL_BASE}/`), userId));
  return new Request(`${URL_BASE}${pathname}`, { headers: { Cookie: setCookie.split(";")[0]! } });
}

async function currentUser(userId: string): Promise<CurrentUser> {
  const request = await signedInRequest(userId);
  const user = await withRequestContext(() => getCurrentUser(request));
  if (!user) throw new Error(`No current user for ${userId}`);
  return user;
}

type Outcome = { role: Role } | { status: number; code?: string };

async function outcome(user: CurrentUser, projectId: unknown, permission: Permission = "viewData"): Promise<Outcome> {
  try {
    const access = await withRequestContext(() => resolveProjectAccess(user, projectId, permission));
    expect(access.user).toBe(user);
    expect(access.project.id).toBe(Number(projectId));
    return { role: access.role };
  } catch (error) {
    if (error instanceof AppError) return error.code ? { status: error.status, code: error.code } : { status: error.status };
    throw error;
  }
}

const NOT_FOUND = { status: 404, code: "INVALID_PROJECT" } as const;
const NOT_MEMBER = { status: 403, code: "INVALID_PROJECT" } as const;
const NO_PERMISSION = { status: 403 } as const;

const EXPECTED_ACCESS: Record<string, Record<ProjectName, Outcome>> = {
  "seed-system-admin": { [WESTERN]: { role: "system_admin" }, [NORTHERN]: { role: "system_admin" }, [COASTAL]: { role: "system_admin" } },
  "seed-client-owner": { [WESTERN]: { role: "client_owner" }, [NORTHERN]: { role: "client_owner" }, [COASTAL]: NOT_FOUND },
  "seed-director": { [WESTERN]: { role: "director" }, [NORTHERN]: { role: "director" }, [COASTAL]: NOT_FOUND },
  "seed-project-manager": { [WESTERN]: { role: "project_manager" }, [NORTHERN]: NOT_MEMBER, [COASTAL]: NOT_FOUND },
  "seed-officer": { [WESTERN]: { role: "officer" }, [NORTHERN]: NOT_MEMBER, [COASTAL]: NOT_FOUND },
  "seed-viewer": { [WESTERN]: { role: "viewer" }, [NORTHERN]: NOT_MEMBER, [COASTAL]: NOT_FOUND },
  "seed-second-owner": { [WESTERN]: NOT_FOUND, [NORTHERN]: NOT_FOUND, [COASTAL]: { role: "client_owner" } },
};

const EXPECTED_LIST: Record<string, ProjectName[]> = {
  // Newest first (the seeder creates Western, then Northern, then Coastal).
  "seed-system-admin": [COASTAL, NORTHERN, WESTERN],
  "seed-client-owner": [NORTHERN, WESTERN],
  "seed-director": [NORTHERN, WESTERN],
  "seed-project-manager": [WESTERN],
  "seed-officer": [WESTERN],
  "seed-viewer": [WESTERN],
  "seed-second-owner": [COASTAL],
};

describe("getCurrentUser", () => {
  it("builds the CurrentUser of each seeded account from its session cookie", async () => {
    const users = await Promise.all(Object.keys(EXPECTED_ACCESS).map(currentUser));
    expect(users).toEqual([
      { id: "seed-system-admin", email: "admin@landrecords.local", firstName: "Sam", lastName: "Admin", profileImageUrl: null, role: "system_admin", clientId: null },
      { id: "seed-client-owner", email: "owner@demo-consultancy.local", firstName: "Olivia", lastName: "Owner", profileImageUrl: null, role: "client_owner", clientId: demoClientId },
      { id: "seed-director", email: "director@demo-consultancy.local", firstName: "Dana", lastName: "Director", profileImageUrl: null, role: "director", clientId: demoClientId },
      { id: "seed-project-manager", email: "pm@demo-consultancy.local", firstName: "Priya", lastName: "Manager", profileImageUrl: null, role: "project_manager", clientId: demoClientId },
      { id: "seed-officer", email: "officer@demo-consultancy.local", firstName: "Oscar", lastName: "Officer", profileImageUrl: null, role: "officer", clientId: demoClientId },
      { id: "seed-viewer", email: "viewer@demo-consultancy.local", firstName: "Vera", lastName: "Viewer", profileImageUrl: null, role: "viewer", clientId: demoClientId },
      { id: "seed-second-owner", email: "owner@second-client.local", firstName: "Sol", lastName: "Second", profileImageUrl: null, role: "client_owner", clientId: secondClientId },
    ]);
  });

  it("returns null without a session and for a deactivated user", async () => {
    expect(await withRequestContext(() => getCurrentUser(new Request(`${URL_BASE}/`)))).toBeNull();
    await withRequestContext(async () => {
      db().create(User, { id: "deactivated-user", email: "gone@demo-consultancy.local", systemRole: "officer", client: demoClientId, isActive: false } as never);
      await db().flush();
    });
    const request = await signedInRequest("deactivated-user");
    expect(await withRequestContext(() => getCurrentUser(request))).toBeNull();
  });
});

describe("resolveProjectAccess: every seeded account × every project", () => {
  const cases = Object.entries(EXPECTED_ACCESS).flatMap(([userId, byProject]) => PROJECTS.map((project) => [userId, project, byProject[project]] as const));

  it.each(cases)("%s → %s", async (userId, project, expected) => {
    const user = await currentUser(userId);
    expect(await outcome(user, projectIds[project])).toEqual(expected);
    // The id as it arrives from a URL or form (a string) behaves the same.
    expect(await outcome(user, String(projectIds[project]))).toEqual(expected);
  });
});

describe("resolveProjectAccess: permissions", () => {
  it("refuses editData to a viewer", async () => {
    expect(await outcome(await currentUser("seed-viewer"), projectIds[WESTERN], "editData")).toEqual(NO_PERMISSION);
  });

  it("allows editData but refuses deleteData to an officer", async () => {
    const officer = await currentUser("seed-officer");
    expect(await outcome(officer, projectIds[WESTERN], "editData")).toEqual({ role: "officer" });
    expect(await outcome(officer, projectIds[WESTERN], "importData")).toEqual({ role: "officer" });
    expect(await outcome(officer, projectIds[WESTERN], "deleteData")).toEqual(NO_PERMISSION);
  });

  it("allows deleteData to a project manager and the owner, and refuses migrateProjects to the owner", async () => {
    expect(await outcome(await currentUser("seed-project-manager"), projectIds[WESTERN], "deleteData")).toEqual({ role: "project_manager" });
    const owner = await currentUser("seed-client-owner");
    expect(await outcome(owner, projectIds[NORTHERN], "deleteData")).toEqual({ role: "client_owner" });
    expect(await outcome(owner, projectIds[NORTHERN], "migrateProjects")).toEqual(NO_PERMISSION);
  });

  it("answers 404, not 403, for another client's project whatever the permission", async () => {
    expect(await outcome(await currentUser("seed-second-owner"), projectIds[WESTERN], "deleteData")).toEqual(NOT_FOUND);
  });
});

describe("resolveProjectAccess: the project it returns", () => {
  it("is the managed entity with its client loaded, field for field what findOne gives", async () => {
    const user = await currentUser("seed-officer");
    await withRequestContext(async () => {
      const access = await resolveProjectAccess(user, projectIds[WESTERN], "viewData");
      const em = db();
      expect(em.getUnitOfWork().getById("Project", projectIds[WESTERN])).toBe(access.project);
      expect(wrap(access.project.client).isInitialized()).toBe(true);
      expect((access.project.client as unknown as { name: string }).name).toBe("Demo Land Consultancy");
      const fresh = await em.fork().findOneOrFail(Project, projectIds[WESTERN], { populate: ["client"] });
      const fields = (project: typeof fresh) => ({ ...project, client: undefined, owner: (project.owner as { id: string }).id });
      expect(fields(access.project)).toEqual(fields(fresh));
      expect({ ...(access.project.client as object) }).toEqual({ ...(fresh.client as object) });
    });
  });

  it("keeps an instance the request already holds, unsaved changes and all", async () => {
    const user = await currentUser("seed-client-owner");
    await withRequestContext(async () => {
      const held = await db().findOneOrFail(Project, projectIds[WESTERN]);
      held.description = "edited in this request, not yet saved";
      const access = await resolveProjectAccess(user, projectIds[WESTERN], "viewData");
      expect(access.project).toBe(held);
      expect(access.project.description).toBe("edited in this request, not yet saved");
    });
  });
});

describe("resolveProjectAccess: malformed and unknown ids", () => {
  it.each(["abc", "0", "-1", "999999", "1e3", "", " ", "1.5", "12345678901"])("answers 404 INVALID_PROJECT for %j, even to a system admin", async (id) => {
    expect(await outcome(await currentUser("seed-system-admin"), id)).toEqual(NOT_FOUND);
  });

  it.each([null, undefined, 0, -1, 1.5, Number.NaN, {}, []])("answers 404 INVALID_PROJECT for the value %j", async (id) => {
    expect(await outcome(await currentUser("seed-system-admin"), id)).toEqual(NOT_FOUND);
  });

  it("does not accept other spellings of a real id", async () => {
    const admin = await currentUser("seed-system-admin");
    const id = projectIds[WESTERN];
    expect(await outcome(admin, id)).toEqual({ role: "system_admin" });
    for (const spelling of [`${id}e0`, `${id}.0`, `${id}abc`, `0x${id.toString(16)}`, `+${id}`]) {
      expect(await outcome(admin, spelling)).toEqual(NOT_FOUND);
    }
  });
});

describe("resolveProjectAccess: memberships and project state", () => {
  beforeAll(async () => {
    await withRequestContext(async () => {
      const em = db();
      const pmNarrowed = em.create(User, { id: "pm-with-viewer-membership", email: "pm2@demo-consultancy.local", systemRole: "project_manager", client: demoClientId } as never);
      const viewerWidened = em.create(User, { id: "viewer-with-pm-membership", email: "viewer2@demo-consultancy.local", systemRole: "viewer", client: demoClientId } as never);
      const officerInactive = em.create(User, { id: "officer-inactive-membership", email: "officer2@demo-consultancy.local", systemRole: "officer", client: demoClientId } as never);
      const noClient = em.create(User, { id: "officer-without-client", email: "officer3@example.test", systemRole: "officer", client: null } as never);
      em.create(ProjectMembership, { user: pmNarrowed, project: projectIds[WESTERN], role: "viewer" } as never);
      em.create(ProjectMembership, { user: viewerWidened, project: projectIds[WESTERN], role: "project_manager" } as never);
      em.create(ProjectMembership, { user: officerInactive, project: projectIds[WESTERN], role: "officer", isActive: false } as never);
      // A membership in another client's project (bad data) must not open it either.
      em.create(ProjectMembership, { user: noClient, project: projectIds[WESTERN], role: "officer" } as never);
      em.create(Project, { name: "Retired Project", client: demoClientId, owner: "seed-client-owner", isActive: false } as never);
      await em.flush();
    });
  });

  it("gives no access through an inactive membership", async () => {
    const user = await currentUser("officer-inactive-membership");
    expect(await outcome(user, projectIds[WESTERN])).toEqual(NOT_MEMBER);
    const listed = await withRequestContext(() => listAccessibleProjects(user));
    expect(listed.total).toBe(0);
    expect(listed.projects).toEqual([]);
  });

  it("narrows a project manager to viewer through a viewer membership", async () => {
    const user = await currentUser("pm-with-viewer-membership");
    expect(await outcome(user, projectIds[WESTERN])).toEqual({ role: "viewer" });
    expect(await outcome(user, projectIds[WESTERN], "editData")).toEqual(NO_PERMISSION);
  });

  it("never widens a viewer through a project-manager membership", async () => {
    const user = await currentUser("viewer-with-pm-membership");
    expect(await outcome(user, projectIds[WESTERN])).toEqual({ role: "viewer" });
    expect(await outcome(user, projectIds[WESTERN], "editData")).toEqual(NO_PERMISSION);
  });

  it("gives a user without a client nothing, membership or not", async () => {
    const user = await currentUser("officer-without-client");
    expect(user.clientId).toBeNull();
    expect(await outcome(user, projectIds[WESTERN])).toEqual(NOT_FOUND);
    expect((await withRequestContext(() => listAccessibleProjects(user))).total).toBe(0);
  });

  it("hides an inactive project (404) even from its owner and the system admin", async () => {
    const retiredId = await withRequestContext(async () => (await db().findOneOrFail(Project, { name: "Retired Project" })).id);
    expect(await outcome(await currentUser("seed-client-owner"), retiredId)).toEqual(NOT_FOUND);
    expect(await outcome(await currentUser("seed-system-admin"), retiredId)).toEqual(NOT_FOUND);
  });
});

describe("listAccessibleProjects", () => {
  it.each(Object.entries(EXPECTED_LIST))("lists exactly the projects %s may open", async (userId, expected) => {
    const user = await currentUser(userId);
    const { projects, total } = await withRequestContext(() => listAccessibleProjects(user));
    expect(projects.map((p) => p.name)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("pages with limit and offset while reporting the full total", async () => {
    const admin = await currentUser("seed-system-admin");
    const page = await withRequestContext(() => listAccessibleProjects(admin, { limit: 1, offset: 1 }));
    expect(page.projects.map((p) => p.name)).toEqual([NORTHERN]);
    expect(page.total).toBe(3);
  });

  it("includes each project's client name", async () => {
    const admin = await currentUser("seed-system-admin");
    const { projects } = await withRequestContext(() => listAccessibleProjects(admin));
    expect(projects.map((p) => [p.name, (p.client as unknown as { name: string }).name])).toEqual([
      [COASTAL, "Second Client Pty Ltd"],
      [NORTHERN, "Demo Land Consultancy"],
      [WESTERN, "Demo Land Consultancy"],
    ]);
  });
});

describe("requireUser", () => {
  /** What a route answers: its body runs through handleAppErrors, which turns the /api's AppError(401) into the response. */
  async function thrown(request: Request): Promise<Response> {
    const result = await withRequestContext(() => handleAppErrors(() => requireUser(request))).then(
      () => {
        throw new Error("requireUser did not throw");
      },
      (error: unknown) => error,
    );
    expect(result).toBeInstanceOf(Response);
    return result as Response;
  }

  it("answers /api requests without a session with 401", async () => {
    const response = await thrown(new Request(`${URL_BASE}/api/x`));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  it("sends pages without a session to the sign-in screen with redirectTo", async () => {
    const response = await thrown(new Request(`${URL_BASE}/stakeholders`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?redirectTo=%2Fstakeholders");
  });

  it("keeps the query string in redirectTo", async () => {
    const response = await thrown(new Request(`${URL_BASE}/properties?projectId=3&q=a b`));
    expect(response.headers.get("Location")).toBe(`/?redirectTo=${encodeURIComponent("/properties?projectId=3&q=a%20b")}`);
  });

  it("sends / to / without redirectTo", async () => {
    const response = await thrown(new Request(`${URL_BASE}/`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("does not treat /apiary (no slash after api) as an API route", async () => {
    const response = await thrown(new Request(`${URL_BASE}/apiary`));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?redirectTo=%2Fapiary");
  });

  it("returns the user when the session is valid", async () => {
    const request = await signedInRequest("seed-officer", "/api/x");
    const user = await withRequestContext(() => requireUser(request));
    expect(user.id).toBe("seed-officer");
    expect(user.role).toBe("officer");
  });
});

describe("requireProjectAccess", () => {
  it("combines the session user with the membership check", async () => {
    const request = await signedInRequest("seed-officer", "/api/stakeholders");
    const access = await withRequestContext(() => requireProjectAccess(request, String(projectIds[WESTERN])));
    expect(access.role).toBe("officer");
    expect(access.project.name).toBe(WESTERN);
    // Refusals are AppErrors; the route's handleAppErrors turns them into a real 404/403.
    const refused = await withRequestContext(() => requireProjectAccess(request, String(projectIds[COASTAL]))).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
    expect((refused as AppError).code).toBe("INVALID_PROJECT");

    const forbidden = await withRequestContext(() => requireProjectAccess(request, String(projectIds[NORTHERN]))).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect((forbidden as AppError).status).toBe(403);
  });
});
