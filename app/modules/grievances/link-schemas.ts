import { z } from "zod";

/** The largest id a table holds (PostgreSQL int); a larger one is refused before it reaches SQL. */
const MAX_ID = 2_147_483_647;

const recordId = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ required_error: `Choose the ${label.toLowerCase()} to attach`, invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be a positive whole number`)
      .max(MAX_ID, `${label} not found`),
  );

/**
 * Attaching an engagement or a document to a grievance, and removing it (docs/records.md#grievance-links):
 * one schema each, shared by the grievance page's action and /api/grievances/{id}/engagements|documents.
 */
export const GrievanceEngagementLinkSchema = z.object({ engagementId: recordId("Engagement") });
export const GrievanceDocumentLinkSchema = z.object({ documentId: recordId("Document") });

/** The search boxes of the grievance page's attach forms (GET parameters). */
export const GRIEVANCE_FIND_PARAMS = { engagement: "findEngagement", document: "findDocument" } as const;
