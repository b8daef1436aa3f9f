import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { isCalendarDateString } from "~/modules/calendar/today";
import { COMMITMENT_TRANSITIONS, EVIDENCE_REQUIRED, REASON_REQUIRED } from "./rules";

/**
 * The commitment forms (docs/records.md#commitments): one schema per form for the page action and
 * /api/commitments. Accepts form strings and JSON values alike; blank text becomes null.
 */
export const COMMITMENT_LIMITS = { description: 2000, note: 2000 } as const;
export const DESCRIPTION_REQUIRED = "Say what was promised";
export const PROMISED_ON_REQUIRED = "Enter the date the promise was made";
export const WHO_REQUIRED = "Choose at least one stakeholder or property the promise was made to";

/** The largest id a table holds (PostgreSQL int); a larger one is refused before it reaches SQL. */
const MAX_ID = 2_147_483_647;

const asText = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "number" ? String(value) : value);

const text = (label: string, max: number) =>
  z
    .preprocess(
      asText,
      z
        .string({ invalid_type_error: `${label} must be text` })
        .trim()
        .max(max, `${label} must be ${max} characters or fewer`),
    )
    .transform((v) => v || null);

const date = (label: string) =>
  z
    .preprocess(asText, z.string({ invalid_type_error: `${label} must be a date` }).trim())
    .refine((v) => v === "" || isCalendarDateString(v), `${label} must be a real date, for example 2026-03-31`)
    .transform((v) => v || null);

const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : Number(v)),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .int()
      .positive(`${label} must be a positive whole number`)
      .max(MAX_ID, `${label} not found`)
      .nullable(),
  );

const idList = (label: string) =>
  z.preprocess(
    // A list, one id, or ids joined by commas (the page form sends its ticked boxes that way).
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "string" ? v.split(",").filter((s) => s.trim()) : [v]),
    z
      .array(
        z.coerce
          .number({ invalid_type_error: `${label} must be numbers` })
          .int()
          .positive(`${label} must be positive whole numbers`)
          .max(MAX_ID, `${label} not found`),
      )
      .max(200, `Too many ${label.toLowerCase()}`),
  );

export const version = z
  .preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z.number({ invalid_type_error: "Reload the form and try again" }).int().positive().nullable(),
  )
  .optional()
  .transform((v) => v ?? null);

export const CommitmentFormSchema = z
  .object({
    description: z.preprocess(
      asText,
      z.string().trim().min(1, DESCRIPTION_REQUIRED).max(COMMITMENT_LIMITS.description, `What was promised must be ${COMMITMENT_LIMITS.description} characters or fewer`),
    ),
    promisedOn: date("Promised on").refine((v) => v !== null, PROMISED_ON_REQUIRED),
    dueDate: date("Due date"),
    ownerId: z.preprocess(asText, z.string().trim().max(200)).transform((v) => v || null),
    engagementId: optionalId("Engagement"),
    /** The grievance it answers (docs/records.md#grievance-links). */
    grievanceId: optionalId("Grievance"),
    stakeholderIds: idList("Stakeholders"),
    propertyIds: idList("Properties"),
    version,
  })
  .superRefine((value, ctx) => {
    if (!value.stakeholderIds.length && !value.propertyIds.length) ctx.addIssue({ code: "custom", path: ["stakeholderIds"], message: WHO_REQUIRED });
    if (value.dueDate && value.promisedOn && value.dueDate < value.promisedOn) ctx.addIssue({ code: "custom", path: ["dueDate"], message: "Due date must be on or after the promised date" });
  });

export type CommitmentInput = z.infer<typeof CommitmentFormSchema> & { promisedOn: string };
export const commitmentFormValidator = withZod(CommitmentFormSchema);

/** A status change: start, fulfil (evidence note, optional document and date), cancel (reason), reopen. */
export const CommitmentStatusSchema = z
  .object({
    transition: z.enum(COMMITMENT_TRANSITIONS, { errorMap: () => ({ message: "Choose start, fulfil, cancel or reopen" }) }),
    evidenceNote: text("Evidence", COMMITMENT_LIMITS.note),
    evidenceDocumentId: optionalId("Evidence document"),
    fulfilledOn: date("Fulfilled on"),
    cancellationReason: text("Reason", COMMITMENT_LIMITS.note),
    version,
  })
  .superRefine((value, ctx) => {
    if (value.transition === "fulfil" && !value.evidenceNote) ctx.addIssue({ code: "custom", path: ["evidenceNote"], message: EVIDENCE_REQUIRED });
    if (value.transition === "cancel" && !value.cancellationReason) ctx.addIssue({ code: "custom", path: ["cancellationReason"], message: REASON_REQUIRED });
  });

export type CommitmentStatusInput = z.infer<typeof CommitmentStatusSchema>;
export const commitmentStatusValidator = withZod(CommitmentStatusSchema);
