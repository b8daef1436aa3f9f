import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { ENGAGEMENT_TYPES } from "~db/entities/enums";
import { blankToNull, optionalText, toBoolean } from "~/utils/form-fields";
import { ENGAGEMENT_LIMITS as LIMITS } from "./limits";
import { DEFAULT_ENGAGEMENT_TYPE } from "./engagement-types";
import { DEFAULT_TIME_ZONE, isCalendarDate, TIME_ZONE_VALUES, zonedDateToInstant, zonedLocalToInstant } from "./zoned-time";

/**
 * The Record Interaction form (docs/records.md#engagements), shared by the /stakeholders action and POST
 * /api/engagements. Times may be datetime-local values, read in the chosen zone, or full ISO
 * instants (with Z or an offset) from /api callers; both are stored as instants.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const dateTimeText = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be a date and time` })
      .max(40, `Enter a real ${label.toLowerCase()}`)
      .nullable()
      .optional(),
  );

function toInstant(value: string | null | undefined, timeZone: string): Date | null | "invalid" {
  if (value === null || value === undefined) return null;
  if (ISO_INSTANT.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? "invalid" : date;
  }
  return zonedLocalToInstant(value, timeZone) ?? "invalid";
}

export const EngagementSchema = z
  .object({
    type: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? DEFAULT_ENGAGEMENT_TYPE : v),
      z.enum(ENGAGEMENT_TYPES, { errorMap: () => ({ message: "Select a valid interaction type" }) }),
    ),
    subject: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({ required_error: "Subject is required", invalid_type_error: "Subject is required" })
        .min(1, "Subject is required")
        .max(LIMITS.subject, `Subject must be ${LIMITS.subject} characters or fewer`),
    ),
    timezone: z.preprocess((v) => (v === undefined || v === null || v === "" ? DEFAULT_TIME_ZONE : v), z.enum(TIME_ZONE_VALUES, { errorMap: () => ({ message: "Select a valid time zone" }) })),
    completedAt: dateTimeText("Date and time"),
    scheduledAt: dateTimeText("Scheduled date and time"),
    location: optionalText("Location", LIMITS.location),
    notes: optionalText("Notes", LIMITS.notes),
    outcomes: optionalText("Outcomes", LIMITS.notes),
    followUpRequired: z.preprocess((v) => (v === undefined ? false : toBoolean(v)), z.boolean({ invalid_type_error: "Follow-up required must be true or false" })),
    followUpDate: z.preprocess(blankToNull, z.string({ invalid_type_error: "Follow-up date must be a date" }).max(40).nullable().optional()),
  })
  .superRefine((data, ctx) => {
    for (const key of ["completedAt", "scheduledAt"] as const) {
      if (toInstant(data[key], data.timezone) === "invalid") ctx.addIssue({ code: "custom", path: [key], message: "Enter a real date and time" });
    }
    if (data.followUpRequired) {
      if (!data.followUpDate) ctx.addIssue({ code: "custom", path: ["followUpDate"], message: "Enter a follow-up date" });
      else if (!isCalendarDate(data.followUpDate.slice(0, 10)) || (data.followUpDate.length > 10 && toInstant(data.followUpDate, data.timezone) === "invalid")) {
        ctx.addIssue({ code: "custom", path: ["followUpDate"], message: "Follow-up date must be a real date in the format YYYY-MM-DD" });
      }
    }
  })
  .transform((data) => {
    const completedAt = toInstant(data.completedAt, data.timezone) as Date | null;
    const scheduledAt = toInstant(data.scheduledAt, data.timezone) as Date | null;
    return {
      type: data.type,
      subject: data.subject,
      timezone: data.timezone,
      location: data.location ?? null,
      notes: data.notes ?? null,
      outcomes: data.outcomes ?? null,
      followUpRequired: data.followUpRequired,
      // docs/records.md#time-zones: completed-at defaults to now (unless only a scheduled time is given).
      completedAt: completedAt ?? (scheduledAt ? null : new Date()),
      scheduledAt,
      // Only kept when follow-up is ticked (the field is always rendered without JavaScript).
      followUpDate:
        data.followUpRequired && data.followUpDate
          ? data.followUpDate.length === 10
            ? zonedDateToInstant(data.followUpDate, data.timezone)
            : (toInstant(data.followUpDate, data.timezone) as Date)
          : null,
    };
  });

export type EngagementInput = z.output<typeof EngagementSchema>;
export const engagementValidator = withZod(EngagementSchema);
