import { panelUrls } from "~/utils/list-query";

/** The Mail inbox (docs/inbound-mail.md#review). */
export const INBOX_PATH = "/inbound-mail";

/** A message's page; its URL states (docs/decisions.md#url-states): `find` (the stakeholder search) and `reject=1` (the confirmation). */
export const inboxMessagePath = (id: number) => `${INBOX_PATH}/${id}`;

export const PANEL_PARAMS = ["find", "reject"] as const;

export const { listSearch, panelSearch } = panelUrls(PANEL_PARAMS);
