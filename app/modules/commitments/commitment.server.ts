import { OptimisticLockError } from "@mikro-orm/core";
import { Commitment, CommitmentProperty, CommitmentStakeholder, type ICommitment } from "~db/entities/Commitment";
import { calendarDateOf, refId, refIdOrNull } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError, FieldError, StaleEditError } from "~/utils/app-error";
import { todayForProject } from "~/modules/calendar/today";
import { applyTransition, type CommitmentTransition } from "./rules";
import type { CommitmentInput, CommitmentStatusInput } from "./schemas";

/**
 * Commitments of one project (docs/records.md#commitments): get, create, update, status changes,
 * delete. Each write checks its permission first and runs in one transaction, so a refused or
 * failed save changes nothing; every id it is given (stakeholder, property, engagement, owner,
 * document) must belong to the caller's project.
 */
export const NOT_FOUND = "Commitment not found";
export const STALE_MESSAGE = "This commitment was changed by someone else after you opened it. The form now shows the current values: check them and save again.";

const clientIdOf = (access: ProjectAccess) => refId(access.project.client);

/** A commitment of the project, or 404 (another project's or client's id looks missing). */
export async function getCommitment(access: ProjectAccess, id: number): Promise<ICommitment> {
  requirePermission(access, "viewData");
  const found = Number.isSafeInteger(id) && id > 0 ? await db().findOne(Commitment, { id, project: access.project.id }) : null;
  if (!found) throw new AppError(404, NOT_FOUND);
  return found;
}

/** The ids linked to a commitment: its stakeholders and properties. */
export async function commitmentLinks(access: ProjectAccess, id: number) {
  const rows = await sqlRows<{ kind: "s" | "p"; id: number }>(
    `select 's' as kind, stakeholder_id as id from commitment_stakeholder where project_id = ? and commitment_id = ?
     union all select 'p', property_id from commitment_property where project_id = ? and commitment_id = ?`,
    [access.project.id, id, access.project.id, id],
  );
  return { stakeholderIds: rows.filter((r) => r.kind === "s").map((r) => Number(r.id)), propertyIds: rows.filter((r) => r.kind === "p").map((r) => Number(r.id)) };
}

/** The form's values as strings (edit panel, stale edit). */
export async function commitmentFormStrings(access: ProjectAccess, c: ICommitment): Promise<Record<string, string>> {
  const links = await commitmentLinks(access, c.id);
  return {
    id: String(c.id),
    description: c.description,
    promisedOn: calendarDateOf(c.promisedOn) ?? "",
    dueDate: calendarDateOf(c.dueDate) ?? "",
    ownerId: c.owner ? String((c.owner as { id: string }).id) : "",
    engagementId: String(refIdOrNull(c.engagement) ?? ""),
    grievanceId: String(refIdOrNull(c.grievance) ?? ""),
    stakeholderIds: links.stakeholderIds.join(","),
    propertyIds: links.propertyIds.join(","),
    version: String(c.version),
  };
}

function snapshot(c: ICommitment, links?: { stakeholderIds: number[]; propertyIds: number[] }) {
  return {
    description: c.description,
    promisedOn: calendarDateOf(c.promisedOn),
    dueDate: calendarDateOf(c.dueDate),
    ownerId: c.owner ? (c.owner as { id: string }).id : null,
    engagementId: refIdOrNull(c.engagement),
    grievanceId: refIdOrNull(c.grievance),
    status: c.status,
    cancellationReason: c.cancellationReason ?? null,
    evidenceNote: c.evidenceNote ?? null,
    evidenceDocumentId: refIdOrNull(c.evidenceDocument),
    fulfilledOn: calendarDateOf(c.fulfilledOn),
    ...(links ?? {}),
  };
}

const countIn = async (table: string, projectId: number, ids: number[]) =>
  ids.length ? Number((await sqlRows<{ n: number }>(`select count(*)::int as n from ${table} where project_id = ? and id = any(?::int[])`, [projectId, `{${ids.join(",")}}`]))[0]?.n ?? 0) : 0;

/** Every id the input names must be the project's (another's looks missing: 404); a member must own it (docs/records.md#commitments). */
async function checkReferences(access: ProjectAccess, input: CommitmentInput) {
  const projectId = access.project.id;
  const stakeholderIds = [...new Set(input.stakeholderIds)];
  const propertyIds = [...new Set(input.propertyIds)];
  if ((await countIn("stakeholder", projectId, stakeholderIds)) !== stakeholderIds.length) throw new FieldError(404, "Stakeholder not found", "stakeholderIds");
  if ((await countIn("property", projectId, propertyIds)) !== propertyIds.length) throw new FieldError(404, "Property not found", "propertyIds");
  if (input.engagementId && (await countIn("engagement", projectId, [input.engagementId])) !== 1) throw new FieldError(404, "Engagement not found", "engagementId");
  if (input.grievanceId && (await countIn("grievance", projectId, [input.grievanceId])) !== 1) throw new FieldError(404, "Grievance not found", "grievanceId");
  if (input.ownerId && !(await ownerChoices(access)).some((o) => o.id === input.ownerId)) throw new FieldError(400, "The owner must be a member of this project", "ownerId");
  return { stakeholderIds, propertyIds };
}

/** Who may own a commitment: the project's active members and its client's owners and directors. */
export async function ownerChoices(access: ProjectAccess): Promise<{ id: string; name: string }[]> {
  const rows = await sqlRows<{ id: string; name: string }>(
    `select u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as name from "user" u
     where u.deleted_at is null and u.is_active and (exists (select 1 from project_membership m where m.user_id = u.id and m.project_id = ? and m.is_active)
        or (u.client_id = ? and u.system_role in ('client_owner', 'director')))
     order by 2, 1 limit 500`,
    [access.project.id, clientIdOf(access)],
  );
  return rows;
}

async function writeLinks(access: ProjectAccess, commitmentId: number, links: { stakeholderIds: number[]; propertyIds: number[] }) {
  const em = db();
  await em.nativeDelete(CommitmentStakeholder, { commitment: commitmentId, project: access.project.id });
  await em.nativeDelete(CommitmentProperty, { commitment: commitmentId, project: access.project.id });
  for (const stakeholder of links.stakeholderIds) em.create(CommitmentStakeholder, { commitment: commitmentId, stakeholder, project: access.project.id } as never);
  for (const property of links.propertyIds) em.create(CommitmentProperty, { commitment: commitmentId, property, project: access.project.id } as never);
  await em.flush();
}

const audit = (access: ProjectAccess, action: string, id: number, before: unknown, after: unknown) =>
  recordAudit({ userId: access.user.id, action, entityType: "Commitment", entityId: id, clientId: clientIdOf(access), projectId: access.project.id, before, after });

export async function createCommitment(access: ProjectAccess, input: CommitmentInput): Promise<ICommitment> {
  requirePermission(access, "editData");
  return db().transactional(async (em) => {
    const links = await checkReferences(access, input);
    const c = em.create(Commitment, {
      project: access.project.id,
      description: input.description,
      promisedOn: input.promisedOn,
      dueDate: input.dueDate,
      owner: input.ownerId,
      engagement: input.engagementId,
      grievance: input.grievanceId ?? null,
      status: "open",
      createdBy: access.user.id,
    } as never) as ICommitment;
    await em.flush();
    await writeLinks(access, c.id, links);
    audit(access, "commitment.create", c.id, null, snapshot(c, links));
    return c;
  });
}

async function staleError(access: ProjectAccess, id: number) {
  db().clear();
  return new StaleEditError(STALE_MESSAGE, await commitmentFormStrings(access, await getCommitment(access, id)));
}

async function guarded<T>(access: ProjectAccess, id: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OptimisticLockError) throw await staleError(access, id);
    throw error;
  }
}

export async function updateCommitment(access: ProjectAccess, id: number, input: CommitmentInput): Promise<ICommitment> {
  requirePermission(access, "editData");
  return guarded(access, id, () =>
    db().transactional(async (em) => {
      const c = await getCommitment(access, id);
      if (input.version !== null && c.version !== input.version) throw await staleError(access, id);
      const before = snapshot(c, await commitmentLinks(access, id));
      const links = await checkReferences(access, input);
      em.assign(c, {
        description: input.description,
        promisedOn: input.promisedOn,
        dueDate: input.dueDate,
        owner: input.ownerId,
        engagement: input.engagementId,
        grievance: input.grievanceId ?? null,
      } as never);
      await writeLinks(access, id, links);
      c.updatedAt = new Date();
      await em.flush();
      audit(access, "commitment.update", id, before, snapshot(c, links));
      return c;
    }),
  );
}

/** Start, fulfil (evidence note required), cancel (reason required) or reopen (docs/records.md#commitments). */
export async function changeCommitmentStatus(access: ProjectAccess, id: number, input: CommitmentStatusInput): Promise<ICommitment> {
  requirePermission(access, "editData");
  return guarded(access, id, () =>
    db().transactional(async (em) => {
      const c = await getCommitment(access, id);
      if (input.version !== null && c.version !== input.version) throw await staleError(access, id);
      const result = applyTransition(c.status, input.transition as CommitmentTransition, input);
      if (!result.ok) throw result.field ? new FieldError(400, result.message, result.field) : new AppError(409, result.message);
      if (input.transition === "fulfil" && input.evidenceDocumentId && (await countIn("document", access.project.id, [input.evidenceDocumentId])) !== 1)
        throw new FieldError(404, "Document not found", "evidenceDocumentId");
      const before = snapshot(c);
      const fulfilled = input.transition === "fulfil";
      em.assign(c, {
        status: result.status,
        evidenceNote: fulfilled ? input.evidenceNote : input.transition === "reopen" ? null : c.evidenceNote,
        evidenceDocument: fulfilled ? input.evidenceDocumentId : input.transition === "reopen" ? null : c.evidenceDocument,
        fulfilledOn: fulfilled ? (input.fulfilledOn ?? todayForProject(access.project)) : input.transition === "reopen" ? null : c.fulfilledOn,
        cancellationReason: input.transition === "cancel" ? input.cancellationReason : input.transition === "reopen" ? null : c.cancellationReason,
      } as never);
      await em.flush();
      audit(access, `commitment.${input.transition}`, id, before, snapshot(c));
      return c;
    }),
  );
}

export async function deleteCommitment(access: ProjectAccess, id: number): Promise<void> {
  requirePermission(access, "deleteData");
  await db().transactional(async (em) => {
    const c = await getCommitment(access, id);
    const before = snapshot(c, await commitmentLinks(access, id));
    em.remove(c);
    await em.flush();
    audit(access, "commitment.delete", id, before, null);
  });
}
