import { grievanceDueDates, isOverdue, projectClockSettings } from "~/modules/calendar/business-days";
import type { CalendarDate } from "~/modules/calendar/today";

/**
 * A grievance's stored due dates for a received instant under the project's clock (the business-day
 * rules of app/modules/calendar/business-days.ts; docs/records.md#grievances). Stored at create and
 * whenever the received time changes, so a change of the project's settings later does not move the
 * dates of grievances already received.
 */
export function dueDatesFor(receivedAt: Date, projectSettings: unknown) {
  return grievanceDueDates(receivedAt, projectClockSettings(projectSettings));
}

/** Overdue on `today` while the stage still waits for it: acknowledging until acknowledged, resolving until resolved. */
export function dueStatus(
  grievance: { stage: string; acknowledgeBy: CalendarDate | null; resolveBy: CalendarDate | null },
  today: CalendarDate,
): { acknowledgeOverdue: boolean; resolveOverdue: boolean } {
  const awaitingAck = grievance.stage === "received";
  const awaitingResolve = grievance.stage !== "resolved" && grievance.stage !== "closed";
  return {
    acknowledgeOverdue: awaitingAck && grievance.acknowledgeBy !== null && isOverdue(grievance.acknowledgeBy, today),
    resolveOverdue: awaitingResolve && grievance.resolveBy !== null && isOverdue(grievance.resolveBy, today),
  };
}
