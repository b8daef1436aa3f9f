/** The ids of the stakeholder and Record Interaction forms: components render them, actions answer with them. */
export const STAKEHOLDER_FORM = "stakeholder-form";
export const ENGAGEMENT_FORM = "interaction-form";
