import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { JURISDICTIONS, MAX_TARGET_DAYS, MIN_TARGET_DAYS } from "~/modules/calendar/grievance-clock-settings";

/**
 * The project's grievance clock settings (docs/records.md#grievance-clock-settings): one schema for the
 * form on /projects/{id}/phases/grievance-clock and PUT /api/projects/{id}/grievance-clock. Field names
 * are the keys kept in the project's settings. A form posts numbers as text; JSON may send numbers.
 */
export const GRIEVANCE_CLOCK_FORM_ID = "grievance-clock";

const last = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

export const targetDaysMessage = (what: string) => `${what} must be a whole number of business days from ${MIN_TARGET_DAYS} to ${MAX_TARGET_DAYS}`;
export const JURISDICTION_MESSAGE = "Choose a state or territory from the list";

function targetDays(what: string) {
  const message = targetDaysMessage(what);
  return z.preprocess(
    (value) => {
      const v = last(value);
      if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
      if (typeof v === "string") return /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN;
      return v;
    },
    z.number({ required_error: message, invalid_type_error: message }).int(message).min(MIN_TARGET_DAYS, message).max(MAX_TARGET_DAYS, message),
  );
}

export const GrievanceClockSchema = z.object({
  grievanceJurisdiction: z.preprocess(last, z.enum(JURISDICTIONS, { errorMap: () => ({ message: JURISDICTION_MESSAGE }) })),
  grievanceAcknowledgeDays: targetDays("Acknowledge within"),
  grievanceResolveDays: targetDays("Resolve within"),
});

export type GrievanceClockInput = z.infer<typeof GrievanceClockSchema>;

export const grievanceClockValidator = withZod(GrievanceClockSchema);
