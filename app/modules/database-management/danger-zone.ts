import type { RESTORE_POINT_REASONS } from "~db/entities/RestorePoint";

/**
 * The Danger Zone's actions (docs/administration.md#danger-zone): the text each needs typed, its button, and what it
 * says after. Pure data, shared by the page, the /api routes and the server module.
 */
export type RestorePointReason = (typeof RESTORE_POINT_REASONS)[number];
export type DangerAction = Exclude<RestorePointReason, "restore">;

export interface DangerActionInfo {
  label: string;
  confirmation: string;
  /** What the confirmation says will go. */
  consequence: string;
  successTitle: string;
  failure: string;
  /** Which count must be above 0 for the action to be offered (delete-all only). */
  counts?: "stakeholders" | "properties" | "engagements";
}

export const DANGER_ACTIONS: Record<DangerAction, DangerActionInfo> = {
  "delete-all-stakeholders": {
    label: "Delete All Stakeholders",
    confirmation: "DELETE_STAKEHOLDERS",
    consequence: "Every stakeholder of this project is deleted, with their interactions and their links to properties. Properties and documents stay.",
    successTitle: "Stakeholders Deleted",
    failure: "Failed to delete stakeholders",
    counts: "stakeholders",
  },
  "delete-all-properties": {
    label: "Delete All Properties",
    confirmation: "DELETE_PROPERTIES",
    consequence: "Every property of this project is deleted, with its links to stakeholders. Stakeholders and documents stay.",
    successTitle: "Properties Deleted",
    failure: "Failed to delete properties",
    counts: "properties",
  },
  "delete-all-engagements": {
    label: "Delete All Engagements",
    confirmation: "DELETE_ENGAGEMENTS",
    consequence: "Every engagement (interaction) recorded in this project is deleted. Stakeholders and properties stay.",
    successTitle: "Engagements Deleted",
    failure: "Failed to delete engagements",
    counts: "engagements",
  },
  "reset-project": {
    label: "Reset Entire Project Database",
    confirmation: "DELETE_RESET",
    consequence:
      "Every stakeholder, property, link, engagement, grievance, commitment, community project, document and import of this project is deleted. The project itself, its members, templates, start-up, planning and closure forms and its activity log stay.",
    successTitle: "Project Database Reset",
    failure: "Failed to reset project database",
  },
  "delete-project": {
    label: "Delete Entire Project",
    confirmation: "DELETE_PROJECT",
    consequence: "The project and everything in it are deleted: records, documents, templates, forms and memberships. You are taken to the dashboard afterwards.",
    successTitle: "Project Deleted",
    failure: "Failed to delete project",
  },
};

export const DANGER_ACTION_NAMES = Object.keys(DANGER_ACTIONS) as DangerAction[];

export function isDangerAction(value: unknown): value is DangerAction {
  return typeof value === "string" && value in DANGER_ACTIONS;
}

/** The code of a refused confirmation (README.md documents it for the /api). */
export const INVALID_CONFIRMATION_CODE = "INVALID_CONFIRMATION";

export function invalidConfirmationMessage(action: DangerAction): string {
  return `Invalid Confirmation: Please type "${DANGER_ACTIONS[action].confirmation}" to confirm`;
}

/** How long a restore point is kept and listed. */
export const RESTORE_POINT_DAYS = 30;

/** What a restore point's list says it was saved before. */
export function restorePointReasonLabel(reason: RestorePointReason): string {
  return reason === "restore" ? "Restore from an earlier point" : DANGER_ACTIONS[reason].label;
}
