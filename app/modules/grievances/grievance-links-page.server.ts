import type { ProjectAccess } from "~/modules/access/project-access.server";
import { recordCommitments } from "~/modules/commitments/commitment-list.server";
import type { CalendarDate } from "~/modules/calendar/today";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";
import { GRIEVANCE_FIND_PARAMS as FIND_PARAMS } from "./link-schemas";
import { findAttachable, grievanceAttachments, type AttachedDocument, type AttachedEngagement } from "./grievance-links.server";

/**
 * The links section of /grievances/{id} (docs/records.md#grievance-links): the commitments made from
 * the grievance, the attached engagements and documents, and, for an editor who searched, the matches.
 */
export async function loadGrievanceLinks(access: ProjectAccess, grievanceId: number, url: URL, canEdit: boolean, today: CalendarDate) {
  const find = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const finds = { engagement: canEdit ? find(FIND_PARAMS.engagement) : "", document: canEdit ? find(FIND_PARAMS.document) : "" };
  const [commitments, attached, engagementMatches, documentMatches] = await Promise.all([
    recordCommitments(access, { grievanceId }, today, 50),
    grievanceAttachments(access, grievanceId),
    findAttachable(access, grievanceId, "engagement", finds.engagement),
    findAttachable(access, grievanceId, "document", finds.document),
  ]);
  return {
    commitments,
    engagements: attached.engagements,
    documents: attached.documents,
    finds,
    matches: { engagements: engagementMatches as AttachedEngagement[], documents: documentMatches as AttachedDocument[] },
  };
}

export type GrievanceLinksData = Awaited<ReturnType<typeof loadGrievanceLinks>>;
