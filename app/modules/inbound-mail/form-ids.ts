/** The inbound-mail screens' form ids (error summaries and repopulated fields belong to one form). */
export const INBOUND_SETTINGS_FORM_ID = "inbound-settings";
export const INBOUND_ACCEPT_FORM_ID = "inbound-accept";
export const INBOUND_CREATE_FORM_ID = "inbound-create";
