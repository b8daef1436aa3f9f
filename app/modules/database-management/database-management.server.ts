import { refId } from "~db/entities/refs";
import { db } from "~db/orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { sqlExecute, sqlRows } from "~db/sql.server";
import { deleteCommitment } from "~/modules/commitments/commitment.server";
import { deleteEngagement } from "~/modules/engagement/engagement.server";
import { deleteGrievance } from "~/modules/grievances/grievance.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { deleteProperty } from "~/modules/property/property.server";
import { deleteStakeholder } from "~/modules/stakeholder/stakeholder.server";
import { AppError, FieldError } from "~/utils/app-error";
import { likePattern } from "~/utils/list-query";
import { DANGER_ACTIONS, INVALID_CONFIRMATION_CODE, invalidConfirmationMessage, type DangerAction } from "./danger-zone";
import { createRestorePoint } from "./restore-points.server";
import { MIN_SEARCH_LENGTH, type RecordType } from "./schemas";
import { log } from "~/utils/log.server";
import { asFailure } from "~/utils/failure.server";

/**
 * Database Management (docs/administration.md#database-management): statistics, record search and delete, and the
 * Danger Zone. Each function checks what it needs first: the screen (system_admin, client_owner,
 * director, project_manager), deleteData for record maintenance, the Danger Zone's two roles.
 */

/** The screen's and the Danger Zone's refusals (requirePermission), listed in the project's activity as well. */
export const SCREEN_REFUSALS = {
  databaseManagement: { message: "You do not have permission to manage the database", inActivity: true },
  dangerZone: { message: "Only system administrators and client owners can use the Danger Zone", inActivity: true },
} as const;

export interface DatabaseStats {
  totalStakeholders: number;
  totalProperties: number;
  totalEngagements: number;
}

/** GET /api/database/stats and the screen's cards. */
export async function databaseStats(access: ProjectAccess): Promise<DatabaseStats> {
  requirePermission(access, "databaseManagement", SCREEN_REFUSALS.databaseManagement);
  const [row] = await sqlRows<{ s: number; p: number; e: number }>(
    `select (select count(*)::int from stakeholder where project_id = ?) as s,
              (select count(*)::int from property where project_id = ?) as p,
              (select count(*)::int from engagement where project_id = ?) as e`,
    [access.project.id, access.project.id, access.project.id],
  );
  return { totalStakeholders: row?.s ?? 0, totalProperties: row?.p ?? 0, totalEngagements: row?.e ?? 0 };
}

export type RecordRow =
  | { type: "stakeholders"; id: number; name: string; email: string | null; memberType: string | null }
  | { type: "properties"; id: number; address: string; volume: string | null; folio: string | null; lot: string | null; plan: string | null }
  | { type: "engagements"; id: number; title: string; engagementType: string; scheduledAt: string | null }
  | { type: "grievances"; id: number; reference: string; complainant: string | null; stage: string }
  | { type: "commitments"; id: number; description: string; status: string; dueDate: string | null };

export const SEARCH_LIMIT = 50;

/** Each type's columns (docs/administration.md#record-search), the text it matches, and its order. */
const SEARCH_SQL: Record<RecordType, { select: string; match: string[]; order: string }> = {
  stakeholders: {
    select: `select 'stakeholders' as type, id, name, coalesce(nullif(email, ''), nullif(email2, '')) as email, member_type as "memberType", count(*) over ()::int as total from stakeholder`,
    match: ["name", "email", "email2"],
    order: "name, id",
  },
  properties: {
    select: `select 'properties' as type, id, address, volume, folio, lot, plan_number as plan, count(*) over ()::int as total from property`,
    match: ["address", "volume", "folio", "lot_plan_line"],
    order: "address, id",
  },
  engagements: {
    select: `select 'engagements' as type, id, subject as title, type as "engagementType", scheduled_at as "scheduledAt", count(*) over ()::int as total from engagement`,
    match: ["subject", "location"],
    order: "coalesce(scheduled_at, created_at) desc, id desc",
  },
  // The complainant is the linked stakeholder's name or the free name (docs/records.md#grievance-list).
  grievances: {
    select: `select 'grievances' as type, id, reference, complainant, stage, count(*) over ()::int as total
               from (select g.*, coalesce(s.name, g.complainant_name) as complainant from grievance g left join stakeholder s on s.id = g.stakeholder_id) g`,
    match: ["reference", "complainant", "description"],
    order: "received_at desc, id desc",
  },
  commitments: {
    select: `select 'commitments' as type, id, description, status, to_char(due_date, 'YYYY-MM-DD') as "dueDate", count(*) over ()::int as total from commitment`,
    match: ["description"],
    order: "promised_on desc, id desc",
  },
};

type SearchRow = RecordRow & { total: number };

function toRecordRow({ total: _total, ...row }: SearchRow): RecordRow {
  if (row.type === "engagements") return { ...row, scheduledAt: row.scheduledAt ? new Date(row.scheduledAt).toISOString() : null };
  return row;
}

/** Individual Record Management's search (deleteData): at most SEARCH_LIMIT rows and how many match. */
export async function searchRecords(access: ProjectAccess, type: RecordType, term: string): Promise<{ rows: RecordRow[]; total: number }> {
  requirePermission(access, "deleteData");
  if (term.length < MIN_SEARCH_LENGTH) return { rows: [], total: 0 };
  const { select, match, order } = SEARCH_SQL[type];
  const pattern = likePattern(term);
  const rows = await sqlRows<SearchRow>(`${select} where project_id = ? and (${match.map((c) => `${c} ilike ?`).join(" or ")}) order by ${order} limit ?`, [
    access.project.id,
    ...match.map(() => pattern),
    SEARCH_LIMIT,
  ]);
  return { total: rows[0]?.total ?? 0, rows: rows.map(toRecordRow) };
}

const NOT_FOUND: Record<RecordType, string> = {
  stakeholders: "Stakeholder not found",
  properties: "Property not found",
  engagements: "Interaction not found",
  grievances: "Grievance not found",
  commitments: "Commitment not found",
};

/** One record of the search, for its delete confirmation; another project's or client's id is 404. */
export async function getRecordRow(access: ProjectAccess, type: RecordType, id: number | null): Promise<RecordRow> {
  requirePermission(access, "deleteData");
  const rows = id ? await sqlRows<SearchRow>(`${SEARCH_SQL[type].select} where project_id = ? and id = ?`, [access.project.id, id]) : [];
  if (!rows[0]) throw new AppError(404, NOT_FOUND[type]);
  return toRecordRow(rows[0]);
}

export const DELETE_RECORD_FAILED = "Failed to delete record";

/**
 * Deletes one record through its own module (the same function as DELETE /api/{recordType}/{id}). A
 * refusal keeps its message; a failure is "Failed to delete record" and deletes nothing (each module
 * deletes in one transaction).
 */
export async function deleteRecord(access: ProjectAccess, type: RecordType, id: number | null): Promise<void> {
  requirePermission(access, "deleteData");
  try {
    if (type === "stakeholders") return await deleteStakeholder(access, id);
    if (type === "engagements") return await deleteEngagement(access, id);
    if (!id) throw new AppError(404, NOT_FOUND[type]);
    if (type === "grievances") return await deleteGrievance(access, id);
    if (type === "commitments") return await deleteCommitment(access, id);
    return await deleteProperty(access, id);
  } catch (error) {
    throw asFailure(error, DELETE_RECORD_FAILED, { component: "database-management", code: "DELETE_FAILED", recordType: type });
  }
}

export function recordLabel(row: RecordRow): string {
  if (row.type === "stakeholders") return row.name;
  if (row.type === "properties") return row.address;
  if (row.type === "grievances") return row.reference;
  if (row.type === "commitments") return row.description;
  return row.title;
}

/** What each action deletes, in one transaction; reset keeps the project, its members, templates and forms. */
const DANGER_SQL: Record<DangerAction, string[]> = {
  "delete-all-stakeholders": ["delete from stakeholder where project_id = ?"],
  "delete-all-properties": ["delete from property where project_id = ?"],
  "delete-all-engagements": ["delete from engagement where project_id = ?"],
  "reset-project": [
    // The grievance register and commitments are records too (their timelines and links cascade).
    "delete from grievance where project_id = ?",
    "delete from commitment where project_id = ?",
    "delete from document where project_id = ?",
    "delete from community_project where project_id = ?",
    "delete from engagement where project_id = ?",
    "delete from stakeholder_property where project_id = ?",
    "delete from property where project_id = ?",
    "delete from stakeholder where project_id = ?",
    "delete from import_record where project_id = ?",
  ],
  "delete-project": ["delete from project where id = ?"],
};

export interface DangerResult {
  action: DangerAction;
  title: string;
  message: string;
  restorePointId: number;
}

function plural(n: number, word: string) {
  return `${n.toLocaleString("en-AU")} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * A Danger Zone action (system_admin and client_owner only). The typed text must be the action's
 * exact confirmation, else 400 'Invalid Confirmation: ...' and nothing happens. A delete-all of
 * nothing is refused (409) as the disabled button would. A restore point is saved first; then the
 * rows go in one transaction with an audit row.
 */
export async function runDangerAction(access: ProjectAccess, action: DangerAction, confirmation: unknown): Promise<DangerResult> {
  requirePermission(access, "dangerZone", SCREEN_REFUSALS.dangerZone);
  const info = DANGER_ACTIONS[action];
  if (typeof confirmation !== "string" || confirmation.trim() !== info.confirmation) throw new FieldError(400, invalidConfirmationMessage(action), "confirmation", INVALID_CONFIRMATION_CODE);
  const before = await databaseStats(access);
  const counted = info.counts ? { stakeholders: before.totalStakeholders, properties: before.totalProperties, engagements: before.totalEngagements }[info.counts] : null;
  if (counted === 0) throw new AppError(409, `There are no ${info.counts} to delete`, "NOTHING_TO_DELETE");
  const point = await createRestorePoint(access, action);
  const projectId = access.project.id;
  const clientId = refId(access.project.client);
  try {
    await db().transactional(async () => {
      for (const sql of DANGER_SQL[action]) await sqlExecute(sql, [projectId]);
      recordAudit({
        userId: access.user.id,
        clientId,
        // The project row is gone after delete-project: the audit keeps its id as the entity instead.
        projectId: action === "delete-project" ? null : projectId,
        action: `database.${action}`,
        entityType: "Project",
        entityId: projectId,
        before: { ...before, projectName: access.project.name },
        after: { restorePointId: point.id },
      });
    });
  } catch (error) {
    log.error({ component: "database-management", action, err: error }, "Database action failed");
    throw new AppError(500, info.failure);
  }
  const message = {
    "delete-all-stakeholders": `Deleted ${plural(before.totalStakeholders, "stakeholder")} and their interactions.`,
    "delete-all-properties": `Deleted ${plural(before.totalProperties, "property").replace("propertys", "properties")}.`,
    "delete-all-engagements": `Deleted ${plural(before.totalEngagements, "engagement")}.`,
    "reset-project": `Deleted ${plural(before.totalStakeholders, "stakeholder")}, ${plural(before.totalProperties, "property").replace("propertys", "properties")} and ${plural(before.totalEngagements, "engagement")}.`,
    "delete-project": `Project "${access.project.name}" was deleted.`,
  }[action];
  return { action, title: info.successTitle, message: `${message} A restore point was saved first.`, restorePointId: point.id };
}
