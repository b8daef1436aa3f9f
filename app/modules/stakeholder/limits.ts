/** The ids of the stakeholder and Record Interaction forms: components render them, actions answer with them. */
export const STAKEHOLDER_FORM = "stakeholder-form";
export const ENGAGEMENT_FORM = "interaction-form";

/** Length caps of the stakeholder form's text fields (client-safe: used for maxLength too). */
export const LIMITS = { name: 200, email: 254, phone: 50, address: 500, nextAction: 500, notes: 5000 } as const;
