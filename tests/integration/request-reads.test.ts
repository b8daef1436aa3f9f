import { withRequestContext } from "../../db/orm";
import { recordStatements } from "./support/statements";
import { getCurrentUser } from "../../app/modules/access/current-user.server";
import { getSelectedProjectAccess, projectSummary } from "../../app/modules/access/project-access.server";
import { openRequestScope } from "../../app/modules/auth/request-scope.server";
import { createSignedInSession, getSession, commitSession } from "../../app/modules/auth/session.server";
import { getLayoutData } from "../../app/modules/layout/layout.server";
import { useTestDatabase } from "../setup/test-database";
import { projectId, URL_BASE } from "./stakeholder-helpers";

/**
 * What every signed-in page reads before its own work (docs/architecture.md#one-read-per-request):
 * a GET reads its session, user and selected project in one statement; what it then decides is
 * what the separate reads decided (tenancy and membership are covered by tenancy-matrix, screen-access
 * and stale-selection tests).
 */
let database: Awaited<ReturnType<typeof useTestDatabase>>;
let western: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true, sessions: true });
  western = await projectId("Western Pipeline Stage 2");
});

afterAll(async () => {
  await database?.drop();
});

/** A signed-in session with `project` selected; returns the Cookie header. */
async function sessionWith(userId: string, project: number): Promise<string> {
  return withRequestContext(async () => {
    const cookie = (await createSignedInSession(new Request(`${URL_BASE}/`), userId)).split(";")[0]!;
    const request = new Request(`${URL_BASE}/`, { headers: { Cookie: cookie } });
    const session = await getSession(request);
    session.set("selectedProjectId", project);
    await commitSession(request, session);
    return cookie;
  });
}

/** Runs a page's shared reads (the layout loader, then the route loader's access) for one GET or POST; counts statements. */
async function pageReads(cookie: string, method: "GET" | "POST") {
  const sent = recordStatements();
  try {
    return await withRequestContext(async () => {
      openRequestScope(method);
      const init = { method, headers: { Cookie: cookie } };
      const layout = await getLayoutData(new Request(`${URL_BASE}/stakeholders?_data=root`, init));
      const access = await getSelectedProjectAccess(new Request(`${URL_BASE}/stakeholders`, init));
      const user = await getCurrentUser(new Request(`${URL_BASE}/stakeholders`, init));
      return { layout, access, user, statements: sent.statements };
    });
  } finally {
    sent.stop();
  }
}

describe("one read per request", () => {
  it("reads a GET's session, user and selected project in one statement", async () => {
    const cookie = await sessionWith("seed-officer", western);
    const { layout, access, user, statements } = await pageReads(cookie, "GET");
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from session s/);
    expect(user?.id).toBe("seed-officer");
    expect(layout.user?.displayName).toBeTruthy();
    expect(access?.role).toBe("officer");
    expect(access?.project.id).toBe(western);
    expect(projectSummary(access!)).toEqual({ id: western, name: "Western Pipeline Stage 2", clientName: expect.any(String) });
    expect(projectSummary(access!).clientName).not.toBe("");
  });

  it("gives the same answers as separate reads: a POST reads the project afresh", async () => {
    const cookie = await sessionWith("seed-officer", western);
    const get = await pageReads(cookie, "GET");
    const post = await pageReads(cookie, "POST");
    expect(post.statements.length).toBeGreaterThan(1);
    expect(post.access?.role).toBe(get.access?.role);
    expect(projectSummary(post.access!)).toEqual(projectSummary(get.access!));
    expect(post.user).toEqual(get.user);
    expect(post.layout).toEqual(get.layout);
  });

  it("refuses a GET whose selected project has gone, as the separate read did", async () => {
    const cookie = await sessionWith("seed-officer", 999_999);
    await expect(pageReads(cookie, "GET")).rejects.toMatchObject({ status: 302 });
  });
});
