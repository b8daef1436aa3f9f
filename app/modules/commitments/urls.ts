import { panelUrls } from "~/utils/list-query";

/** The URL-state parameters of the panels on /commitments (docs/decisions.md#url-states). */
export const PANEL_PARAMS = [
  "view",
  "new",
  "edit",
  "find",
  "description",
  "promisedOn",
  "dueDate",
  "ownerId",
  "engagementId",
  "grievanceId",
  "stakeholderIds",
  "propertyIds",
  "version",
  "intent",
  "returnTo",
  "id",
  "findSubmit",
] as const;

export const { listSearch, panelSearch } = panelUrls(PANEL_PARAMS);

/** The printable "What we promised you" page and its PDF for one stakeholder. */
export const letterPath = (stakeholderId: number) => `/commitments/letter/${stakeholderId}`;
export const letterPdfPath = (stakeholderId: number) => `/commitments/letter/${stakeholderId}/pdf`;
export const COMMITMENT_FORM = "commitment-form";
export const COMMITMENT_STATUS_FORM = "commitment-status-form";
