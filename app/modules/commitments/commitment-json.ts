import type { ICommitment } from "~db/entities/Commitment";
import { calendarDateOf, refIdOrNull } from "~db/entities/refs";
import { todayForProject } from "~/modules/calendar/today";
import { dueBadge } from "./rules";

/** The /api shape of a commitment (docs/records.md#commitments): ids for relations, dates as 'YYYY-MM-DD'. */
export function commitmentToJson(c: ICommitment, links: { stakeholderIds: number[]; propertyIds: number[] }, project: { settings?: unknown }) {
  const dueDate = calendarDateOf(c.dueDate);
  return {
    id: c.id,
    projectId: refIdOrNull(c.project),
    description: c.description,
    promisedOn: calendarDateOf(c.promisedOn),
    dueDate,
    ownerId: c.owner ? (c.owner as { id: string }).id : null,
    engagementId: refIdOrNull(c.engagement),
    grievanceId: refIdOrNull(c.grievance),
    status: c.status,
    cancellationReason: c.cancellationReason ?? null,
    evidenceNote: c.evidenceNote ?? null,
    evidenceDocumentId: refIdOrNull(c.evidenceDocument),
    fulfilledOn: calendarDateOf(c.fulfilledOn),
    stakeholderIds: links.stakeholderIds,
    propertyIds: links.propertyIds,
    badge: dueBadge(c.status, dueDate, todayForProject(project)),
    version: c.version,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}
