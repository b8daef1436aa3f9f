import { panelUrls } from "~/utils/list-query";

/** The User Management screen's dialogs are URL states (docs/decisions.md#url-states). */
export const USER_PANEL_PARAMS = ["invite", "delete", "projects", "cancelInvitation"] as const;
/** The pending invitations list pages on its own parameter, so both lists keep their place. */
export const INVITATIONS_PAGE_PARAM = "invitationsPage";
export const USER_MANAGEMENT_PATH = "/user-management";
export const { listSearch: userListSearch, panelSearch: userPanelSearch } = panelUrls(USER_PANEL_PARAMS);

/** The list URL for a search string (panels closed). */
export function userListUrl(search: URLSearchParams | string): string {
  const query = userListSearch(search);
  return query === "?" ? USER_MANAGEMENT_PATH : `${USER_MANAGEMENT_PATH}${query}`;
}
