import { GRIEVANCE_STAGES, type GrievanceResolution, type GrievanceStage } from "~db/entities/enums";

/**
 * The grievance stages and the moves between them (docs/records.md#grievance-stages). A grievance moves
 * forward through the open stages, may skip forward to any later open stage, and is closed only with
 * its outcome. Escalation and external referral are not stages: they are flags with a timestamp and a
 * timeline event, reachable from any open stage, so a grievance keeps its place in the process while
 * escalated or referred. A closed grievance can be reopened (back to investigating); history stays.
 */
export { GRIEVANCE_STAGES };
export type { GrievanceStage };

export const STAGE_LABELS: Record<GrievanceStage, string> = {
  received: "Received",
  acknowledged: "Acknowledged",
  investigating: "Investigating",
  response_proposed: "Response proposed",
  resolved: "Resolved",
  closed: "Closed",
};

export const RESOLUTION_LABELS: Record<GrievanceResolution, string> = {
  upheld: "Upheld",
  partly_upheld: "Partly upheld",
  not_upheld: "Not upheld",
  withdrawn: "Withdrawn",
  referred: "Referred",
};

export const REOPEN_STAGE: GrievanceStage = "investigating";

const order = (stage: GrievanceStage) => GRIEVANCE_STAGES.indexOf(stage);

export const isOpen = (stage: GrievanceStage) => stage !== "closed";

/** The stages a grievance may move to by a forward move (closing is its own move, see closeRefusal). */
export function forwardStages(from: GrievanceStage): GrievanceStage[] {
  if (!isOpen(from)) return [];
  return GRIEVANCE_STAGES.filter((stage) => stage !== "closed" && order(stage) > order(from));
}

/** Why a forward move is refused, or null when it is allowed. */
export function moveRefusal(from: GrievanceStage, to: GrievanceStage): string | null {
  if (from === "closed") return "This grievance is closed. Reopen it first.";
  if (to === "closed") return "Close the grievance with its outcome.";
  if (order(to) <= order(from)) return `A grievance cannot move back from ${STAGE_LABELS[from]} to ${STAGE_LABELS[to]}.`;
  return null;
}

/** The outcome a grievance is closed with (docs/records.md#grievance-closing). */
export interface ClosingOutcome {
  resolution: GrievanceResolution | null;
  actionTaken: string | null;
  complainantToldOn: string | null;
  complainantToldHow: string | null;
  complainantAccepted: boolean | null;
}

export const CLOSING_MESSAGES = {
  resolution: "Select the resolution",
  actionTaken: "Enter what was done",
  complainantToldOn: "Enter when the complainant was told",
  complainantToldHow: "Enter how the complainant was told",
  complainantAccepted: "Select whether the complainant accepted the outcome",
} as const;

/** The missing parts of a closing outcome, by field name; empty when the grievance may close. */
export function closingErrors(outcome: ClosingOutcome): Partial<Record<keyof ClosingOutcome, string>> {
  const errors: Partial<Record<keyof ClosingOutcome, string>> = {};
  if (!outcome.resolution) errors.resolution = CLOSING_MESSAGES.resolution;
  if (!outcome.actionTaken?.trim()) errors.actionTaken = CLOSING_MESSAGES.actionTaken;
  if (!outcome.complainantToldOn) errors.complainantToldOn = CLOSING_MESSAGES.complainantToldOn;
  if (!outcome.complainantToldHow?.trim()) errors.complainantToldHow = CLOSING_MESSAGES.complainantToldHow;
  if (outcome.complainantAccepted === null || outcome.complainantAccepted === undefined) errors.complainantAccepted = CLOSING_MESSAGES.complainantAccepted;
  return errors;
}

/** Why closing is refused before the outcome is looked at, or null. */
export function closeRefusal(from: GrievanceStage): string | null {
  return from === "closed" ? "This grievance is already closed." : null;
}

/** Why reopening is refused, or null. */
export function reopenRefusal(from: GrievanceStage): string | null {
  return from === "closed" ? null : "Only a closed grievance can be reopened.";
}

/** Why an escalation or external referral is refused (only open grievances), or null. */
export function flagRefusal(from: GrievanceStage): string | null {
  return isOpen(from) ? null : "This grievance is closed. Reopen it first.";
}

/** The timestamp column a stage sets the first time it is reached. */
export function stageTimestamp(stage: GrievanceStage): "acknowledgedAt" | "resolvedAt" | "closedAt" | null {
  return stage === "acknowledged" ? "acknowledgedAt" : stage === "resolved" ? "resolvedAt" : stage === "closed" ? "closedAt" : null;
}
