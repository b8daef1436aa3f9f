/** The id of the add/edit property form: the component renders it, the action answers with it. */
export const PROPERTY_FORM = "property-form";
/** Link Stakeholders (docs/records.md#links). */
export const LINK_STAKEHOLDERS_FORM = "link-stakeholders";
