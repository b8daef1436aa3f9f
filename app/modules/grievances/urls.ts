import { panelUrls } from "~/utils/list-query";

/** The URL-state parameters of the panels on /grievances (docs/decisions.md#url-states): the new-grievance form and its finder. */
export const PANEL_PARAMS = ["new", "who", "where"] as const;

export const { listSearch, panelSearch } = panelUrls(PANEL_PARAMS);

/** A grievance's own page; `?edit=1` opens its edit form there. */
export const grievancePath = (id: number) => `/grievances/${id}`;
