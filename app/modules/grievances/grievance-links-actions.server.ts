import type { ProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { parseApiPayload } from "~/utils/api-payload";
import { attachToGrievance, detachFromGrievance, type GrievanceLinkKind } from "./grievance-links.server";
import { GrievanceDocumentLinkSchema, GrievanceEngagementLinkSchema } from "./link-schemas";
import { grievancePath } from "./urls";

const INTENTS: Record<string, { kind: GrievanceLinkKind; attach: boolean; done: string }> = {
  "attach-engagement": { kind: "engagement", attach: true, done: "Engagement attached." },
  "remove-engagement": { kind: "engagement", attach: false, done: "Engagement removed from the grievance." },
  "attach-document": { kind: "document", attach: true, done: "Document attached." },
  "remove-document": { kind: "document", attach: false, done: "Document removed from the grievance." },
};

export const isLinkIntent = (intent: unknown): boolean => typeof intent === "string" && intent in INTENTS;

/** One id by the kind's schema (the /api's too); a missing or malformed id is a 400 with the field's message. */
export function linkTargetId(kind: GrievanceLinkKind, body: unknown): number {
  return kind === "engagement" ? parseApiPayload(GrievanceEngagementLinkSchema, body).engagementId : parseApiPayload(GrievanceDocumentLinkSchema, body).documentId;
}

/**
 * The grievance page's attach and remove buttons (docs/records.md#grievance-links). Each is its own
 * small POST form; afterwards the page comes back at the attachments with the search cleared. A
 * refused or foreign id is the error page (404/403) and changes nothing.
 */
export async function grievanceLinkAction(request: Request, access: ProjectAccess, grievanceId: number, intent: string, formData: FormData): Promise<Response> {
  const { kind, attach, done } = INTENTS[intent]!;
  const targetId = linkTargetId(kind, Object.fromEntries(formData));
  if (attach) await attachToGrievance(access, grievanceId, kind, targetId);
  else await detachFromGrievance(access, grievanceId, kind, targetId);
  return redirectWithFlash(request, `${grievancePath(grievanceId)}#grievance-links`, { kind: "success", title: "Success!", description: done });
}
