import type { IGrievance } from "~db/entities/Grievance";
import { refId } from "~db/entities/refs";
import { instantToZonedLocal } from "~/modules/engagement/zoned-time";

/** A grievance as the record form's strings (edit, and the current values of a stale edit). */
export function grievanceFormStrings(grievance: IGrievance, timeZone: string): Record<string, string> {
  const local = instantToZonedLocal(grievance.receivedAt, timeZone);
  return {
    receivedDate: local.slice(0, 10),
    receivedTime: local.slice(11, 16),
    channel: grievance.channel,
    complainantKind: grievance.complainantKind,
    stakeholderId: grievance.stakeholder ? String(refId(grievance.stakeholder)) : "",
    complainantName: grievance.complainantName ?? "",
    complainantContact: grievance.complainantContact ?? "",
    propertyId: grievance.property ? String(refId(grievance.property)) : "",
    category: grievance.category,
    severity: grievance.severity,
    description: grievance.description,
    ownerId: grievance.owner ? String((grievance.owner as { id: string }).id) : "",
    version: String(grievance.version),
  };
}
