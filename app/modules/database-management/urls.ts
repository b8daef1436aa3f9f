import { withParams } from "~/utils/list-query";

/** The screen's URL states (docs/decisions.md#url-states): each confirmation is its own URL; closing one keeps the search. */
export const DATABASE_MANAGEMENT_PATH = "/database-management";
const PANEL_PARAMS = ["normalize", "delete", "danger"] as const;

export function databaseManagementUrl(search: URLSearchParams | string, changes: Record<string, string | number | null> = {}) {
  const closed = Object.fromEntries(PANEL_PARAMS.map((p) => [p, null]));
  const query = withParams(withParams(search, closed), changes);
  return `${DATABASE_MANAGEMENT_PATH}${query === "?" ? "" : query}`;
}

export function activityUrl(search: URLSearchParams | string = "", changes: Record<string, string | number | null> = {}) {
  return `${DATABASE_MANAGEMENT_PATH}${withParams(search, { view: "activity", ...changes })}`;
}

/** A restore point's confirmation step (docs/administration.md#restore-points). */
export function restoreUrl(restorePointId: number) {
  return `${DATABASE_MANAGEMENT_PATH}/restore-points/${restorePointId}/restore`;
}
