import { raw } from "@mikro-orm/core";
import { Engagement, type IEngagement } from "~db/entities/Engagement";
import { Stakeholder } from "~db/entities/Stakeholder";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import type { EngagementInput } from "./schemas";
import { refId } from "~db/entities/refs";

/** Engagements with a project's stakeholders (the screens call them interactions). */
const iso = (value: Date | null | undefined) => (value instanceof Date ? value.toISOString() : (value ?? null));

export function engagementToJson(e: IEngagement) {
  return {
    id: e.id,
    projectId: refId(e.project),
    stakeholderId: refId(e.stakeholder),
    userId: (e.user as { id?: string } | null)?.id ?? null,
    type: e.type,
    subject: e.subject,
    location: e.location ?? null,
    attendees: e.attendees ?? [],
    keyTopics: e.keyTopics ?? [],
    outcomes: e.outcomes ?? null,
    followUpRequired: e.followUpRequired === true,
    followUpDate: iso(e.followUpDate),
    notes: e.notes ?? null,
    timezone: e.timezone,
    scheduledAt: iso(e.scheduledAt),
    completedAt: iso(e.completedAt),
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
  };
}

export type EngagementJson = ReturnType<typeof engagementToJson>;

async function requireStakeholder(access: ProjectAccess, stakeholderId: number | null) {
  const stakeholder = stakeholderId ? await db().findOne(Stakeholder, { id: stakeholderId, project: access.project.id }) : null;
  if (!stakeholder) throw new AppError(404, "Stakeholder not found");
  return stakeholder;
}

/** Records an engagement and moves the stakeholder's last contact forward when it is newer. */
export async function recordEngagement(access: ProjectAccess, stakeholderId: number | null, input: EngagementInput): Promise<IEngagement> {
  requirePermission(access, "editData");
  return db().transactional(async (em) => {
    const stakeholder = await requireStakeholder(access, stakeholderId);
    const engagement = em.create(Engagement, {
      ...input,
      project: access.project.id,
      stakeholder: stakeholder.id,
      user: access.user.id,
      attendees: [],
      keyTopics: [],
    } as never);
    const contact = input.completedAt;
    if (contact && contact.getTime() <= Date.now() && (!stakeholder.lastContact || stakeholder.lastContact < contact)) stakeholder.lastContact = contact;
    await em.flush();
    recordAudit({
      userId: access.user.id,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      entityType: "Engagement",
      entityId: engagement.id,
      action: "engagement.create",
      before: null,
      after: engagementToJson(engagement),
    });
    return engagement;
  });
}

/** A stakeholder's engagements, newest first (by when it happened, else when it is scheduled). */
export async function listEngagements(access: ProjectAccess, stakeholderId: number | null, { limit = 50, offset = 0 } = {}) {
  requirePermission(access, "viewData");
  const stakeholder = await requireStakeholder(access, stakeholderId);
  const [rows, total] = await db().findAndCount(
    Engagement,
    { project: access.project.id, stakeholder: stakeholder.id },
    {
      orderBy: [{ [raw((a: string) => `coalesce(${a}.completed_at, ${a}.scheduled_at, ${a}.created_at)`)]: "desc" }, { id: "desc" }] as never,
      limit,
      offset,
    },
  );
  return { stakeholder, rows, total };
}

export async function deleteEngagement(access: ProjectAccess, id: number | null): Promise<void> {
  requirePermission(access, "deleteData");
  await db().transactional(async (em) => {
    const engagement = id ? await em.findOne(Engagement, { id, project: access.project.id }) : null;
    if (!engagement) throw new AppError(404, "Interaction not found");
    recordAudit({
      userId: access.user.id,
      clientId: refId(access.project.client),
      projectId: access.project.id,
      entityType: "Engagement",
      entityId: engagement.id,
      action: "engagement.delete",
      before: engagementToJson(engagement),
      after: null,
    });
    em.remove(engagement);
  });
}
