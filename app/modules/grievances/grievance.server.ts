import { OptimisticLockError, type EntityManager } from "@mikro-orm/core";
import { Grievance, type IGrievance } from "~db/entities/Grievance";
import { GrievanceEvent } from "~db/entities/GrievanceEvent";
import type { GrievanceEventKind, GrievanceStage } from "~db/entities/enums";
import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlOne, sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { projectTimeZone } from "~/modules/calendar/today";
import { zonedLocalToInstant } from "~/modules/engagement/zoned-time";
import { AppError, FieldError, StaleEditError } from "~/utils/app-error";
import { dueDatesFor } from "./due-dates";
import { queueAssignmentMail } from "./grievance-reminders.server";
import { grievanceFormStrings } from "./form-values";
import type { GrievanceInput } from "./schemas";

/**
 * Grievances of one project (docs/records.md#grievances): read, create (allocating the reference),
 * edit (refusing stale versions), delete. Stage changes are in grievance-stages.server.ts. Every
 * function takes the caller's ProjectAccess, checks its permission first and scopes every query by
 * the project; every change writes a timeline event and an audit row in the same transaction.
 */
const clientIdOf = (access: ProjectAccess) => refId(access.project.client);

/** A grievance of the project, or 404 (another project's or client's id looks missing). */
export async function getGrievance(access: ProjectAccess, id: number): Promise<IGrievance> {
  requirePermission(access, "viewData");
  const grievance = Number.isSafeInteger(id) && id > 0 ? await db().findOne(Grievance, { id, project: access.project.id }, { populate: ["stakeholder", "property", "owner"] }) : null;
  if (!grievance) throw new AppError(404, "Grievance not found");
  return grievance;
}

/** The owner's user id (users have text ids, so not refId). */
export const ownerIdOf = (grievance: IGrievance): string | null => (grievance.owner ? (grievance.owner as { id: string }).id : null);

const AUDITED = [
  "reference",
  "receivedAt",
  "channel",
  "complainantKind",
  "complainantName",
  "complainantContact",
  "category",
  "severity",
  "description",
  "stage",
  "acknowledgeBy",
  "resolveBy",
  "escalatedAt",
  "referredTo",
  "referredAt",
  "resolution",
  "actionTaken",
  "complainantToldOn",
  "complainantToldHow",
  "complainantAccepted",
] as const;

export function grievanceSnapshot(grievance: IGrievance) {
  const out: Record<string, unknown> = {};
  for (const field of AUDITED) {
    const value = (grievance as Record<string, unknown>)[field] ?? null;
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  out.stakeholderId = grievance.stakeholder ? refId(grievance.stakeholder) : null;
  out.propertyId = grievance.property ? refId(grievance.property) : null;
  out.ownerId = ownerIdOf(grievance);
  return out;
}

/** One timeline event and its audit row, in the caller's unit of work. */
export function recordGrievanceChange(
  em: EntityManager,
  access: ProjectAccess,
  grievance: IGrievance,
  event: { kind: GrievanceEventKind; fromStage?: GrievanceStage | null; toStage?: GrievanceStage | null; note?: string | null },
  audit: { action: string; before: Record<string, unknown> | null },
) {
  em.create(GrievanceEvent, { grievance, by: access.user.id, kind: event.kind, fromStage: event.fromStage ?? null, toStage: event.toStage ?? null, note: event.note ?? null } as never);
  recordAudit({
    userId: access.user.id,
    action: audit.action,
    entityType: "Grievance",
    entityId: grievance.id,
    clientId: clientIdOf(access),
    projectId: access.project.id,
    before: audit.before,
    after: audit.action === "grievance.delete" ? null : grievanceSnapshot(grievance),
  });
}

/** The references a grievance points at must be the project's own (a member, for the owner). */
async function checkReferences(access: ProjectAccess, input: GrievanceInput) {
  const projectId = access.project.id;
  if (input.stakeholderId && !(await sqlOne("select 1 as ok from stakeholder where id = ? and project_id = ?", [input.stakeholderId, projectId]))) {
    throw new FieldError(422, "Select a stakeholder of this project", "stakeholderId");
  }
  if (input.propertyId && !(await sqlOne("select 1 as ok from property where id = ? and project_id = ?", [input.propertyId, projectId]))) {
    throw new FieldError(422, "Select a property of this project", "propertyId");
  }
  if (input.ownerId && !(await sqlOne("select 1 as ok from project_membership where user_id = ? and project_id = ? and is_active", [input.ownerId, projectId]))) {
    throw new FieldError(422, "Select a member of this project as the owner", "ownerId");
  }
}

function receivedInstant(access: ProjectAccess, local: string): Date {
  const instant = zonedLocalToInstant(local, projectTimeZone(access.project.settings));
  if (!instant) throw new FieldError(422, "Received date must be a real date, for example 2026-03-31", "receivedDate");
  return instant;
}

/**
 * The next reference of the project ("G-0001", …). The project's row is locked first, so two saves at
 * once take turns and never pick the same number (the unique index would refuse the second anyway).
 * Without the lock it only says what the next one would be (the public form's honeypot answer).
 */
export async function nextReference(projectId: number, { lock = true }: { lock?: boolean } = {}): Promise<string> {
  if (lock) await sqlRows("select id from project where id = ? for update", [projectId]);
  const row = await sqlOne<{ n: number }>("select coalesce(max(substring(reference from 3)::int), 0)::int + 1 as n from grievance where project_id = ? and reference ~ '^G-[0-9]+$'", [projectId]);
  return `G-${String(row?.n ?? 1).padStart(4, "0")}`;
}

function fieldsOf(input: GrievanceInput, receivedAt: Date) {
  return {
    receivedAt,
    channel: input.channel,
    complainantKind: input.complainantKind,
    stakeholder: input.stakeholderId,
    complainantName: input.complainantName,
    complainantContact: input.complainantContact,
    property: input.propertyId,
    category: input.category,
    severity: input.severity,
    description: input.description,
    owner: input.ownerId,
  };
}

export async function createGrievance(access: ProjectAccess, input: GrievanceInput): Promise<IGrievance> {
  requirePermission(access, "editData");
  const receivedAt = receivedInstant(access, input.receivedLocal);
  return db().transactional(async (em) => {
    await checkReferences(access, input);
    const reference = await nextReference(access.project.id);
    const grievance = em.create(Grievance, {
      ...fieldsOf(input, receivedAt),
      ...dueDatesFor(receivedAt, access.project.settings),
      project: access.project.id,
      reference,
      stage: "received",
      createdBy: access.user.id,
    } as never) as IGrievance;
    await em.flush();
    recordGrievanceChange(em, access, grievance, { kind: "created", toStage: "received" }, { action: "grievance.create", before: null });
    await queueAssignmentMail(em, access, grievance.id, null, input.ownerId);
    return grievance;
  });
}

export const GRIEVANCE_STALE_MESSAGE = "This grievance was changed by someone else after you opened it. The form now shows the current values: check them and save again.";
const stale = (current: IGrievance, access: ProjectAccess) => new StaleEditError(GRIEVANCE_STALE_MESSAGE, grievanceFormStrings(current, projectTimeZone(access.project.settings)));

/** Re-reads the grievance for a stale-edit answer after the ORM's own version check refused a flush. */
export async function staleAnswer(access: ProjectAccess, id: number): Promise<never> {
  db().clear();
  throw stale(await getGrievance(access, id), access);
}

export async function updateGrievance(access: ProjectAccess, id: number, input: GrievanceInput, expectedVersion: number | null = null): Promise<IGrievance> {
  requirePermission(access, "editData");
  const receivedAt = receivedInstant(access, input.receivedLocal);
  try {
    return await db().transactional(async (em) => {
      const grievance = await getGrievance(access, id);
      if (expectedVersion !== null && grievance.version !== expectedVersion) throw stale(grievance, access);
      await checkReferences(access, input);
      const before = grievanceSnapshot(grievance);
      const ownerBefore = ownerIdOf(grievance);
      const receivedChanged = grievance.receivedAt.getTime() !== receivedAt.getTime();
      em.assign(grievance, { ...fieldsOf(input, receivedAt), ...(receivedChanged ? dueDatesFor(receivedAt, access.project.settings) : {}) } as never);
      await em.flush();
      const assigned = ownerBefore !== input.ownerId;
      recordGrievanceChange(
        em,
        access,
        grievance,
        { kind: assigned ? "assigned" : "edited", note: receivedChanged ? "Received date changed: due dates recalculated" : null },
        { action: "grievance.update", before },
      );
      if (assigned) await queueAssignmentMail(em, access, grievance.id, ownerBefore, input.ownerId);
      return grievance;
    });
  } catch (error) {
    if (error instanceof OptimisticLockError) return staleAnswer(access, id);
    throw error;
  }
}

/** Deletes a grievance and its timeline (deleteData); the audit log keeps what it was. */
export async function deleteGrievance(access: ProjectAccess, id: number): Promise<void> {
  requirePermission(access, "deleteData");
  await db().transactional(async (em) => {
    const grievance = await getGrievance(access, id);
    const before = grievanceSnapshot(grievance);
    recordAudit({ userId: access.user.id, action: "grievance.delete", entityType: "Grievance", entityId: id, clientId: clientIdOf(access), projectId: access.project.id, before, after: null });
    em.remove(grievance);
    await em.flush();
  });
}

/** The project's active members, for the owner select (by name). */
export async function grievanceOwnerChoices(access: ProjectAccess) {
  return sqlRows<{ id: string; name: string }>(
    `select u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as name
       from project_membership m join "user" u on u.id = m.user_id where m.project_id = ? and m.is_active order by 2, 1`,
    [access.project.id],
  );
}

/** The timeline of a grievance, oldest first, with who did it. */
export async function grievanceTimeline(access: ProjectAccess, id: number) {
  await getGrievance(access, id);
  return sqlRows<{ id: number; at: string; kind: GrievanceEventKind; fromStage: GrievanceStage | null; toStage: GrievanceStage | null; note: string | null; byName: string }>(
    `select e.id, e.at, e.kind, e.from_stage as "fromStage", e.to_stage as "toStage", e.note,
            coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, 'System') as "byName"
       from grievance_event e left join "user" u on u.id = e.by_id where e.grievance_id = ? order by e.at, e.id`,
    [id],
  );
}
