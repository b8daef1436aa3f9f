/** The record types an export can hold, and their names on the screen (docs/export.md). Client-safe and small: the /export screen's script imports these without the field catalogue (export-fields.ts). */
export const EXPORT_TYPES = ["stakeholders", "properties", "engagements", "grievances", "commitments"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_TYPE_LABELS: Record<ExportType, string> = {
  stakeholders: "Stakeholders",
  properties: "Properties",
  engagements: "Engagements",
  grievances: "Grievances",
  commitments: "Commitments",
};
