import type { IGrievance } from "~db/entities/Grievance";
import { calendarDateOf, refIdOrNull } from "~db/entities/refs";
import type { GrievanceStage } from "~db/entities/enums";

const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** A grievance as the /api routes answer it (docs/records.md#grievances). */
export function grievanceToJson(g: IGrievance) {
  const stakeholder = g.stakeholder as { id: number; name?: string } | null;
  return {
    id: g.id,
    projectId: refIdOrNull(g.project),
    reference: g.reference,
    receivedAt: iso(g.receivedAt),
    channel: g.channel,
    complainantKind: g.complainantKind,
    stakeholderId: stakeholder ? stakeholder.id : null,
    stakeholderName: stakeholder?.name ?? null,
    complainantName: g.complainantName ?? null,
    complainantContact: g.complainantContact ?? null,
    propertyId: refIdOrNull(g.property),
    category: g.category,
    severity: g.severity,
    description: g.description,
    ownerId: g.owner ? (g.owner as { id: string }).id : null,
    stage: g.stage as GrievanceStage,
    countedReceivedOn: calendarDateOf(g.countedReceivedOn),
    acknowledgeBy: calendarDateOf(g.acknowledgeBy),
    resolveBy: calendarDateOf(g.resolveBy),
    acknowledgedAt: iso(g.acknowledgedAt),
    resolvedAt: iso(g.resolvedAt),
    closedAt: iso(g.closedAt),
    escalatedAt: iso(g.escalatedAt),
    escalationNote: g.escalationNote ?? null,
    referredTo: g.referredTo ?? null,
    referredAt: calendarDateOf(g.referredAt),
    resolution: g.resolution ?? null,
    actionTaken: g.actionTaken ?? null,
    complainantToldOn: calendarDateOf(g.complainantToldOn),
    complainantToldHow: g.complainantToldHow ?? null,
    complainantAccepted: g.complainantAccepted ?? null,
    version: g.version,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
  };
}
