import type { IEngagement } from "~db/entities/Engagement";
import { sqlRows } from "~db/sql.server";
import { requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { likePattern } from "~/utils/list-query";
import { engagementToJson, type EngagementJson } from "./engagement.server";

/**
 * A project's engagements as `GET /api/engagements?projectId=&search=` lists them
 * (docs/records.md#engagement-list-over-api): newest first, one page of plain rows read in one query
 * (the page and the number matching), no entity hydration.
 */

/** What `search` matches, as Database Management's record search does: the subject and the location. */
export const ENGAGEMENT_SEARCH_COLUMNS = ["subject", "location"] as const;

/** One row: the same fields as GET /api/engagements/{stakeholderId}, plus the spec's names `title` (subject) and `engagementType` (type). */
export type EngagementListJson = EngagementJson & { title: string; engagementType: string };

export interface EngagementListOptions {
  search?: string;
  limit: number;
  offset: number;
}

interface Row {
  total: number;
  id: number | null;
  projectId: number;
  stakeholderId: number;
  userId: string | null;
  type: string;
  subject: string;
  location: string | null;
  attendees: string[] | null;
  keyTopics: string[] | null;
  outcomes: string | null;
  followUpRequired: boolean;
  followUpDate: Date | string | null;
  notes: string | null;
  timezone: string;
  scheduledAt: Date | string | null;
  completedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

// When it happened, else when it is scheduled, else when it was recorded: the order of a stakeholder's list too.
const HAPPENED = "coalesce(e.completed_at, e.scheduled_at, e.created_at)";

const COLUMNS = `e.id, e.project_id as "projectId", e.stakeholder_id as "stakeholderId", e.user_id as "userId", e.type, e.subject,
  e.location, e.attendees, e.key_topics as "keyTopics", e.outcomes, e.follow_up_required as "followUpRequired",
  e.follow_up_date as "followUpDate", e.notes, e.timezone, e.scheduled_at as "scheduledAt", e.completed_at as "completedAt",
  e.created_at as "createdAt", e.updated_at as "updatedAt"`;

const instant = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

function toJson(row: Row & { id: number }): EngagementListJson {
  // engagementToJson reads relations as references; the row carries their ids.
  const json = engagementToJson({
    ...row,
    project: { id: row.projectId },
    stakeholder: { id: row.stakeholderId },
    user: row.userId === null ? null : { id: row.userId },
    followUpDate: instant(row.followUpDate),
    scheduledAt: instant(row.scheduledAt),
    completedAt: instant(row.completedAt),
    createdAt: instant(row.createdAt),
    updatedAt: instant(row.updatedAt),
  } as unknown as IEngagement);
  return { ...json, title: json.subject, engagementType: json.type };
}

/** One page of the project's engagements (viewData) and how many match `search`. */
export async function listProjectEngagements(access: ProjectAccess, options: EngagementListOptions): Promise<{ rows: EngagementListJson[]; total: number }> {
  requirePermission(access, "viewData");
  const search = options.search?.trim() ?? "";
  const filter = search ? ` and (${ENGAGEMENT_SEARCH_COLUMNS.map((c) => `e.${c} ilike ?`).join(" or ")})` : "";
  const params: unknown[] = [access.project.id, ...(search ? ENGAGEMENT_SEARCH_COLUMNS.map(() => likePattern(search)) : [])];
  // The count always comes back (one row, its page columns null, when the page is past the end).
  const rows = await sqlRows<Row>(
    `with matched as (select e.id, ${HAPPENED} as happened from engagement e where e.project_id = ?${filter})
     select n.total, ${COLUMNS}
       from (select count(*)::int as total from matched) n
       left join lateral (select m.id, m.happened from matched m order by m.happened desc, m.id desc limit ? offset ?) page on true
       left join engagement e on e.id = page.id
      order by page.happened desc, page.id desc`,
    [...params, options.limit, options.offset],
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((r): r is Row & { id: number } => r.id !== null).map(toJson) };
}
