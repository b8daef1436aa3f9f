/**
 * Longest accepted value of each property field (docs/records.md#property-fields). Kept apart from the zod schemas:
 * the form component imports it, so the page's client bundle does not carry zod (schemas.ts
 * re-exports it).
 */
export const PROPERTY_LIMITS = { address: 500, volume: 50, folio: 50, area: 100, zoning: 200, nextAction: 500, notes: 5000, laaDetails: 5000, lot: 50, planNumber: 100, lotPlanLine: 500 } as const;
