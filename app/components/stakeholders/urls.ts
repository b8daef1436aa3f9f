import { withParams } from "~/utils/list-query";

/** The URL-state parameters of the panels on /stakeholders (DESIGN §2). */
export const PANEL_PARAMS = ["highlight", "tab", "new", "edit", "link", "interact", "interactions"] as const;

/** The list URL as it is now (search, sort, view, page) with every panel closed. */
export function listSearch(search: string): string {
  return withParams(search, Object.fromEntries(PANEL_PARAMS.map((p) => [p, null])));
}

/** The list URL with one panel open (and the others closed). */
export function panelSearch(search: string, changes: Record<string, string | number>): string {
  return withParams(listSearch(search), changes);
}
