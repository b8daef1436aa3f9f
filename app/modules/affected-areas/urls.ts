import { panelUrls } from "~/utils/list-query";

/** The URL-state parameters of /affected-areas (docs/decisions.md#url-states): the delete confirmation. */
export const PANEL_PARAMS = ["delete"] as const;

export const { listSearch, panelSearch } = panelUrls(PANEL_PARAMS);

export const AFFECTED_AREAS_PATH = "/affected-areas";
