import { z } from "zod";
import { addDays, daysBetween, isCalendarDateString, type CalendarDate } from "~/modules/calendar/today";
import { blankToNull } from "~/utils/form-fields";

/**
 * The period of the grievance figures (docs/records.md#grievance-figures): the page's GET form and
 * the /api twins' query (`from`, `to`) go through this one schema. A date left out is filled in by
 * figurePeriod: the last 90 days up to the project's today.
 */
export const DEFAULT_PERIOD_DAYS = 90;
/** The longest period one request may ask for: the rows of a busy project's five years are read at once. */
export const MAX_PERIOD_DAYS = 5 * 366;

export const PERIOD_MESSAGES = {
  from: "Enter the start date as a real date, for example 2026-03-31",
  to: "Enter the end date as a real date, for example 2026-03-31",
  order: "The end date must be on or after the start date",
  tooLong: "The period can be at most 5 years",
} as const;

const optionalDate = (message: string) => z.preprocess(blankToNull, z.string({ invalid_type_error: message }).refine(isCalendarDateString, message).nullable().optional()).transform((v) => v ?? null);

export const GrievanceFiguresSchema = z.object({ from: optionalDate(PERIOD_MESSAGES.from), to: optionalDate(PERIOD_MESSAGES.to) });
export type GrievanceFiguresInput = z.infer<typeof GrievanceFiguresSchema>;

/** The period asked for, with the defaults filled in from `today`; or the field's error when it cannot be one. */
export function figurePeriod(input: GrievanceFiguresInput, today: CalendarDate): { from: CalendarDate; to: CalendarDate } | { errors: Record<string, string> } {
  const to = input.to ?? (input.from && input.from > today ? input.from : today);
  const from = input.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (from > to) return { errors: { to: PERIOD_MESSAGES.order } };
  if ((daysBetween(from, to) ?? 0) + 1 > MAX_PERIOD_DAYS) return { errors: { from: PERIOD_MESSAGES.tooLong } };
  return { from, to };
}
