import type { GrievanceCategory, GrievanceChannel, GrievanceComplainantKind, GrievanceSeverity } from "~db/entities/enums";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CHANNELS, GRIEVANCE_RESOLUTIONS, GRIEVANCE_SEVERITIES, GRIEVANCE_STAGES } from "~db/entities/enums";
import { RESOLUTION_LABELS, STAGE_LABELS } from "./stages";

/** What the screens call each stored value (docs/records.md#grievances). */
export const CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  access: "Access",
  gates_fences: "Gates and fences",
  damage: "Damage",
  dust_noise: "Dust and noise",
  weeds_biosecurity: "Weeds and biosecurity",
  water: "Water",
  traffic: "Traffic",
  compensation_payments: "Compensation and payments",
  communication: "Communication",
  other: "Other",
};

export const CHANNEL_LABELS: Record<GrievanceChannel, string> = {
  phone: "Phone",
  email: "Email",
  in_person: "In person",
  letter: "Letter",
  public_form: "Public form",
  other: "Other",
};

export const SEVERITY_LABELS: Record<GrievanceSeverity, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

export const COMPLAINANT_KIND_LABELS: Record<GrievanceComplainantKind, string> = {
  stakeholder: "A stakeholder of this project",
  person: "Someone who is not a stakeholder",
  anonymous: "Anonymous",
};

export const EVENT_LABELS = {
  created: "Received",
  stage: "Stage changed",
  escalated: "Escalated",
  referred: "Referred externally",
  reopened: "Reopened",
  assigned: "Owner changed",
  edited: "Details edited",
  note: "Note",
} as const;

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
export const CATEGORY_OPTIONS = options(GRIEVANCE_CATEGORIES, CATEGORY_LABELS);
export const CHANNEL_OPTIONS = options(GRIEVANCE_CHANNELS, CHANNEL_LABELS);
export const SEVERITY_OPTIONS = options(GRIEVANCE_SEVERITIES, SEVERITY_LABELS);
export const STAGE_OPTIONS = options(GRIEVANCE_STAGES, STAGE_LABELS);
export const RESOLUTION_OPTIONS = options(GRIEVANCE_RESOLUTIONS, RESOLUTION_LABELS);
