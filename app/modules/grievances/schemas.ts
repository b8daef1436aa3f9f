import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_CHANNELS, GRIEVANCE_COMPLAINANT_KINDS, GRIEVANCE_RESOLUTIONS, GRIEVANCE_SEVERITIES, GRIEVANCE_STAGES } from "~db/entities/enums";
import { blankToNull, optionalText, toBoolean } from "~/utils/form-fields";
import { isCalendarDate, isLocalDateTime } from "~/modules/engagement/zoned-time";
import { closingErrors } from "./stages";
import { GRIEVANCE_LIMITS } from "./limits";

/**
 * The grievance forms (docs/records.md#grievances), shared by the /grievances actions and the /api
 * routes: the record form (create and edit) and the stage form (move, escalate, refer, reopen, close).
 * The received date and time are wall-clock values in the project's time zone; the module turns them
 * into an instant (the schema does not know the project).
 */
export { GRIEVANCE_LIMITS };

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(values, { errorMap: () => ({ message }) }));

const requiredText = (message: string, label: string, max: number) =>
  z.preprocess(blankToNull, z.string({ required_error: message, invalid_type_error: message }).max(max, `${label} must be ${max} characters or fewer`));

const recordId = (message: string) =>
  z.preprocess((v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v) : v), z.number({ invalid_type_error: message }).int(message).positive(message).nullable());

const calendarDate = (message: string) => z.preprocess(blankToNull, z.string({ invalid_type_error: message }).refine(isCalendarDate, message).nullable().optional()).transform((v) => v ?? null);

export const COMPLAINANT_MESSAGES = {
  stakeholder: "Select the stakeholder who raised it",
  name: "Enter the complainant's name",
} as const;

export const GrievanceSchema = z
  .object({
    receivedDate: z.preprocess(
      blankToNull,
      z
        .string({ required_error: "Enter the date it was received", invalid_type_error: "Enter the date it was received" })
        .refine(isCalendarDate, "Received date must be a real date, for example 2026-03-31"),
    ),
    receivedTime: z.preprocess(
      (v) => blankToNull(v) ?? "00:00",
      z.string({ invalid_type_error: "Received time must be a time" }).regex(/^\d{2}:\d{2}$/, "Received time must be a time, for example 14:30"),
    ),
    channel: choice(GRIEVANCE_CHANNELS, "Select how it was received"),
    complainantKind: choice(GRIEVANCE_COMPLAINANT_KINDS, "Select who raised it"),
    stakeholderId: recordId("Select the stakeholder who raised it"),
    complainantName: optionalText("Complainant's name", GRIEVANCE_LIMITS.name),
    complainantContact: optionalText("Contact details", GRIEVANCE_LIMITS.contact),
    propertyId: recordId("Select a property"),
    category: choice(GRIEVANCE_CATEGORIES, "Select a category"),
    severity: choice(GRIEVANCE_SEVERITIES, "Select a severity"),
    description: requiredText("Describe the grievance", "Description", GRIEVANCE_LIMITS.description),
    ownerId: z.preprocess(blankToNull, z.string().max(200).nullable().optional()).transform((v) => v ?? null),
  })
  .superRefine((data, ctx) => {
    if (!isLocalDateTime(`${data.receivedDate}T${data.receivedTime}`)) ctx.addIssue({ code: "custom", path: ["receivedTime"], message: "Received time must be a real time, for example 14:30" });
    if (data.complainantKind === "stakeholder" && !data.stakeholderId) ctx.addIssue({ code: "custom", path: ["stakeholderId"], message: COMPLAINANT_MESSAGES.stakeholder });
    if (data.complainantKind === "person" && !data.complainantName) ctx.addIssue({ code: "custom", path: ["complainantName"], message: COMPLAINANT_MESSAGES.name });
  })
  // Exactly one kind of complainant is kept (the others' fields may still be posted without JavaScript).
  .transform((data) => ({
    receivedLocal: `${data.receivedDate}T${data.receivedTime}`,
    channel: data.channel,
    complainantKind: data.complainantKind,
    stakeholderId: data.complainantKind === "stakeholder" ? data.stakeholderId : null,
    complainantName: data.complainantKind === "person" ? (data.complainantName ?? null) : null,
    complainantContact: data.complainantKind === "person" ? (data.complainantContact ?? null) : null,
    propertyId: data.propertyId,
    category: data.category,
    severity: data.severity,
    description: data.description,
    ownerId: data.ownerId,
  }));

export type GrievanceInput = z.output<typeof GrievanceSchema>;

/** The page form also carries the version it was rendered with (edit). */
export const GrievancePageSchema = GrievanceSchema.and(
  z.object({
    version: z.preprocess((v) => (v === "" || v === null || v === undefined ? null : Number(v)), z.number({ invalid_type_error: "Reload the form and try again" }).int().positive().nullable()),
  }),
);
export const grievanceValidator = withZod(GrievancePageSchema);

export const STAGE_ACTIONS = ["move", "escalate", "refer", "reopen", "close"] as const;
export type StageAction = (typeof STAGE_ACTIONS)[number];

/** The stage form: one action and the fields it needs (docs/records.md#grievance-stages). */
export const GrievanceStageSchema = z
  .object({
    action: choice(STAGE_ACTIONS, "Choose what to do"),
    to: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(GRIEVANCE_STAGES, { errorMap: () => ({ message: "Select the stage" }) }).optional()),
    note: optionalText("Note", GRIEVANCE_LIMITS.note),
    referredTo: optionalText("Referred to", GRIEVANCE_LIMITS.referredTo),
    referredAt: calendarDate("Referral date must be a real date, for example 2026-03-31"),
    resolution: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(GRIEVANCE_RESOLUTIONS, { errorMap: () => ({ message: "Select the resolution" }) }).optional()),
    actionTaken: optionalText("What was done", GRIEVANCE_LIMITS.actionTaken),
    complainantToldOn: calendarDate("Date told must be a real date, for example 2026-03-31"),
    complainantToldHow: optionalText("How they were told", GRIEVANCE_LIMITS.toldHow),
    complainantAccepted: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? null : toBoolean(v === "yes" ? true : v === "no" ? false : v)),
      z.boolean({ invalid_type_error: "Select yes or no" }).nullable(),
    ),
    version: z.preprocess((v) => (v === "" || v === null || v === undefined ? null : Number(v)), z.number().int().positive().nullable()),
  })
  .superRefine((data, ctx) => {
    if (data.action === "move" && !data.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Select the stage" });
    if (data.action === "refer") {
      if (!data.referredTo) ctx.addIssue({ code: "custom", path: ["referredTo"], message: "Enter who it was referred to" });
      if (!data.referredAt) ctx.addIssue({ code: "custom", path: ["referredAt"], message: "Enter when it was referred" });
    }
    if (data.action === "close") {
      const errors = closingErrors({
        resolution: data.resolution ?? null,
        actionTaken: data.actionTaken ?? null,
        complainantToldOn: data.complainantToldOn,
        complainantToldHow: data.complainantToldHow ?? null,
        complainantAccepted: data.complainantAccepted,
      });
      for (const [path, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [path], message });
    }
  });

export type GrievanceStageInput = z.output<typeof GrievanceStageSchema>;
export const grievanceStageValidator = withZod(GrievanceStageSchema);
