import { randomUUID } from "node:crypto";
import { action as pageAction, loader as pageLoader } from "../../app/routes/user-management";
import { loader as listLoader } from "../../app/routes/api.users";
import { action as inviteAction } from "../../app/routes/api.users.invite";
import { action as userAction } from "../../app/routes/api.users.$id";
import { signInFromSso, SIGN_IN_MESSAGES } from "../../app/modules/auth/sign-in.server";
import { createSignedInSession } from "../../app/modules/auth/session.server";
import { toCurrentUser } from "../../app/modules/access/current-user.server";
import { resolveProjectAccess } from "../../app/modules/access/project-access.server";
import { createStakeholder } from "../../app/modules/stakeholder/stakeholder.server";
import { StakeholderSchema } from "../../app/modules/stakeholder/schemas";
import { startJobs, stopJobs } from "../../app/modules/jobs/boss.server";
import { JOB_QUEUES } from "../../app/queues.server";
import { USER_MESSAGES } from "../../app/modules/users/user-rules";
import { User } from "../../db/entities/index";
import { db, getOrm, withRequestContext } from "../../db/orm";
import { call, jsonRequest, useUploadTestEnvironment } from "./support/uploads";

/**
 * User management (docs/administration.md#user-management) against a real PostgreSQL: the page and /api/users for each role, the
 * role ceiling (docs/access.md#assignable-roles), self-protection, another client's users, deactivation ending sessions and refusing
 * sign-in, deletion keeping the creator's name, the invitation mail and its acceptance on first
 * sign-in, and the plan's users-per-project limit. Users acted on are made here, never seeded ones.
 */
const env = useUploadTestEnvironment("user-management");
const BASE = "http://localhost:3000";

beforeAll(async () => {
  await startJobs(getOrm(), { queues: JOB_QUEUES, workers: false });
});
afterAll(async () => {
  await stopJobs(2000);
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => getOrm().em.getConnection().execute(query, params) as Promise<T[]>;

/** A fresh user of the demo client (or another), with a sign-in identity. */
async function makeUser(role: string, clientId: number | null = env.demoClientId, name = "Test") {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@example.com`;
  await sql(`insert into "user" (id, email, first_name, last_name, client_id, system_role, auth_subject) values (?, ?, ?, 'Person', ?, ?, ?)`, [
    id,
    email,
    name,
    clientId,
    role,
    `https://idp.test|${id}`,
  ]);
  return { id, email };
}

async function cookieFor(userId: string) {
  return (await withRequestContext(() => createSignedInSession(new Request(`${BASE}/`), userId))).split(";")[0]!;
}

const userRow = async (id: string) =>
  (
    await sql<{ email: string; system_role: string; is_active: boolean; deleted_at: Date | null; first_name: string | null; auth_subject: string | null }>(`select * from "user" where id = ?`, [id])
  )[0]!;
const sessionsOf = async (id: string) => Number((await sql<{ n: string }>(`select count(*) as n from session where sess->>'userId' = ?`, [id]))[0]!.n);

const loadPage = (cookie: string, search = "") => call(() => pageLoader({ request: new Request(`${BASE}/user-management${search}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
const postPage = (cookie: string, fields: Record<string, string> | [string, string][], search = "") =>
  call(() =>
    pageAction({
      request: new Request(`${BASE}/user-management${search}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) }),
      params: {},
      context: {},
    }),
  );
const patch = (cookie: string, id: string, body: unknown) => call(() => userAction({ request: jsonRequest(`${BASE}/api/users/${id}`, cookie, "PATCH", body), params: { id }, context: {} }));
const remove = (cookie: string, id: string) => call(() => userAction({ request: jsonRequest(`${BASE}/api/users/${id}`, cookie, "DELETE"), params: { id }, context: {} }));
const invite = (cookie: string, body: unknown) => call(() => inviteAction({ request: jsonRequest(`${BASE}/api/users/invite`, cookie, "POST", body), params: {}, context: {} }));
const list = (cookie: string, search = "") => call(() => listLoader({ request: new Request(`${BASE}/api/users${search}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));

describe("who may open User Management", () => {
  it("system admin, client owner, director and project manager get the screen; officer and viewer the restricted view, and /api 403", async () => {
    for (const role of ["system_admin", "client_owner", "director", "project_manager"]) {
      const response = await loadPage(env.cookies[role]!);
      expect(response.status, role).toBe(200);
      expect((await response.json()).allowed, role).toBe(true);
      expect((await list(env.cookies[role]!)).status, role).toBe(200);
    }
    for (const role of ["officer", "viewer"]) {
      const response = await loadPage(env.cookies[role]!);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ allowed: false });
      const api = await list(env.cookies[role]!);
      expect(api.status).toBe(403);
      expect((await api.json()).message).toBe(USER_MESSAGES.accessRestricted);
      const target = await makeUser("viewer");
      expect((await patch(env.cookies[role]!, target.id, { isActive: false })).status).toBe(403);
      expect((await postPage(env.cookies[role]!, { intent: "status", id: target.id, isActive: "false" })).status).toBe(403);
      expect((await userRow(target.id)).is_active).toBe(true);
    }
  });

  it("lists only the client's users; a system admin every client's, filterable by client", async () => {
    const owner = (await (await list(env.cookies.client_owner!)).json()) as { email: string; clientId: number }[];
    expect(owner.length).toBeGreaterThan(3);
    expect(owner.every((u) => u.clientId === env.demoClientId)).toBe(true);
    const all = (await (await list(env.cookies.system_admin!)).json()) as { email: string; clientId: number | null }[];
    expect(all.some((u) => u.email === "owner@second-client.local")).toBe(true);
    const filtered = (await (await list(env.cookies.system_admin!, `?clientId=${env.demoClientId}`)).json()) as { clientId: number }[];
    expect(filtered.every((u) => u.clientId === env.demoClientId)).toBe(true);
    const page = await (await loadPage(env.cookies.system_admin!, `?client=${env.demoClientId}`)).json();
    expect(page.users.every((u: { clientId: number }) => u.clientId === env.demoClientId)).toBe(true);
  });
});

describe("inviting", () => {
  // The seeded demo client is on the Free plan and Western is already at its 3 users per project.
  beforeAll(() => sql(`update client set max_users_per_project = 50 where id = ?`, [env.demoClientId]));
  afterAll(() => sql(`update client set max_users_per_project = 3 where id = ?`, [env.demoClientId]));

  it("stores the invitation, queues the mail with the sign-in link in the same transaction, and the first sign-in joins the client, role and projects", async () => {
    const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const response = await postPage(env.cookies.client_owner!, [
      ["intent", "invite"],
      ["email", email.toUpperCase()],
      ["role", "officer"],
      ["projectIds", String(env.westernId)],
      ["projectIds", String(env.northernId)],
    ]);
    expect(response.status).toBe(302);
    const [invitation] = await sql<{ role: string; project_ids: number[]; client_id: number }>(`select * from user_invitation where email = ?`, [email]);
    expect(invitation).toMatchObject({ role: "officer", client_id: env.demoClientId });
    expect([...invitation!.project_ids].sort()).toEqual([env.westernId, env.northernId].sort());
    const [mail] = await sql<{ kind: string; to_addresses: string[]; text_body: string; subject: string }>(`select * from mail_message where to_addresses @> ?::jsonb`, [JSON.stringify([email])]);
    expect(mail?.kind).toBe("invitation");
    expect(mail?.text_body).toContain(`${BASE}/api/login`);
    expect(mail?.subject).toContain("Demo Land Consultancy");

    const user = await withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: randomUUID(), email, emailVerified: true }));
    expect(user.systemRole).toBe("officer");
    const memberships = await sql<{ project_id: number; role: string }>(`select project_id, role from project_membership where user_id = ? order by project_id`, [user.id]);
    expect(memberships.map((m) => m.project_id).sort()).toEqual([env.westernId, env.northernId].sort());
    expect((await sql<{ accepted_at: Date | null }>(`select accepted_at from user_invitation where email = ?`, [email]))[0]!.accepted_at).not.toBeNull();
  });

  it("refuses a role above the inviter's, another client's project, an address already in use, and a missing e-mail; nothing is written", async () => {
    const before = await sql(`select (select count(*) from user_invitation) as i, (select count(*) from mail_message) as m`);
    const pm = await invite(env.cookies.project_manager!, { email: "too-high@example.com", role: "director" });
    expect(pm.status).toBe(403);
    expect((await pm.json()).message).toBe(USER_MESSAGES.roleNotAllowed);
    expect((await invite(env.cookies.client_owner!, { email: "too-high@example.com", role: "system_admin" })).status).toBe(403);
    expect((await invite(env.cookies.client_owner!, { email: "other@example.com", role: "viewer", projectIds: [env.secondProjectId] })).status).toBe(404);
    const taken = await invite(env.cookies.client_owner!, { email: "viewer@demo-consultancy.local", role: "viewer" });
    expect(taken.status).toBe(409);
    const blank = await invite(env.cookies.client_owner!, { email: "", role: "viewer" });
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors.email).toBe("Email is required");
    // A project manager adds people only to projects they belong to (Northern has no members).
    expect((await invite(env.cookies.project_manager!, { email: "pm-north@example.com", role: "viewer", projectIds: [env.northernId] })).status).toBe(404);
    const page = await postPage(env.cookies.client_owner!, { intent: "invite", email: "not-an-address", role: "viewer" });
    expect(page.status).toBe(422);
    expect(await sql(`select (select count(*) from user_invitation) as i, (select count(*) from mail_message) as m`)).toEqual(before);
  });

  it("the API answers with the spec's message", async () => {
    const response = await invite(env.cookies.director!, { email: `api-${randomUUID().slice(0, 8)}@example.com`, role: "project_manager", projectIds: [env.westernId] });
    expect(response.status).toBe(201);
    expect((await response.json()).message).toBe("User invited successfully");
  });
});

describe("changing a role, the status, deleting", () => {
  it("changes a role within the ceiling; refuses a role above it and a user above the actor", async () => {
    const target = await makeUser("viewer");
    const ok = await patch(env.cookies.project_manager!, target.id, { systemRole: "officer" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("User updated successfully");
    expect((await userRow(target.id)).system_role).toBe("officer");
    expect((await patch(env.cookies.project_manager!, target.id, { systemRole: "director" })).status).toBe(403);
    expect((await patch(env.cookies.client_owner!, target.id, { systemRole: "system_admin" })).status).toBe(403);
    const director = await makeUser("director");
    expect((await patch(env.cookies.project_manager!, director.id, { isActive: false })).status).toBe(403);
    expect((await remove(env.cookies.project_manager!, director.id)).status).toBe(403);
    expect(await userRow(director.id)).toMatchObject({ is_active: true, deleted_at: null });
    expect((await userRow(target.id)).system_role).toBe("officer");
    // The page reports a rule's refusal as a flash message.
    const page = await postPage(env.cookies.project_manager!, { intent: "role", id: target.id, systemRole: "director" });
    expect(page.status).toBe(302);
  });

  it("nobody changes their own role, deactivates or deletes themselves", async () => {
    const me = await makeUser("client_owner");
    const cookie = await cookieFor(me.id);
    expect((await patch(cookie, me.id, { systemRole: "viewer" })).status).toBe(403);
    expect((await patch(cookie, me.id, { isActive: false })).status).toBe(403);
    const del = await remove(cookie, me.id);
    expect(del.status).toBe(403);
    expect((await del.json()).message).toBe(USER_MESSAGES.ownDelete);
    expect(await userRow(me.id)).toMatchObject({ system_role: "client_owner", is_active: true, deleted_at: null });
  });

  it("another client's user is 404 on every call and the page", async () => {
    const foreign = await makeUser("viewer");
    for (const response of [
      await patch(env.cookies.second_owner!, foreign.id, { isActive: false }),
      await patch(env.cookies.second_owner!, foreign.id, { systemRole: "officer" }),
      await remove(env.cookies.second_owner!, foreign.id),
      await loadPage(env.cookies.second_owner!, `?delete=${foreign.id}`),
      await loadPage(env.cookies.second_owner!, `?projects=${foreign.id}`),
      await postPage(env.cookies.second_owner!, { intent: "delete", id: foreign.id }),
      await postPage(env.cookies.second_owner!, { intent: "projects", id: foreign.id, projectIds: String(env.secondProjectId) }),
    ]) {
      expect(response.status).toBe(404);
    }
    expect(await userRow(foreign.id)).toMatchObject({ system_role: "viewer", is_active: true, deleted_at: null });
  });

  it("deactivating ends the user's sessions at once and refuses their next sign-in; activating lets them back", async () => {
    const target = await makeUser("officer");
    const cookie = await cookieFor(target.id);
    await cookieFor(target.id);
    expect(await sessionsOf(target.id)).toBe(2);
    const response = await postPage(env.cookies.client_owner!, { intent: "status", id: target.id, isActive: "false", back: "?page=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user-management?page=1");
    expect(await sessionsOf(target.id)).toBe(0);
    expect((await list(cookie)).status).toBe(401);
    await expect(withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: target.id, email: target.email, emailVerified: true }))).rejects.toThrow(SIGN_IN_MESSAGES.deactivated);
    expect((await patch(env.cookies.client_owner!, target.id, { isActive: true })).status).toBe(200);
    const back = await withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: target.id, email: target.email, emailVerified: true }));
    expect(back.id).toBe(target.id);
  });

  it("deleting removes the account, memberships and sessions; what they created stays under the name kept", async () => {
    const target = await makeUser("director", env.demoClientId, "Delia");
    await sql(`insert into project_membership (user_id, project_id, role) values (?, ?, 'director')`, [target.id, env.westernId]);
    await cookieFor(target.id);
    const stakeholder = await withRequestContext(async () => {
      const current = toCurrentUser(await db().findOneOrFail(User, { id: target.id }));
      return createStakeholder(await resolveProjectAccess(current, env.westernId, "editData"), StakeholderSchema.parse({ name: "Kept Stakeholder" }));
    });
    const confirm = await loadPage(env.cookies.client_owner!, `?delete=${target.id}`);
    expect((await confirm.json()).deleting.email).toBe(target.email);
    const response = await postPage(env.cookies.client_owner!, { intent: "delete", id: target.id });
    expect(response.status).toBe(302);
    const row = await userRow(target.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row).toMatchObject({ is_active: false, auth_subject: null, first_name: "Delia" });
    expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(await sessionsOf(target.id)).toBe(0);
    expect(await sql(`select * from project_membership where user_id = ?`, [target.id])).toEqual([]);
    expect((await sql<{ user_id: string }>(`select user_id from stakeholder where id = ?`, [stakeholder.id]))[0]!.user_id).toBe(target.id);
    const listed = (await (await list(env.cookies.client_owner!)).json()) as { id: string }[];
    expect(listed.some((u) => u.id === target.id)).toBe(false);
    // The address is free again, and a second delete finds nobody.
    expect((await invite(env.cookies.client_owner!, { email: target.email, role: "viewer" })).status).toBe(201);
    expect((await remove(env.cookies.client_owner!, target.id)).status).toBe(404);
  });
});

describe("project members", () => {
  it("sets a user's projects and enforces the plan's users-per-project limit with a clear message", async () => {
    const target = await makeUser("viewer");
    const [{ n }] = (await sql<{ n: string }>(`select count(*) as n from project_membership where project_id = ? and is_active`, [env.westernId])) as [{ n: string }];
    await sql(`update client set max_users_per_project = ? where id = ?`, [Number(n), env.demoClientId]);
    const full = await postPage(env.cookies.client_owner!, { intent: "projects", id: target.id, projectIds: String(env.westernId) }, `?projects=${target.id}`);
    expect(full.status).toBe(403);
    const body = await full.json();
    expect(body.fieldErrors._form).toContain("Western Pipeline Stage 2 already has");
    expect(body.fieldErrors._form).toContain("Free plan");
    expect(await sql(`select * from project_membership where user_id = ?`, [target.id])).toEqual([]);

    await sql(`update client set max_users_per_project = ? where id = ?`, [Number(n) + 1, env.demoClientId]);
    const ok = await postPage(env.cookies.client_owner!, { intent: "projects", id: target.id, projectIds: String(env.westernId) });
    expect(ok.status).toBe(302);
    expect((await sql(`select * from project_membership where user_id = ?`, [target.id])).length).toBe(1);
    const page = await (await loadPage(env.cookies.client_owner!, `?projects=${target.id}`)).json();
    expect(page.projectsOf.projects.find((p: { id: number }) => p.id === env.westernId).member).toBe(true);

    // Removing: nothing ticked.
    expect((await postPage(env.cookies.client_owner!, { intent: "projects", id: target.id })).status).toBe(302);
    expect(await sql(`select * from project_membership where user_id = ?`, [target.id])).toEqual([]);
    await sql(`update client set max_users_per_project = 3 where id = ?`, [env.demoClientId]);
  });
});

describe("pending invitations", () => {
  beforeAll(() => sql(`update client set max_users_per_project = 50 where id = ?`, [env.demoClientId]));
  afterAll(() => sql(`update client set max_users_per_project = 3 where id = ?`, [env.demoClientId]));

  const invitationId = async (email: string) => (await sql<{ id: number }>(`select id from user_invitation where email = ?`, [email]))[0]!.id;
  const mailsTo = async (email: string) => Number((await sql<{ n: string }>(`select count(*) as n from mail_message where to_addresses @> ?::jsonb`, [JSON.stringify([email])]))[0]!.n);

  it("lists the client's pending invitations with role, projects, inviter and date; accepted ones drop out; a system admin sees every client's, filterable", async () => {
    const email = `pending-${randomUUID().slice(0, 8)}@example.com`;
    expect((await invite(env.cookies.director!, { email, role: "officer", projectIds: [env.westernId] })).status).toBe(201);
    const second = `second-${randomUUID().slice(0, 8)}@example.com`;
    expect((await invite(env.cookies.second_owner!, { email: second, role: "viewer" })).status).toBe(201);

    const page = await (await loadPage(env.cookies.client_owner!)).json();
    const row = page.invitations.rows.find((i: { email: string }) => i.email === email);
    expect(row).toMatchObject({ role: "officer", projects: ["Western Pipeline Stage 2"], clientId: env.demoClientId, can: true });
    expect(row.invitedBy).toBeTruthy();
    expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(page.invitations.rows.some((i: { email: string }) => i.email === second)).toBe(false);
    expect(page.invitations.total).toBe(page.invitations.rows.length);

    const admin = await (await loadPage(env.cookies.system_admin!)).json();
    expect(admin.invitations.rows.map((i: { email: string }) => i.email)).toEqual(expect.arrayContaining([email, second]));
    const filtered = await (await loadPage(env.cookies.system_admin!, `?client=${env.demoClientId}`)).json();
    expect(filtered.invitations.rows.every((i: { clientId: number }) => i.clientId === env.demoClientId)).toBe(true);

    // A project manager sees the director-sent officer invitation and may act on it, but not on a director's.
    const higher = `higher-${randomUUID().slice(0, 8)}@example.com`;
    await invite(env.cookies.client_owner!, { email: higher, role: "director" });
    const pm = await (await loadPage(env.cookies.project_manager!)).json();
    expect(pm.invitations.rows.find((i: { email: string }) => i.email === higher).can).toBe(false);
    expect(pm.invitations.rows.find((i: { email: string }) => i.email === email).can).toBe(true);
    const refused = await postPage(env.cookies.project_manager!, { intent: "cancel-invitation", id: String(await invitationId(higher)) });
    expect(refused.status).toBe(302);
    expect(await sql(`select 1 from user_invitation where email = ?`, [higher])).toHaveLength(1);

    await withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: randomUUID(), email, emailVerified: true }));
    const after = await (await loadPage(env.cookies.client_owner!)).json();
    expect(after.invitations.rows.some((i: { email: string }) => i.email === email)).toBe(false);
  });

  it("Resend queues the invitation mail again; Cancel has a confirmation step and withdraws it, so signing in no longer joins the client", async () => {
    const email = `resend-${randomUUID().slice(0, 8)}@example.com`;
    await invite(env.cookies.client_owner!, { email, role: "viewer", projectIds: [env.westernId] });
    const id = await invitationId(email);
    expect(await mailsTo(email)).toBe(1);
    const resent = await postPage(env.cookies.client_owner!, { intent: "resend-invitation", id: String(id), back: "?invitationsPage=1" });
    expect(resent.status).toBe(302);
    expect(resent.headers.get("Location")).toBe("/user-management?invitationsPage=1");
    expect(await mailsTo(email)).toBe(2);

    const confirm = await (await loadPage(env.cookies.client_owner!, `?cancelInvitation=${id}`)).json();
    expect(confirm.cancelling).toEqual({ id, email, role: "viewer" });
    const cancelled = await postPage(env.cookies.client_owner!, { intent: "cancel-invitation", id: String(id) });
    expect(cancelled.status).toBe(302);
    expect(await sql(`select 1 from user_invitation where id = ?`, [id])).toEqual([]);
    expect((await postPage(env.cookies.client_owner!, { intent: "resend-invitation", id: String(id) })).status).toBe(404);
    const user = await withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: randomUUID(), email, emailVerified: true }));
    expect((await sql<{ client_id: number | null }>(`select client_id from "user" where id = ?`, [user.id]))[0]!.client_id).toBeNull();
    expect(await sql(`select 1 from project_membership where user_id = ?`, [user.id])).toEqual([]);
  });

  it("another client's invitation is 404 on the page and both actions; officers and viewers are refused with 403", async () => {
    const email = `foreign-${randomUUID().slice(0, 8)}@example.com`;
    await invite(env.cookies.client_owner!, { email, role: "viewer" });
    const id = String(await invitationId(email));
    for (const response of [
      await loadPage(env.cookies.second_owner!, `?cancelInvitation=${id}`),
      await postPage(env.cookies.second_owner!, { intent: "resend-invitation", id }),
      await postPage(env.cookies.second_owner!, { intent: "cancel-invitation", id }),
      await postPage(env.cookies.client_owner!, { intent: "cancel-invitation", id: "abc" }),
    ]) {
      expect(response.status).toBe(404);
    }
    for (const role of ["officer", "viewer"]) {
      expect((await postPage(env.cookies[role]!, { intent: "cancel-invitation", id })).status, role).toBe(403);
      expect((await postPage(env.cookies[role]!, { intent: "resend-invitation", id })).status, role).toBe(403);
    }
    expect(await mailsTo(email)).toBe(1);
    expect(await sql(`select 1 from user_invitation where email = ?`, [email])).toHaveLength(1);
  });
});

describe("a project manager's reach (docs/access.md#user-management-reach)", () => {
  it("the table offers no action on a user who is also in a project the manager does not manage, and the delete confirmation does not open", async () => {
    const outside = await makeUser("officer");
    const inside = await makeUser("officer");
    await sql(`insert into project_membership (user_id, project_id, role) values (?, ?, 'officer'), (?, ?, 'officer'), (?, ?, 'officer')`, [
      outside.id,
      env.westernId,
      outside.id,
      env.northernId,
      inside.id,
      env.westernId,
    ]);
    const rows = (await (await loadPage(env.cookies.project_manager!, "?page=1")).json()).users as { id: string; can: Record<string, unknown> }[];
    expect(rows.find((u) => u.id === outside.id)?.can).toEqual({ changeRole: false, changeStatus: false, remove: false, members: false, roles: [] });
    expect(rows.find((u) => u.id === inside.id)?.can).toMatchObject({ changeRole: true, changeStatus: true, remove: true, members: true });
    expect((await (await loadPage(env.cookies.project_manager!, `?delete=${outside.id}`)).json()).deleting).toBeNull();
    expect((await (await loadPage(env.cookies.project_manager!, `?delete=${inside.id}`)).json()).deleting.id).toBe(inside.id);
    // The director reaches both.
    const director = (await (await loadPage(env.cookies.director!)).json()).users as { id: string; can: { remove: boolean } }[];
    expect(director.find((u) => u.id === outside.id)?.can.remove).toBe(true);

    const refused = await remove(env.cookies.project_manager!, outside.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(USER_MESSAGES.outOfReach);
    expect(await userRow(outside.id)).toMatchObject({ is_active: true, deleted_at: null });
    expect(await sql(`select project_id from project_membership where user_id = ? order by project_id`, [outside.id])).toHaveLength(2);
  });

  it("a project manager puts people only into projects they manage: a membership as a viewer does not count", async () => {
    const pm = await makeUser("project_manager");
    await sql(`insert into project_membership (user_id, project_id, role) values (?, ?, 'project_manager'), (?, ?, 'viewer')`, [pm.id, env.westernId, pm.id, env.northernId]);
    const cookie = await cookieFor(pm.id);
    const offered = (await (await loadPage(cookie, "?invite=1")).json()).invite.projects as { id: number }[];
    expect(offered.map((p) => p.id)).toEqual([env.westernId]);
    expect((await invite(cookie, { email: `north-${randomUUID().slice(0, 8)}@example.com`, role: "viewer", projectIds: [env.northernId] })).status).toBe(404);
    // A user only in Northern (where this manager is a viewer) is out of reach.
    const northOnly = await makeUser("viewer");
    await sql(`insert into project_membership (user_id, project_id, role) values (?, ?, 'viewer')`, [northOnly.id, env.northernId]);
    expect((await patch(cookie, northOnly.id, { isActive: false })).status).toBe(403);
    expect((await userRow(northOnly.id)).is_active).toBe(true);
  });
});

describe("invitations expire (docs/administration.md#invitations)", () => {
  beforeAll(() => sql(`update client set max_users_per_project = 50 where id = ?`, [env.demoClientId]));
  afterAll(() => sql(`update client set max_users_per_project = 3 where id = ?`, [env.demoClientId]));
  const DAY = 24 * 60 * 60 * 1000;

  it("an invitation is good for 7 days from sending, the mail says until when, the list marks an expired one, and Resend restarts it", async () => {
    const email = `expiring-${randomUUID().slice(0, 8)}@example.com`;
    const response = await invite(env.cookies.client_owner!, { email, role: "viewer" });
    expect(response.status).toBe(201);
    const { invitation } = await response.json();
    expect(Math.abs(Date.parse(invitation.expiresAt) - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    const [mail] = await sql<{ text_body: string }>(`select text_body from mail_message where to_addresses @> ?::jsonb`, [JSON.stringify([email])]);
    expect(mail!.text_body).toContain("Valid until");

    await sql(`update user_invitation set expires_at = now() - interval '1 minute' where id = ?`, [invitation.id]);
    const listed = (await (await loadPage(env.cookies.client_owner!)).json()).invitations.rows.find((i: { email: string }) => i.email === email);
    expect(listed).toMatchObject({ expired: true, can: true });
    await expect(withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: randomUUID(), email, emailVerified: true }))).rejects.toThrow(/has expired/);

    expect((await postPage(env.cookies.client_owner!, { intent: "resend-invitation", id: String(invitation.id) })).status).toBe(302);
    const [row] = await sql<{ expires_at: Date }>(`select expires_at from user_invitation where id = ?`, [invitation.id]);
    expect(new Date(row!.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    const user = await withRequestContext(() => signInFromSso({ issuer: "https://idp.test", subject: randomUUID(), email, emailVerified: true }));
    expect(user.client).toBeTruthy();
  });
});

describe("invitation sending limits (docs/administration.md#invitations)", () => {
  beforeAll(() => sql(`update client set max_users_per_project = 50 where id = ?`, [env.demoClientId]));
  afterAll(() => sql(`update client set max_users_per_project = 3 where id = ?`, [env.demoClientId]));
  const mailsTo = async (email: string) => Number((await sql<{ n: string }>(`select count(*) as n from mail_message where to_addresses @> ?::jsonb`, [JSON.stringify([email])]))[0]!.n);

  it("one address gets at most 3 invitation mails an hour, whoever sends them: the next is refused (429, Retry-After; the page's flash) and nothing is sent", async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const first = await invite(env.cookies.director!, { email, role: "viewer" });
    expect(first.status).toBe(201);
    const id = String((await first.json()).invitation.id);
    expect((await postPage(env.cookies.client_owner!, { intent: "resend-invitation", id })).status).toBe(302);
    expect((await invite(env.cookies.client_owner!, { email, role: "officer" })).status).toBe(201);
    expect(await mailsTo(email)).toBe(3);

    const refused = await invite(env.cookies.client_owner!, { email, role: "officer" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).message).toMatch(/^Too many invitations have been sent to this address in the last hour\. Try again in \d+ minutes?\.$/);
    const page = await postPage(env.cookies.client_owner!, { intent: "resend-invitation", id });
    expect(page.status).toBe(302);
    const { consumeFlash } = await import("../../app/modules/auth/flash.server");
    const { flash } = await withRequestContext(() => consumeFlash(new Request(`${BASE}/user-management`, { headers: { Cookie: env.cookies.client_owner! } })));
    expect(flash).toMatchObject({ kind: "error", title: USER_MESSAGES.resendFailed });
    expect(flash?.description).toMatch(/Too many invitations have been sent to this address/);
    expect(await mailsTo(email)).toBe(3);
    expect((await sql<{ role: string }>(`select role from user_invitation where email = ?`, [email]))[0]!.role).toBe("officer");
  });

  it("one manager sends at most 30 an hour: the 31st is refused on the /api (429) and in the invite form's error summary; a refused invitation for another reason does not count", async () => {
    const manager = await makeUser("client_owner");
    const cookie = await cookieFor(manager.id);
    // Refused for a reason of its own (an address in use): not a send.
    expect((await invite(cookie, { email: "viewer@demo-consultancy.local", role: "viewer" })).status).toBe(409);
    for (let i = 0; i < 30; i++) expect((await invite(cookie, { email: `bulk-${i}-${randomUUID().slice(0, 8)}@example.com`, role: "viewer" })).status, `invitation ${i + 1}`).toBe(201);
    const before = await sql(`select count(*) as n from user_invitation`);
    const refused = await invite(cookie, { email: `bulk-over-${randomUUID().slice(0, 8)}@example.com`, role: "viewer" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^You have sent too many invitations in the last hour\. Try again in \d+ minutes?\.$/);
    const form = await postPage(cookie, { intent: "invite", email: `bulk-form-${randomUUID().slice(0, 8)}@example.com`, role: "viewer" }, "?invite=1");
    expect(form.status).toBe(429);
    expect((await form.json()).fieldErrors._form).toMatch(/^Failed to invite user: You have sent too many invitations in the last hour/);
    expect(await sql(`select count(*) as n from user_invitation`)).toEqual(before);
    // Another manager is not held up.
    expect((await invite(env.cookies.client_owner!, { email: `other-${randomUUID().slice(0, 8)}@example.com`, role: "viewer" })).status).toBe(201);
  });
});
