/** The id of the add/edit property form: the component renders it, the action answers with it. */
export const PROPERTY_FORM = "property-form";
