/** The ids of the stakeholder and Record Interaction forms: components render them, actions answer with them. */
export const STAKEHOLDER_FORM = "stakeholder-form";
export const ENGAGEMENT_FORM = "interaction-form";
/** Edit Contact Details in the detail view (docs/records.md#contact-details). */
export const CONTACT_FORM = "contact-form";
/** Its heading, which takes focus when it opens or fails. */
export const CONTACT_FORM_HEADING = "contact-form-title";
/** Link Properties (docs/records.md#links). */
export const LINK_PROPERTIES_FORM = "link-properties";
