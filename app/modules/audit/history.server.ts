import { sqlRows } from "~db/sql.server";
import { auditChanges, type FieldChange } from "~/modules/audit/changes";

/**
 * The project's audit log made visible (docs/administration.md#history): the Activity view of Database
 * Management (filtered by user, record type and date range, paginated) and the History of one
 * stakeholder or property. Access is the caller's: the Activity view needs the screen, a record's
 * History needs only to see the record.
 */
/** The project whose rows are read: audit sits below project, so it asks only for the id it filters on. */
type ProjectScope = { project: { id: number } };

export const ACTIVITY_PAGE_SIZE = 25;
export const ACTIVITY_RECORD_TYPES = ["Stakeholder", "Property", "Engagement", "Grievance", "Commitment", "Document", "Template", "Project", "ImportRecord"] as const;

export interface ActivityFilter {
  userId: string | null;
  recordType: string | null;
  from: string | null;
  to: string | null;
}

export interface ActivityRow {
  id: number;
  createdAt: string;
  userName: string;
  action: string;
  entityType: string | null;
  entityId: string | null;
  changes: FieldChange[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A filter from the URL: unknown record types and malformed dates are ignored (a hand-edited URL). */
export function activityFilterFrom(params: URLSearchParams): ActivityFilter {
  const text = (name: string) => params.get(name)?.trim() || null;
  const date = (name: string) => {
    const value = text(name);
    return value && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
  };
  const recordType = text("type");
  return {
    userId: text("user")?.slice(0, 100) ?? null,
    recordType: recordType && (ACTIVITY_RECORD_TYPES as readonly string[]).includes(recordType) ? recordType : null,
    from: date("from"),
    to: date("to"),
  };
}

interface AuditSqlRow {
  id: number;
  created_at: Date | string;
  user_name: string | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  total: number;
}

const USER_NAME = `coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email, 'System')`;

function toRow(row: AuditSqlRow): ActivityRow {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    userName: row.user_name ?? "System",
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    changes: auditChanges(row.before, row.after),
  };
}

/** One page of the project's activity, newest first. Dates are whole days in Australia/Sydney. */
export async function listActivity(access: ProjectScope, filter: ActivityFilter, { limit = ACTIVITY_PAGE_SIZE, offset = 0 } = {}) {
  const where = ["a.project_id = ?"];
  const params: unknown[] = [access.project.id];
  const add = (clause: string, value: string | null) => {
    if (value === null) return;
    where.push(clause);
    params.push(value);
  };
  add("a.user_id = ?", filter.userId);
  add("a.entity_type = ?", filter.recordType);
  add(`a.created_at >= (?::date)::timestamp at time zone 'Australia/Sydney'`, filter.from);
  add(`a.created_at < ((?::date) + 1)::timestamp at time zone 'Australia/Sydney'`, filter.to);
  const rows = await sqlRows<AuditSqlRow>(
    `select a.id, a.created_at, ${USER_NAME} as user_name, a.action, a.entity_type, a.entity_id, a.before, a.after, count(*) over ()::int as total
         from audit_log a left join "user" u on u.id = a.user_id
        where ${where.join(" and ")} order by a.created_at desc, a.id desc limit ? offset ?`,
    [...params, limit, offset],
  );
  return { rows: rows.map(toRow), total: rows[0]?.total ?? 0 };
}

/** The people who appear in the project's activity, for the filter. */
export async function activityUsers(access: ProjectScope): Promise<{ id: string; name: string }[]> {
  const rows = await sqlRows<{ id: string; name: string }>(
    `select distinct u.id, ${USER_NAME} as name from audit_log a join "user" u on u.id = a.user_id where a.project_id = ? order by name limit 200`,
    [access.project.id],
  );
  return rows;
}

/** The History of one record of the project (newest first): the caller has already found the record. */
export async function recordHistory(access: ProjectScope, entityType: "Stakeholder" | "Property", id: number, limit = 50): Promise<ActivityRow[]> {
  const rows = await sqlRows<AuditSqlRow>(
    `select a.id, a.created_at, ${USER_NAME} as user_name, a.action, a.entity_type, a.entity_id, a.before, a.after, 0 as total
         from audit_log a left join "user" u on u.id = a.user_id
        where a.project_id = ? and a.entity_type = ? and a.entity_id = ? order by a.created_at desc, a.id desc limit ?`,
    [access.project.id, entityType, String(id), limit],
  );
  return rows.map(toRow);
}
