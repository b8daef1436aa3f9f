import type { MikroORM } from "@mikro-orm/postgresql";
import { Client, Project, User, UserInvitation } from "../../db/entities/index";
import { db, withRequestContext } from "../../db/orm";
import { signInFromSso } from "../../app/modules/auth/sign-in.server";
import type { SsoProfile } from "../../app/modules/auth/sso-claims";
import { AppError } from "../../app/utils/app-error";
import { expiredInvitationMessage } from "../../app/modules/invitations/invitation-expiry";
import { useTestDatabase } from "../setup/test-database";

/** signInFromSso: linking by issuer|sub, then (verified) e-mail, then invitation, else a new viewer. */

const ISSUER = "https://idp.example.test";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let database: Awaited<ReturnType<typeof useTestDatabase>>;
let orm: MikroORM;
let demoClientId: number;
let westernId: number;
let northernId: number;

beforeAll(async () => {
  database = await useTestDatabase({ seed: true });
  orm = database.orm;
  await withRequestContext(async () => {
    demoClientId = (await db().findOneOrFail(Client, { name: "Demo Land Consultancy" })).id;
    westernId = (await db().findOneOrFail(Project, { name: "Western Pipeline Stage 2" })).id;
    northernId = (await db().findOneOrFail(Project, { name: "Northern Transmission Line" })).id;
  });
});

afterAll(async () => {
  await database?.drop();
});

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  client_id: number | null;
  system_role: string;
  auth_subject: string | null;
  is_active: boolean;
  /** Raw SQL returns timestamptz as text. */
  last_sign_in_at: string | null;
}
const userRow = async (where: "id" | "email", value: string) => (await sql<UserRow>(`select * from "user" where ${where} = ?`, [value]))[0];

interface AuditRow {
  action: string;
  user_id: string | null;
  client_id: number | null;
  project_id: number | null;
  entity_type: string | null;
  entity_id: string | null;
}
const failureRows = (entityId: string) =>
  sql<AuditRow & { after: unknown }>("select action, user_id, client_id, entity_type, entity_id, after from audit_log where entity_id = ? and action = 'auth.sign_in_failed' order by id", [entityId]);
const auditRows = (userId: string) => sql<AuditRow>("select action, user_id, client_id, project_id, entity_type, entity_id from audit_log where entity_id = ? order by id", [userId]);

/** Profiles are verified unless a test says otherwise. */
type TestProfile = Omit<SsoProfile, "emailVerified"> & { emailVerified?: boolean };
const signIn = (profile: TestProfile) => withRequestContext(() => signInFromSso({ emailVerified: true, ...profile }));

async function signInError(profile: TestProfile): Promise<AppError> {
  const error = await signIn(profile).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("signInFromSso: a new person", () => {
  it("creates a viewer with no client, linked to issuer|sub, and audits auth.first_sign_in", async () => {
    const before = Date.now();
    const user = await signIn({
      issuer: ISSUER,
      subject: "new-sub-1",
      email: "  New.Person@Example.COM ",
      firstName: "New",
      lastName: "Person",
      picture: "https://img.example.test/new.png",
    });
    expect(user.id).toMatch(UUID);

    const row = await userRow("id", user.id);
    expect(row).toMatchObject({
      email: "new.person@example.com",
      first_name: "New",
      last_name: "Person",
      profile_image_url: "https://img.example.test/new.png",
      client_id: null,
      system_role: "viewer",
      auth_subject: `${ISSUER}|new-sub-1`,
      is_active: true,
    });
    expect(new Date(row!.last_sign_in_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(await auditRows(user.id)).toEqual([{ action: "auth.first_sign_in", user_id: user.id, client_id: null, project_id: null, entity_type: "User", entity_id: user.id }]);
    expect(await sql("select id from project_membership where user_id = ?", [user.id])).toEqual([]);
  });

  it("finds the same user on the next sign-in by issuer|sub, updates names, and audits auth.sign_in", async () => {
    const first = await signIn({ issuer: ISSUER, subject: "new-sub-2", email: "repeat@example.com", firstName: "Rita", lastName: "Old" });
    const firstSignIn = (await userRow("id", first.id))!.last_sign_in_at!;
    await new Promise((resolve) => setTimeout(resolve, 20));

    // The provider now reports a new surname and even a new e-mail: the subject still decides.
    const second = await signIn({ issuer: ISSUER, subject: "new-sub-2", email: "rita.new@example.com", firstName: "Rita", lastName: "New" });
    expect(second.id).toBe(first.id);

    const row = await userRow("id", first.id);
    expect(row).toMatchObject({ first_name: "Rita", last_name: "New", email: "repeat@example.com", auth_subject: `${ISSUER}|new-sub-2` });
    expect(new Date(row!.last_sign_in_at!).getTime()).toBeGreaterThan(new Date(firstSignIn).getTime());
    expect(await userRow("email", "rita.new@example.com")).toBeUndefined();
    expect((await auditRows(first.id)).map((a) => a.action)).toEqual(["auth.first_sign_in", "auth.sign_in"]);
  });

  it("keeps the stored names when the provider sends none", async () => {
    const first = await signIn({ issuer: ISSUER, subject: "new-sub-3", email: "keep@example.com", firstName: "Kim", lastName: "Keep", picture: "https://img.example.test/k.png" });
    await signIn({ issuer: ISSUER, subject: "new-sub-3", email: "keep@example.com" });
    expect(await userRow("id", first.id)).toMatchObject({ first_name: "Kim", last_name: "Keep", profile_image_url: "https://img.example.test/k.png" });
  });
});

describe("signInFromSso: an existing user", () => {
  it("matches a seeded user by e-mail, case-insensitively, and links the subject", async () => {
    expect((await userRow("id", "seed-officer"))?.auth_subject).toBeNull();
    const user = await signIn({ issuer: ISSUER, subject: "officer-sub", email: "OFFICER@Demo-Consultancy.LOCAL", firstName: "Oskar" });
    expect(user.id).toBe("seed-officer");

    const row = await userRow("id", "seed-officer");
    expect(row).toMatchObject({
      email: "officer@demo-consultancy.local",
      first_name: "Oskar",
      last_name: "Officer",
      system_role: "officer",
      client_id: demoClientId,
      auth_subject: `${ISSUER}|officer-sub`,
    });
    expect(row!.last_sign_in_at).not.toBeNull();
    expect(await auditRows("seed-officer")).toEqual([{ action: "auth.sign_in", user_id: "seed-officer", client_id: demoClientId, project_id: null, entity_type: "User", entity_id: "seed-officer" }]);
    expect(await sql('select id from "user" where email = ?', ["officer@demo-consultancy.local"])).toHaveLength(1);

    // Next time the subject alone finds the user.
    expect((await signIn({ issuer: ISSUER, subject: "officer-sub", email: "someone.else@example.com" })).id).toBe("seed-officer");
  });

  it("never hands an account linked to one identity to another identity with the same e-mail", async () => {
    await signIn({ issuer: ISSUER, subject: "pm-original", email: "pm@demo-consultancy.local" });
    const error = await signInError({ issuer: ISSUER, subject: "pm-impostor", email: "PM@demo-consultancy.local", firstName: "Mallory" });
    expect(error.status).toBe(403);
    expect(error.message).toBe("This e-mail address already belongs to another sign-in. Contact your administrator.");
    expect(await userRow("id", "seed-project-manager")).toMatchObject({ first_name: "Priya", auth_subject: `${ISSUER}|pm-original` });
    expect(await failureRows("seed-project-manager")).toEqual([
      {
        action: "auth.sign_in_failed",
        user_id: "seed-project-manager",
        client_id: demoClientId,
        entity_type: "User",
        entity_id: "seed-project-manager",
        after: { reason: "e-mail belongs to another sign-in", issuer: ISSUER, email: "pm@demo-consultancy.local" },
      },
    ]);
  });

  it("lets two simultaneous first sign-ins of the same person both succeed", async () => {
    const profile = { issuer: ISSUER, subject: "new-owner-twice", email: "owner@new-client.local" };
    // Six at once make the race (both miss the subject, one links first) near certain to happen.
    const users = await Promise.all(Array.from({ length: 6 }, () => signIn(profile)));
    expect(users.map((u) => u.id)).toEqual(Array(6).fill("seed-new-owner"));
    expect((await userRow("id", "seed-new-owner"))?.auth_subject).toBe(`${ISSUER}|new-owner-twice`);
  });

  it("refuses an identity without an e-mail address", async () => {
    const error = await signInError({ issuer: ISSUER, subject: "no-mail", email: "   " });
    expect(error.status).toBe(403);
    expect(await sql(`select id from "user" where auth_subject = ?`, [`${ISSUER}|no-mail`])).toEqual([]);
  });

  it("does not take an open invitation for someone who already has an account", async () => {
    await withRequestContext(async () => {
      db().create(UserInvitation, { email: "viewer@demo-consultancy.local", role: "project_manager", client: demoClientId, project: northernId } as never);
      await db().flush();
    });
    const user = await signIn({ issuer: ISSUER, subject: "viewer-sub", email: "viewer@demo-consultancy.local" });
    expect(user.id).toBe("seed-viewer");
    expect((await userRow("id", "seed-viewer"))?.system_role).toBe("viewer");
    expect(await sql("select id from project_membership where user_id = ? and project_id = ?", ["seed-viewer", northernId])).toEqual([]);
  });

  it("refuses a deactivated user with 403 and changes nothing", async () => {
    const lastSignIn = new Date("2026-01-02T03:04:05.000Z");
    await sql(`update "user" set is_active = false, last_sign_in_at = ? where id = ?`, [lastSignIn, "seed-director"]);

    const error = await signInError({ issuer: ISSUER, subject: "director-sub", email: "director@demo-consultancy.local", firstName: "Changed" });
    expect(error.status).toBe(403);
    expect(error.message).toBe("Your account has been deactivated. Contact your administrator.");

    const row = await userRow("id", "seed-director");
    expect(new Date(row!.last_sign_in_at!).toISOString()).toBe(lastSignIn.toISOString());
    expect(row).toMatchObject({ first_name: "Dana", auth_subject: null, is_active: false });
    expect(await failureRows("seed-director")).toEqual([
      {
        action: "auth.sign_in_failed",
        user_id: "seed-director",
        client_id: demoClientId,
        entity_type: "User",
        entity_id: "seed-director",
        after: { reason: "deactivated account", issuer: ISSUER, email: "director@demo-consultancy.local" },
      },
    ]);
  });
});

describe("signInFromSso: an invited person", () => {
  it("joins the invited client with the invited role and project, and the invitation is accepted", async () => {
    // Western is full under the Free plan's 3 users per project; room for one more here.
    await sql(`update client set max_users_per_project = 50 where id = ?`, [demoClientId]);
    const invitationId = await withRequestContext(async () => {
      const invitation = db().create(UserInvitation, {
        email: "Invited.Officer@Example.test",
        role: "officer",
        client: demoClientId,
        project: westernId,
        invitedBy: "seed-client-owner",
      } as never);
      await db().flush();
      return invitation.id;
    });

    const user = await signIn({ issuer: ISSUER, subject: "invited-sub", email: "INVITED.officer@example.TEST", firstName: "Ivy", lastName: "Invited" });
    expect(user.id).toMatch(UUID);
    expect(await userRow("id", user.id)).toMatchObject({
      email: "invited.officer@example.test",
      system_role: "officer",
      client_id: demoClientId,
      auth_subject: `${ISSUER}|invited-sub`,
      first_name: "Ivy",
    });

    const memberships = await sql<{ project_id: number; role: string; is_active: boolean; invited_by_id: string | null }>(
      "select project_id, role, is_active, invited_by_id from project_membership where user_id = ?",
      [user.id],
    );
    expect(memberships).toEqual([{ project_id: westernId, role: "officer", is_active: true, invited_by_id: "seed-client-owner" }]);

    const invitation = (await sql<{ accepted_at: string | null }>("select accepted_at from user_invitation where id = ?", [invitationId]))[0];
    expect(invitation?.accepted_at).not.toBeNull();
    const acceptedAgo = Date.now() - new Date(invitation!.accepted_at!).getTime();
    expect(acceptedAgo).toBeGreaterThanOrEqual(0);
    expect(acceptedAgo).toBeLessThan(60_000);

    expect(await auditRows(user.id)).toEqual([{ action: "auth.first_sign_in_invited", user_id: user.id, client_id: demoClientId, project_id: null, entity_type: "User", entity_id: user.id }]);
    // The role the invitation granted is part of the record.
    const [granted] = await sql<{ after: unknown }>("select after from audit_log where entity_id = ? and action = 'auth.first_sign_in_invited'", [user.id]);
    expect(granted?.after).toEqual({ role: "officer", clientId: demoClientId, projectId: westernId, invitationId });

    // The accepted invitation is not used again: the next sign-in is an ordinary one.
    const again = await signIn({ issuer: ISSUER, subject: "invited-sub", email: "invited.officer@example.test" });
    expect(again.id).toBe(user.id);
    expect((await auditRows(user.id)).map((a) => a.action)).toEqual(["auth.first_sign_in_invited", "auth.sign_in"]);
    expect(await sql("select id from project_membership where user_id = ?", [user.id])).toHaveLength(1);
    await sql(`update client set max_users_per_project = 3 where id = ?`, [demoClientId]);
  });

  it("joins only the client when the invitation names no project", async () => {
    await withRequestContext(async () => {
      db().create(UserInvitation, { email: "client.only@example.test", role: "director", client: demoClientId } as never);
      await db().flush();
    });
    const user = await signIn({ issuer: ISSUER, subject: "client-only-sub", email: "client.only@example.test" });
    expect(await userRow("id", user.id)).toMatchObject({ system_role: "director", client_id: demoClientId });
    expect(await sql("select id from project_membership where user_id = ?", [user.id])).toEqual([]);
    expect((await auditRows(user.id)).map((a) => a.action)).toEqual(["auth.first_sign_in_invited"]);
  });

  it("ignores an invitation that was already accepted", async () => {
    await withRequestContext(async () => {
      db().create(UserInvitation, { email: "stale@example.test", role: "officer", client: demoClientId, project: westernId, acceptedAt: new Date("2026-01-01T00:00:00Z") } as never);
      await db().flush();
    });
    const user = await signIn({ issuer: ISSUER, subject: "stale-sub", email: "stale@example.test" });
    expect(await userRow("id", user.id)).toMatchObject({ system_role: "viewer", client_id: null });
    expect(await sql("select id from project_membership where user_id = ?", [user.id])).toEqual([]);
    expect((await auditRows(user.id)).map((a) => a.action)).toEqual(["auth.first_sign_in"]);
  });
});

describe("signInFromSso: entity state", () => {
  it("returns a managed User entity with the stored values", async () => {
    const user = await signIn({ issuer: ISSUER, subject: "entity-sub", email: "entity@example.test", firstName: "Ent" });
    const reloaded = await withRequestContext(() => db().findOneOrFail(User, { id: user.id }));
    expect(reloaded.email).toBe(user.email);
    expect(reloaded.firstName).toBe("Ent");
    expect(reloaded.authSubject).toBe(`${ISSUER}|entity-sub`);
  });
});

describe("signInFromSso: e-mail verification", () => {
  const UNVERIFIED =
    "Your identity provider has not verified your e-mail address, so it cannot be used to find or create your account. Verify your e-mail address with your identity provider, or contact your administrator.";

  it("refuses a new person whose e-mail the provider has not verified, creates nothing and audits the refusal", async () => {
    const error = await signInError({ issuer: ISSUER, subject: "unverified-new", email: "Unverified@Example.test", emailVerified: false });
    expect(error.status).toBe(403);
    expect(error.message).toBe(UNVERIFIED);
    expect(await userRow("email", "unverified@example.test")).toBeUndefined();
    expect(await failureRows(`${ISSUER}|unverified-new`)).toEqual([
      {
        action: "auth.sign_in_failed",
        user_id: null,
        client_id: null,
        entity_type: "Sign-in",
        entity_id: `${ISSUER}|unverified-new`,
        after: { reason: "unverified e-mail", issuer: ISSUER, email: "unverified@example.test" },
      },
    ]);
  });

  it("never links a pre-provisioned account through an unverified e-mail", async () => {
    const error = await signInError({ issuer: ISSUER, subject: "unverified-officer-claim", email: "admin@landrecords.local", emailVerified: false });
    expect(error.message).toBe(UNVERIFIED);
    expect(await userRow("id", "seed-system-admin")).toMatchObject({ email: "admin@landrecords.local", auth_subject: null });
    expect(await sql(`select id from "user" where auth_subject = ?`, [`${ISSUER}|unverified-officer-claim`])).toEqual([]);
  });

  it("never accepts an invitation through an unverified e-mail", async () => {
    await withRequestContext(async () => {
      db().create(UserInvitation, { email: "invited.unverified@example.test", role: "director", client: demoClientId, project: westernId } as never);
      await db().flush();
    });
    expect((await signInError({ issuer: ISSUER, subject: "invited-unverified", email: "invited.unverified@example.test", emailVerified: false })).message).toBe(UNVERIFIED);
    expect(await sql<{ accepted_at: string | null }>("select accepted_at from user_invitation where email = ?", ["invited.unverified@example.test"])).toEqual([{ accepted_at: null }]);
    expect(await userRow("email", "invited.unverified@example.test")).toBeUndefined();
  });

  it("signs an already linked user in by issuer and subject even when the e-mail is now unverified", async () => {
    const first = await signIn({ issuer: ISSUER, subject: "linked-then-unverified", email: "linked.unverified@example.test" });
    const again = await signIn({ issuer: ISSUER, subject: "linked-then-unverified", email: "linked.unverified@example.test", emailVerified: false });
    expect(again.id).toBe(first.id);
  });

  it("keeps a linked subject on its own account when the provider reports another user's e-mail", async () => {
    const linked = await signIn({ issuer: ISSUER, subject: "edited-email-sub", email: "edited.before@example.test" });
    // Now the provider says the same subject has the e-mail of a seeded, still unlinked account.
    const again = await signIn({ issuer: ISSUER, subject: "edited-email-sub", email: "owner@second-client.local" });
    expect(again.id).toBe(linked.id);
    expect(await userRow("id", linked.id)).toMatchObject({ email: "edited.before@example.test", auth_subject: `${ISSUER}|edited-email-sub` });
    expect(await userRow("email", "owner@second-client.local")).toMatchObject({ auth_subject: null });
  });

  it("refuses an identity without an e-mail and audits it", async () => {
    await signInError({ issuer: ISSUER, subject: "no-mail-audited", email: "" });
    expect((await failureRows(`${ISSUER}|no-mail-audited`)).map((row) => row.after)).toEqual([{ reason: "no e-mail", issuer: ISSUER }]);
  });
});

describe("signInFromSso: an invitation that has expired or would overfill a project (docs/administration.md#invitations)", () => {
  const invite = (email: string, fields: Record<string, unknown>) =>
    withRequestContext(async () => {
      const invitation = db().create(UserInvitation, { email, role: "officer", client: demoClientId, invitedBy: "seed-client-owner", ...fields } as never);
      await db().flush();
      return invitation.id;
    });
  const accepted = async (id: number) => (await sql<{ accepted_at: string | null }>("select accepted_at from user_invitation where id = ?", [id]))[0]!.accepted_at;
  const DAY = 24 * 60 * 60 * 1000;

  it("refuses the sign-in with a clear message when the only invitation has expired; nothing is written and the refusal is audited", async () => {
    const id = await invite("expired.invitee@example.test", { projectIds: [northernId], expiresAt: new Date(Date.now() - 60_000) });
    const error = await signInError({ issuer: ISSUER, subject: "expired-sub", email: "expired.invitee@example.test" });
    expect(error.status).toBe(403);
    expect(error.message).toBe(expiredInvitationMessage("Demo Land Consultancy"));
    expect(await userRow("email", "expired.invitee@example.test")).toBeUndefined();
    expect(await accepted(id)).toBeNull();
    expect(await failureRows(`${ISSUER}|expired-sub`)).toEqual([
      expect.objectContaining({ client_id: demoClientId, after: { reason: "expired invitation", issuer: ISSUER, email: "expired.invitee@example.test" } }),
    ]);
  });

  it("counts an invitation stored without an expiry from when it was created (7 days by default)", async () => {
    const old = await invite("old.invitee@example.test", { createdAt: new Date(Date.now() - 8 * DAY) });
    expect((await signInError({ issuer: ISSUER, subject: "old-sub", email: "old.invitee@example.test" })).message).toBe(expiredInvitationMessage("Demo Land Consultancy"));
    expect(await accepted(old)).toBeNull();
    const recent = await invite("recent.invitee@example.test", { createdAt: new Date(Date.now() - 6 * DAY) });
    const user = await signIn({ issuer: ISSUER, subject: "recent-sub", email: "recent.invitee@example.test" });
    expect(await userRow("id", user.id)).toMatchObject({ system_role: "officer", client_id: demoClientId });
    expect(await accepted(recent)).not.toBeNull();
  });

  it("refuses the sign-in when a project it names is full under the client's plan; nothing is written; with room it is accepted", async () => {
    const [{ n }] = (await sql<{ n: string }>("select count(*) as n from project_membership where project_id = ? and is_active", [westernId])) as [{ n: string }];
    await sql(`update client set max_users_per_project = ? where id = ?`, [Number(n), demoClientId]);
    const id = await invite("full.invitee@example.test", { projectIds: [northernId, westernId], expiresAt: new Date(Date.now() + DAY) });
    const membershipsBefore = await sql("select id from project_membership order by id");
    const error = await signInError({ issuer: ISSUER, subject: "full-sub", email: "full.invitee@example.test" });
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      `Your invitation to Demo Land Consultancy cannot be accepted yet: Western Pipeline Stage 2 already has ${n} members, as many as Demo Land Consultancy's plan allows per project. Ask the person who invited you to make room, then sign in again.`,
    );
    expect(await userRow("email", "full.invitee@example.test")).toBeUndefined();
    expect(await sql("select id from project_membership order by id")).toEqual(membershipsBefore);
    expect(await accepted(id)).toBeNull();
    expect((await failureRows(`${ISSUER}|full-sub`)).map((row) => (row.after as { reason: string }).reason)).toEqual(["invitation over the plan's users-per-project limit"]);

    await sql(`update client set max_users_per_project = ? where id = ?`, [Number(n) + 1, demoClientId]);
    const user = await signIn({ issuer: ISSUER, subject: "full-sub", email: "full.invitee@example.test" });
    expect((await sql<{ project_id: number }>("select project_id from project_membership where user_id = ? order by project_id", [user.id])).map((m) => m.project_id)).toEqual(
      [westernId, northernId].sort((a, b) => a - b),
    );
    await sql(`update client set max_users_per_project = 3 where id = ?`, [demoClientId]);
  });
});
