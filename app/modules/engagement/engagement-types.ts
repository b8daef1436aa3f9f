import { ENGAGEMENT_TYPES, type EngagementType } from "~db/entities/enums";

/** Engagement types with the labels the Record Interaction form shows (docs/records.md#engagements). */
export const ENGAGEMENT_TYPE_LABELS: Record<EngagementType, string> = {
  meeting: "In-Person Meeting",
  call: "Phone Call",
  email: "Email Exchange",
  event: "Community Event",
  site_visit: "Site Visit",
  public_hearing: "Public Hearing",
  survey: "Survey Response",
  interview: "Interview",
};

export const ENGAGEMENT_TYPE_OPTIONS = ENGAGEMENT_TYPES.map((value) => ({ value, label: ENGAGEMENT_TYPE_LABELS[value] }));

export const DEFAULT_ENGAGEMENT_TYPE: EngagementType = "meeting";

export function engagementTypeLabel(type: string): string {
  return (ENGAGEMENT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Recording an interaction needs a selected project (docs/records.md#engagements). */
export const NO_PROJECT_FOR_ENGAGEMENT = "No project selected. Please select a project before recording interactions.";
