import type { CurrentUser } from "~/modules/access/current-user.server";
import { canAccessScreen, hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { parseListQuery } from "~/utils/list-query";
import { parseRecordId } from "~/utils/record-id";
import { ACTIVITY_PAGE_SIZE, ACTIVITY_RECORD_TYPES, activityFilterFrom, activityUsers, listActivity } from "~/modules/audit/history.server";
import { DANGER_ACTIONS, isDangerAction } from "./danger-zone";
import { databaseStats, getRecordRow, SCREEN_REFUSALS, searchRecords } from "./database-management.server";
import { planNormalisation } from "./normalise.server";
import { listDeletedProjectRestorePoints, listRestorePoints } from "./restore-points.server";
import { MIN_SEARCH_LENGTH, NORMALIZE_TYPES, RECORD_TYPES, type NormalizeType, type RecordType } from "./schemas";

const recordTypeFrom = (value: string | null): RecordType => ((RECORD_TYPES as readonly string[]).includes(value ?? "") ? (value as RecordType) : "stakeholders");

/**
 * /database-management for one URL (docs/administration.md#database-management): the project, its statistics, the
 * record search (?records=&search=), the confirmations (?normalize=TYPE, ?delete=ID, ?danger=ACTION),
 * the restore points, and the Activity view (?view=activity&user=&type=&from=&to=&page=).
 */
export async function loadDatabaseManagementPage(access: ProjectAccess, url: URL) {
  requirePermission(access, "databaseManagement", SCREEN_REFUSALS.databaseManagement);
  const params = url.searchParams;
  const canMaintain = hasPermission(access.role, "deleteData");
  const canDanger = canAccessScreen(access.role, "dangerZone");
  const project = { ...projectSummary(access), id: access.project.id };
  const stats = await databaseStats(access);

  if (params.get("view") === "activity") {
    const filter = activityFilterFrom(params);
    const { page, offset } = parseListQuery(params, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: ACTIVITY_PAGE_SIZE });
    const [activity, users] = await Promise.all([listActivity(access, filter, { offset }), activityUsers(access)]);
    return { view: "activity" as const, project, stats, activity: { ...activity, filter, page, pageSize: ACTIVITY_PAGE_SIZE, users, recordTypes: ACTIVITY_RECORD_TYPES } };
  }

  const records = recordTypeFrom(params.get("records"));
  const term = (params.get("search") ?? "").trim().slice(0, 200);
  const search = canMaintain ? { records, term, tooShort: term.length > 0 && term.length < MIN_SEARCH_LENGTH, ...(await searchRecords(access, records, term)) } : null;

  const normalizeParam = params.get("normalize");
  if (normalizeParam !== null && !(NORMALIZE_TYPES as readonly string[]).includes(normalizeParam)) throw new AppError(404, "Not found");
  const normalizing = normalizeParam && canMaintain ? { dataType: normalizeParam as NormalizeType, plan: await planNormalisation(access, normalizeParam as NormalizeType) } : null;

  const deleteParam = params.get("delete");
  const deleting = deleteParam !== null && canMaintain ? await getRecordRow(access, records, parseRecordId(deleteParam)) : null;

  const dangerParam = params.get("danger");
  if (dangerParam !== null && !isDangerAction(dangerParam)) throw new AppError(404, "Not found");
  const danger = dangerParam && canDanger && isDangerAction(dangerParam) ? { action: dangerParam, ...DANGER_ACTIONS[dangerParam] } : null;

  return {
    view: "overview" as const,
    project,
    stats,
    canMaintain,
    canDanger,
    search,
    normalizing,
    deleting,
    danger,
    restorePoints: canDanger ? await listRestorePoints(access) : [],
    deletedProjects: await deletedProjectRestorePoints(access.user),
  };
}

/** The restore points of the client's deleted projects, for the Danger Zone's roles (by their own role: the points are the client's). */
async function deletedProjectRestorePoints(user: CurrentUser) {
  if (!canAccessScreen(user.role, "dangerZone")) return null;
  return { points: await listDeletedProjectRestorePoints(user), showClient: user.role === "system_admin" };
}

/** /database-management with no project selected: "No Project Selected", and the deleted projects' restore points (they have no project to select). */
export async function loadDatabaseManagementWithoutProject(user: CurrentUser) {
  return { view: "no-project" as const, deletedProjects: await deletedProjectRestorePoints(user) };
}
