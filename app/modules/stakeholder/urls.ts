import { panelUrls } from "~/utils/list-query";

/** The URL-state parameters of the panels on /stakeholders (docs/decisions.md#url-states). */
export const PANEL_PARAMS = ["highlight", "tab", "contact", "new", "edit", "link", "interact", "interactions"] as const;

export const { listSearch, panelSearch } = panelUrls(PANEL_PARAMS);
