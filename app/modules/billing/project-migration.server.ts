/**
 * Moving a project to another client organisation (docs/administration.md#project-migration).
 * System admin only. The target's plan limit is checked under a lock on its row, like a project
 * creation; the project, its records and import history move; the source client's users lose their
 * memberships (client owners and directors of the source lose it with the client); staged uploads
 * and open invitations into the project are dropped, and its restore points are withdrawn.
 */
import { LockMode } from "@mikro-orm/core";
import { Client, Project } from "~db/entities/index";
import { db } from "~db/orm";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { refId } from "~db/entities/refs";
import { recordAudit } from "~/modules/audit/audit.server";
import { withdrawRestorePoints } from "~/modules/database-management/restore-points.server";
import { type CurrentUser, displayName } from "~/modules/access/current-user.server";
import { refuse } from "~/modules/access/refuse.server";
import { BILLING_MESSAGES, requireSystemPermission } from "~/modules/access/system.server";
import { AppError } from "~/utils/app-error";
import { effectivePlan, hasFreePro, projectLimitMessage } from "./plan-limits";

export const MIGRATED_MESSAGE = "Project Migrated Successfully";
export const MIGRATION_FAILED = "Migration Failed";
export const PLAN_LIMIT_CODE = "PLAN_LIMIT";

export interface MigrationChoice {
  id: number;
  name: string;
  clientId: number;
  clientName: string;
}

export interface TargetClient {
  id: number;
  name: string;
  plan: "Pro" | "Free";
  freeProActive: boolean;
  projectCount: number;
}

/** Every active project with its client (the project picker) and every active client with its plan badge. */
export async function listMigrationChoices(user: CurrentUser, now: Date = new Date()) {
  requireSystemPermission(user, "migrateProjects", { message: BILLING_MESSAGES.migrate, entityType: "Project" });
  const projects = await sqlRows<{ id: number; name: string; clientId: number; clientName: string }>(
    `select p.id, p.name, c.id as "clientId", c.name as "clientName" from project p join client c on c.id = p.client_id where p.is_active order by c.name, p.name, p.id`,
  );
  const clients = await db().find(Client, { isActive: true }, { orderBy: { name: "asc", id: "asc" } });
  const counts = await sqlRows<{ client_id: number; n: string }>(`select client_id, count(*) as n from project where is_active group by client_id`);
  const byClient = new Map(counts.map((r) => [Number(r.client_id), Number(r.n)]));
  const targets: TargetClient[] = clients.map((c) => ({
    id: c.id,
    name: c.name,
    plan: effectivePlan(c, now) === "free" || effectivePlan(c, now) === "starter" ? "Free" : "Pro",
    freeProActive: hasFreePro(c, now),
    projectCount: byClient.get(c.id) ?? 0,
  }));
  return { projects: projects.map((p) => ({ ...p, clientId: Number(p.clientId) })) as MigrationChoice[], clients: targets };
}

async function membersLosingAccess(projectId: number, sourceClientId: number) {
  return sqlRows<{ membershipId: number; userId: string; email: string; firstName: string | null; lastName: string | null }>(
    `select m.id as "membershipId", u.id as "userId", u.email, u.first_name as "firstName", u.last_name as "lastName"
       from project_membership m join "user" u on u.id = m.user_id
       where m.project_id = ? and u.client_id = ? order by u.email`,
    [projectId, sourceClientId],
  );
}

/** What a migration would do: the records that move, who loses access, and whether the target's plan allows it. */
export async function previewMigration(user: CurrentUser, projectId: number, targetClientId: number, now: Date = new Date()) {
  requireSystemPermission(user, "migrateProjects", { message: BILLING_MESSAGES.migrate, entityType: "Project", entityId: projectId });
  const project = await db().findOne(Project, { id: projectId, isActive: true }, { populate: ["client"] });
  if (!project) throw new AppError(404, "Project not found");
  const target = await db().findOne(Client, { id: targetClientId, isActive: true });
  if (!target) throw new AppError(404, "Client not found");
  const source = project.client as unknown as { id: number; name: string };
  if (source.id === target.id) throw new AppError(400, `${project.name} already belongs to ${target.name}`);
  const [counts] = await sqlRows<{ stakeholders: string; properties: string; engagements: string; documents: string }>(
    `select (select count(*) from stakeholder where project_id = ?) as stakeholders, (select count(*) from property where project_id = ?) as properties,
              (select count(*) from engagement where project_id = ?) as engagements, (select count(*) from document where project_id = ?) as documents`,
    [projectId, projectId, projectId, projectId],
  );
  const activeProjects = await db().count(Project, { client: target.id, isActive: true });
  const members = await membersLosingAccess(projectId, source.id);
  return {
    project: { id: project.id, name: project.name },
    source: { id: source.id, name: source.name },
    target: { id: target.id, name: target.name },
    records: { stakeholders: Number(counts?.stakeholders ?? 0), properties: Number(counts?.properties ?? 0), engagements: Number(counts?.engagements ?? 0), documents: Number(counts?.documents ?? 0) },
    membersLosingAccess: members.map((m) => ({ userId: m.userId, name: displayName({ email: m.email, firstName: m.firstName, lastName: m.lastName }), email: m.email })),
    planRefusal: projectLimitMessage(target, activeProjects, now),
  };
}
export type MigrationPreview = Awaited<ReturnType<typeof previewMigration>>;

/** POST /api/client/migrate-project/{projectId} and the page's Migrate Project. */
export async function migrateProject(user: CurrentUser, projectId: number, targetClientId: number, now: Date = new Date()) {
  requireSystemPermission(user, "migrateProjects", { message: BILLING_MESSAGES.migrate, entityType: "Project", entityId: projectId });
  return db().transactional(async (em) => {
    // The target's row first: a creation or another migration into it waits, then counts this project.
    const target = await em.findOne(Client, { id: targetClientId, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!target) throw new AppError(404, "Client not found");
    const project = await em.findOne(Project, { id: projectId, isActive: true }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!project) throw new AppError(404, "Project not found");
    const sourceId = refId(project.client);
    if (sourceId === target.id) throw new AppError(400, `${project.name} already belongs to ${target.name}`);
    const refusal = projectLimitMessage(target, await em.count(Project, { client: target.id, isActive: true }), now);
    if (refusal) throw refuse(user, { status: 403, reason: "plan limit: projects per client", entityType: "Client", entityId: target.id, message: refusal, code: PLAN_LIMIT_CODE, actionable: true });

    // db/sql.server.ts runs on this transaction (the locks above are its own).
    const members = await membersLosingAccess(projectId, sourceId);
    if (members.length) {
      await sqlExecute(
        `delete from project_membership where id in (${members.map(() => "?").join(",")})`,
        members.map((m) => m.membershipId),
      );
    }
    await sqlExecute(`update project set client_id = ?, updated_at = now() where id = ?`, [target.id, projectId]);
    await sqlExecute(`update import_record set client_id = ? where project_id = ?`, [target.id, projectId]);
    await sqlExecute(`delete from import_workbook where project_id = ?`, [projectId]);
    await sqlExecute(`delete from user_invitation where project_id = ? and accepted_at is null`, [projectId]);
    // Its restore points stay the source client's dumps (its row, its users): withdrawn, not moved (docs/administration.md#project-migration).
    const withdrawn = await withdrawRestorePoints(projectId, sourceId);
    recordAudit({
      userId: user.id,
      action: "project.migrate",
      entityType: "Project",
      entityId: projectId,
      clientId: target.id,
      projectId,
      before: { clientId: sourceId, members: members.map((m) => m.userId) },
      after: { clientId: target.id, ...(withdrawn.length ? { restorePointsWithdrawn: withdrawn } : {}) },
    });
    await em.flush();
    return { message: MIGRATED_MESSAGE, project: { id: projectId, name: project.name }, sourceClientId: sourceId, targetClient: { id: target.id, name: target.name }, membersRemoved: members.length };
  });
}
