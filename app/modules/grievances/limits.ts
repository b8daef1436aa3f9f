/** Field lengths of the grievance forms (the schemas and the inputs' maxLength share them). */
export const GRIEVANCE_LIMITS = { name: 200, contact: 500, description: 10_000, note: 2_000, referredTo: 300, actionTaken: 5_000, toldHow: 300 } as const;
