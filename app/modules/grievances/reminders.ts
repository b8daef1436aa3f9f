import { previousBusinessDay, type Jurisdiction } from "~/modules/calendar/business-days";
import type { CalendarDate } from "~/modules/calendar/today";

/**
 * Which due-date reminders a grievance's owner is owed today (docs/records.md#grievance-reminders).
 * A reminder is due from the business day before its due date (the project's jurisdiction) through
 * the due date itself, so a sweep that could not run on the day before still reminds on the day;
 * after the due date the list's "Overdue" badge takes over. One reminder per due date: the stored
 * "reminded for" date is the due date the last reminder was about.
 */
export type ReminderKind = "acknowledge" | "resolve";

export interface ReminderState {
  stage: string;
  ownerId: string | null;
  acknowledgeBy: CalendarDate | null;
  resolveBy: CalendarDate | null;
  acknowledgeRemindedFor: CalendarDate | null;
  resolveRemindedFor: CalendarDate | null;
}

/** The first day a reminder for `dueBy` may go out. */
export function reminderDay(dueBy: CalendarDate, jurisdiction: Jurisdiction): CalendarDate {
  return previousBusinessDay(dueBy, jurisdiction);
}

function owed(dueBy: CalendarDate | null, remindedFor: CalendarDate | null, today: CalendarDate, jurisdiction: Jurisdiction): dueBy is CalendarDate {
  return dueBy !== null && remindedFor !== dueBy && today >= reminderDay(dueBy, jurisdiction) && today <= dueBy;
}

/** The reminders to send now, with the due date each is for; the stage must still be waiting for the date. */
export function dueReminders(grievance: ReminderState, today: CalendarDate, jurisdiction: Jurisdiction): { kind: ReminderKind; dueBy: CalendarDate }[] {
  if (!grievance.ownerId) return [];
  const out: { kind: ReminderKind; dueBy: CalendarDate }[] = [];
  // The same stages that make a due date overdue (dueStatus in due-dates.ts).
  if (grievance.stage === "received" && owed(grievance.acknowledgeBy, grievance.acknowledgeRemindedFor, today, jurisdiction)) {
    out.push({ kind: "acknowledge", dueBy: grievance.acknowledgeBy });
  }
  if (grievance.stage !== "resolved" && grievance.stage !== "closed" && owed(grievance.resolveBy, grievance.resolveRemindedFor, today, jurisdiction)) {
    out.push({ kind: "resolve", dueBy: grievance.resolveBy });
  }
  return out;
}

/** Whether the owner is mailed about an assignment: a new owner who did not assign it to themselves. */
export function assignmentMailTo(previousOwnerId: string | null, newOwnerId: string | null, byUserId: string): string | null {
  if (!newOwnerId || newOwnerId === previousOwnerId || newOwnerId === byUserId) return null;
  return newOwnerId;
}
