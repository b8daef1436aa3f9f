import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { sqlRows } from "~db/sql.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { likePattern } from "~/utils/list-query";
import { getGrievance } from "./grievance.server";

/**
 * Engagements and documents attached to a grievance (docs/records.md#grievance-links). Both must be
 * the grievance's project's own: another project's or client's id looks missing (404), like the
 * grievance itself. Attaching twice changes nothing; removing what is not attached is 404.
 */
export type GrievanceLinkKind = "engagement" | "document";

const LINKS = {
  engagement: { table: "grievance_engagement", column: "engagement_id", target: "engagement", label: "Engagement" },
  document: { table: "grievance_document", column: "document_id", target: "document", label: "Document" },
} as const;

export const FIND_LIMIT = 20;
const LIST_LIMIT = 100;

const audit = (access: ProjectAccess, action: string, grievanceId: number, before: unknown, after: unknown) =>
  recordAudit({ userId: access.user.id, action, entityType: "Grievance", entityId: grievanceId, clientId: refId(access.project.client), projectId: access.project.id, before, after });

/** Attaches one of the project's engagements or documents to one of its grievances. */
export async function attachToGrievance(access: ProjectAccess, grievanceId: number, kind: GrievanceLinkKind, targetId: number): Promise<void> {
  requirePermission(access, "editData");
  const link = LINKS[kind];
  await db().transactional(async () => {
    await getGrievance(access, grievanceId);
    const [found] = await sqlRows<{ id: number }>(`select id from ${link.target} where project_id = ? and id = ?`, [access.project.id, targetId]);
    if (!found) throw new AppError(404, `${link.label} not found`);
    const added = await sqlRows<{ id: number }>(
      `insert into ${link.table} (grievance_id, ${link.column}, project_id) values (?, ?, ?) on conflict (grievance_id, ${link.column}) do nothing returning id`,
      [grievanceId, targetId, access.project.id],
    );
    if (added.length) audit(access, `grievance.attach_${kind}`, grievanceId, null, { [`${kind}Id`]: targetId });
  });
}

/** Removes an attached engagement or document (the record itself stays). */
export async function detachFromGrievance(access: ProjectAccess, grievanceId: number, kind: GrievanceLinkKind, targetId: number): Promise<void> {
  requirePermission(access, "editData");
  const link = LINKS[kind];
  await db().transactional(async () => {
    await getGrievance(access, grievanceId);
    const removed = await sqlRows<{ id: number }>(`delete from ${link.table} where project_id = ? and grievance_id = ? and ${link.column} = ? returning id`, [
      access.project.id,
      grievanceId,
      targetId,
    ]);
    if (!removed.length) throw new AppError(404, `${link.label} not attached to this grievance`);
    audit(access, `grievance.detach_${kind}`, grievanceId, { [`${kind}Id`]: targetId }, null);
  });
}

export interface AttachedEngagement {
  id: number;
  subject: string;
  stakeholderName: string;
  on: string;
}

export interface AttachedDocument {
  id: number;
  name: string;
}

const ENGAGEMENT_COLUMNS = `e.id, e.subject, s.name as "stakeholderName", to_char(coalesce(e.completed_at, e.scheduled_at, e.created_at), 'YYYY-MM-DD') as "on"`;

/** What is attached to a grievance, newest first (at most LIST_LIMIT of each). */
export async function grievanceAttachments(access: ProjectAccess, grievanceId: number): Promise<{ engagements: AttachedEngagement[]; documents: AttachedDocument[] }> {
  requirePermission(access, "viewData");
  const [engagements, documents] = await Promise.all([
    sqlRows<AttachedEngagement>(
      `select ${ENGAGEMENT_COLUMNS} from grievance_engagement ge join engagement e on e.id = ge.engagement_id join stakeholder s on s.id = e.stakeholder_id
       where ge.project_id = ? and ge.grievance_id = ? order by coalesce(e.completed_at, e.scheduled_at, e.created_at) desc, e.id desc limit ?`,
      [access.project.id, grievanceId, LIST_LIMIT],
    ),
    sqlRows<AttachedDocument>(
      `select d.id, d.original_file_name as name from grievance_document gd join document d on d.id = gd.document_id
       where gd.project_id = ? and gd.grievance_id = ? order by d.created_at desc, d.id desc limit ?`,
      [access.project.id, grievanceId, LIST_LIMIT],
    ),
  ]);
  return { engagements: engagements.map((e) => ({ ...e, id: Number(e.id) })), documents: documents.map((d) => ({ ...d, id: Number(d.id) })) };
}

/**
 * The search-then-pick of the grievance page: up to FIND_LIMIT of the project's engagements (by
 * subject or stakeholder name) or documents (by file name or description) that match the text and
 * are not attached yet. Blank text finds nothing, so the page never lists every record.
 */
export async function findAttachable(access: ProjectAccess, grievanceId: number, kind: GrievanceLinkKind, text: string): Promise<(AttachedEngagement | AttachedDocument)[]> {
  requirePermission(access, "viewData");
  if (!text) return [];
  const pattern = likePattern(text);
  if (kind === "engagement") {
    const rows = await sqlRows<AttachedEngagement>(
      `select ${ENGAGEMENT_COLUMNS} from engagement e join stakeholder s on s.id = e.stakeholder_id
       where e.project_id = ? and (e.subject ilike ? or s.name ilike ?)
         and not exists (select 1 from grievance_engagement ge where ge.grievance_id = ? and ge.engagement_id = e.id)
       order by coalesce(e.completed_at, e.scheduled_at, e.created_at) desc, e.id desc limit ?`,
      [access.project.id, pattern, pattern, grievanceId, FIND_LIMIT],
    );
    return rows.map((e) => ({ ...e, id: Number(e.id) }));
  }
  const rows = await sqlRows<AttachedDocument>(
    `select d.id, d.original_file_name as name from document d
     where d.project_id = ? and (d.original_file_name ilike ? or d.description ilike ?)
       and not exists (select 1 from grievance_document gd where gd.grievance_id = ? and gd.document_id = d.id)
     order by d.created_at desc, d.id desc limit ?`,
    [access.project.id, pattern, pattern, grievanceId, FIND_LIMIT],
  );
  return rows.map((d) => ({ ...d, id: Number(d.id) }));
}
