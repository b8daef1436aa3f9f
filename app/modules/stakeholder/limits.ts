/** Length caps of the stakeholder form's text fields (client-safe: used for maxLength too). */
export const LIMITS = { name: 200, email: 254, phone: 50, address: 500, nextAction: 500, notes: 5000 } as const;
