/** Length caps of the Record Interaction form's text fields (client-safe: used for maxLength too). */
export const ENGAGEMENT_LIMITS = { subject: 200, location: 500, notes: 5000 } as const;
