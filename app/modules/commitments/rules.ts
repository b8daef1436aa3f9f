import { addDays, daysBetween, type CalendarDate } from "~/modules/calendar/today";
import type { CommitmentStatus } from "~db/entities/enums";

/**
 * Commitment rules (docs/records.md#commitments): which status changes are allowed, what each
 * needs, and the date badges. Today is the project's today (calendar/today.ts), given by the loader.
 */
export { COMMITMENT_STATUSES, type CommitmentStatus } from "~db/entities/enums";

export const STATUS_LABELS: Record<CommitmentStatus, string> = { open: "Open", in_progress: "In progress", fulfilled: "Fulfilled", cancelled: "Cancelled" };

/** "Due soon" looks this many days ahead (today included). */
export const DUE_SOON_DAYS = 14;

export type CommitmentTransition = "start" | "fulfil" | "cancel" | "reopen";
export const COMMITMENT_TRANSITIONS = ["start", "fulfil", "cancel", "reopen"] as const;

const FROM: Record<CommitmentTransition, readonly CommitmentStatus[]> = {
  start: ["open"],
  fulfil: ["open", "in_progress"],
  cancel: ["open", "in_progress"],
  reopen: ["fulfilled", "cancelled"],
};
const TO: Record<CommitmentTransition, CommitmentStatus> = { start: "in_progress", fulfil: "fulfilled", cancel: "cancelled", reopen: "open" };

export const EVIDENCE_REQUIRED = "Describe how the commitment was fulfilled";
export const REASON_REQUIRED = "Give the reason the commitment was cancelled";

/** The transitions offered from a status. */
export function allowedTransitions(status: CommitmentStatus): CommitmentTransition[] {
  return COMMITMENT_TRANSITIONS.filter((t) => FROM[t].includes(status));
}

export interface TransitionInput {
  evidenceNote?: string | null;
  cancellationReason?: string | null;
}

export type TransitionResult = { ok: true; status: CommitmentStatus } | { ok: false; field?: "evidenceNote" | "cancellationReason"; message: string };

/** Whether `transition` may happen from `status` with what was given; the new status if so. */
export function applyTransition(status: CommitmentStatus, transition: CommitmentTransition, input: TransitionInput = {}): TransitionResult {
  if (!FROM[transition].includes(status)) return { ok: false, message: `A ${STATUS_LABELS[status].toLowerCase()} commitment cannot be ${TRANSITION_PAST[transition]}` };
  if (transition === "fulfil" && !input.evidenceNote?.trim()) return { ok: false, field: "evidenceNote", message: EVIDENCE_REQUIRED };
  if (transition === "cancel" && !input.cancellationReason?.trim()) return { ok: false, field: "cancellationReason", message: REASON_REQUIRED };
  return { ok: true, status: TO[transition] };
}

const TRANSITION_PAST: Record<CommitmentTransition, string> = { start: "started", fulfil: "fulfilled", cancel: "cancelled", reopen: "reopened" };

/** Still to be kept: open or in progress. */
export const isActive = (status: CommitmentStatus) => status === "open" || status === "in_progress";

/** Overdue from the day after the due date, while still active. */
export function isOverdue(status: CommitmentStatus, dueDate: string | null, today: CalendarDate): boolean {
  if (!isActive(status) || !dueDate) return false;
  const days = daysBetween(today, dueDate);
  return days !== null && days < 0;
}

/** Due today or within the next DUE_SOON_DAYS days, while still active. */
export function isDueSoon(status: CommitmentStatus, dueDate: string | null, today: CalendarDate): boolean {
  if (!isActive(status) || !dueDate) return false;
  const days = daysBetween(today, dueDate);
  return days !== null && days >= 0 && days < DUE_SOON_DAYS;
}

/** The last due date that counts as "due soon" on `today` (for SQL). */
export const dueSoonUntil = (today: CalendarDate) => addDays(today, DUE_SOON_DAYS - 1);

export type DueBadge = "overdue" | "due_soon" | null;
export function dueBadge(status: CommitmentStatus, dueDate: string | null, today: CalendarDate): DueBadge {
  return isOverdue(status, dueDate, today) ? "overdue" : isDueSoon(status, dueDate, today) ? "due_soon" : null;
}
