import { z } from "zod";
import { isBusinessDay } from "~/modules/calendar/business-days";
import type { Jurisdiction } from "~/modules/calendar/grievance-clock-settings";
import { addDays, type CalendarDate } from "~/modules/calendar/today";
import { isEmailAddress } from "~/modules/mail/message";
import { monthOf, type ReportRange } from "./range";

/**
 * The monthly report pack (docs/records.md#report-pack-schedule): kept in the project's settings as
 * `reportPackSchedule`; on the first business day of each month (the project's time zone and
 * jurisdiction) the previous month's pack is made and mailed to the addresses, once.
 */
export const MAX_RECIPIENTS = 20;

export interface ReportPackSchedule {
  enabled: boolean;
  recipients: string[];
  /** The user who last saved the schedule: the pack's documents are made in their name, with their rights. */
  setBy: string | null;
  /** The month ("2026-05") whose pack was last sent: the claim that makes two sweeps send one. */
  sentFor: string | null;
  /** The last scheduled pack that could not be made or sent, shown on the reports page until one is sent. */
  lastFailure: ScheduleFailure | null;
}

export interface ScheduleFailure {
  month: string;
  /** When the sweep failed (ISO). */
  at: string;
  reason: string;
}

/** What the reports page says about a failed sweep: the owner's lost rights are the one cause someone can fix. */
export function failureReason(status: number | undefined): string {
  return status === 403 || status === 404
    ? "The person who saved the schedule can no longer add documents to this project. Save the schedule again to send the packs in your name."
    : "The pack could not be made or sent. The next hourly run tries again.";
}

export const SCHEDULE_MESSAGES = {
  address: (line: string) => `"${line.slice(0, 60)}" is not an e-mail address`,
  none: "Enter at least one address to send the pack to, or turn the schedule off",
  tooMany: `Enter at most ${MAX_RECIPIENTS} addresses`,
} as const;

/** The addresses, one a line (commas and semicolons also split), trimmed, each once. */
export function recipientLines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/[\n\r,;]+/)) {
    const address = line.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

/** The schedule form's and the /api's one schema: `enabled` (a checkbox: "on"/"true") and `recipients` (text, one a line). */
export const ReportPackScheduleSchema = z
  .object({
    // The kit's checkbox posts "false" then, when ticked, "true": the last value counts.
    enabled: z.preprocess((v) => {
      const last: unknown = Array.isArray(v) ? v[v.length - 1] : v;
      return last === true || last === "on" || last === "true";
    }, z.boolean()),
    recipients: z.preprocess((v) => (Array.isArray(v) ? v.join("\n") : typeof v === "string" ? v : ""), z.string().max(10_000)),
  })
  .superRefine((value, ctx) => {
    const list = recipientLines(value.recipients);
    const bad = list.find((a) => !isEmailAddress(a));
    if (bad) ctx.addIssue({ code: "custom", path: ["recipients"], message: SCHEDULE_MESSAGES.address(bad) });
    else if (list.length > MAX_RECIPIENTS) ctx.addIssue({ code: "custom", path: ["recipients"], message: SCHEDULE_MESSAGES.tooMany });
    else if (value.enabled && !list.length) ctx.addIssue({ code: "custom", path: ["recipients"], message: SCHEDULE_MESSAGES.none });
  })
  .transform((value) => ({ enabled: value.enabled, recipients: recipientLines(value.recipients) }));
export type ReportPackScheduleInput = z.infer<typeof ReportPackScheduleSchema>;

/** The schedule stored in the project's settings (off when missing or malformed). */
export function scheduleOf(settings: unknown): ReportPackSchedule {
  const raw = (settings as { reportPackSchedule?: Partial<ReportPackSchedule> } | null)?.reportPackSchedule;
  const recipients = Array.isArray(raw?.recipients) ? raw.recipients.filter((a): a is string => typeof a === "string") : [];
  return {
    enabled: raw?.enabled === true && recipients.length > 0,
    recipients,
    setBy: typeof raw?.setBy === "string" ? raw.setBy : null,
    sentFor: typeof raw?.sentFor === "string" ? raw.sentFor : null,
    lastFailure: isFailure(raw?.lastFailure) ? raw.lastFailure : null,
  };
}

function isFailure(value: unknown): value is ScheduleFailure {
  const v = value as Partial<ScheduleFailure> | null | undefined;
  return typeof v?.month === "string" && typeof v.at === "string" && typeof v.reason === "string";
}

/** The first business day of the month `day` is in. */
export function firstBusinessDayOfMonth(day: CalendarDate, jurisdiction: Jurisdiction): CalendarDate {
  let d = monthOf(day).from;
  while (!isBusinessDay(d, jurisdiction)) d = addDays(d, 1);
  return d;
}

/**
 * The month whose pack is due on `today`: the previous month, from the first business day of this
 * month to its end (a sweep missed on that day catches up later in the month), unless already sent.
 */
export function dueScheduledPack(schedule: ReportPackSchedule, today: CalendarDate, jurisdiction: Jurisdiction): { month: string; range: ReportRange } | null {
  if (!schedule.enabled) return null;
  if (today < firstBusinessDayOfMonth(today, jurisdiction)) return null;
  const range = monthOf(addDays(monthOf(today).from, -1));
  const month = range.from.slice(0, 7);
  return schedule.sentFor === month ? null : { month, range };
}

export const REPORT_SCHEDULE_FORM = "report-pack-schedule";
