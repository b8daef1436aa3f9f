import { ENGAGEMENT_TYPES, type EngagementType } from "~db/entities/enums";

/** Engagement types with the labels the Record Interaction form shows (docs/records.md#engagements). */
export const INTERACTION_TYPE_LABELS: Record<EngagementType, string> = {
  meeting: "In-Person Meeting",
  call: "Phone Call",
  email: "Email Exchange",
  event: "Community Event",
  site_visit: "Site Visit",
  public_hearing: "Public Hearing",
  survey: "Survey Response",
  interview: "Interview",
};

export const INTERACTION_TYPE_OPTIONS = ENGAGEMENT_TYPES.map((value) => ({ value, label: INTERACTION_TYPE_LABELS[value] }));

export const DEFAULT_INTERACTION_TYPE: EngagementType = "meeting";

export function interactionTypeLabel(type: string): string {
  return (INTERACTION_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** Recording an interaction needs a selected project (docs/records.md#engagements). */
export const NO_PROJECT_FOR_INTERACTION = "No project selected. Please select a project before recording interactions.";
