import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { parseCalendarDate } from "~/modules/next-action/priority";
import { PROPERTY_LIMITS } from "./limits";

/**
 * The property form (docs/records.md#property-form): one schema for the page action and
 * /api/properties. Accepts form strings and JSON values alike; blank text becomes null.
 */
export { PROPERTY_LIMITS };
export const ADDRESS_REQUIRED = "Property address is required";

const asText = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "number" ? String(value) : value);

function optionalText(label: string, max: number) {
  return z
    .preprocess(
      asText,
      z
        .string({ invalid_type_error: `${label} must be text` })
        .trim()
        .max(max, `${label} must be ${max} characters or fewer`),
    )
    .transform((v) => v || null);
}

/** Imported title fields the form does not show: absent means "leave as is" on update. */
function keptText(label: string, max: number) {
  return optionalText(label, max).optional();
}

/** A calendar date 'YYYY-MM-DD', or null when blank. */
function optionalDate(label: string) {
  return z
    .preprocess(asText, z.string({ invalid_type_error: `${label} must be a date` }).trim())
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && parseCalendarDate(v) !== null), `${label} must be a real date, for example 2026-03-31`)
    .transform((v) => v || null);
}

/** Checkbox ("on"), JSON boolean, or "true"/"1". */
export const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1" || v === 1, z.boolean());

export const PropertyFieldsSchema = z.object({
  address: z.preprocess(
    asText,
    z.string({ invalid_type_error: ADDRESS_REQUIRED }).trim().min(1, ADDRESS_REQUIRED).max(PROPERTY_LIMITS.address, `Property address must be ${PROPERTY_LIMITS.address} characters or fewer`),
  ),
  volume: optionalText("Volume", PROPERTY_LIMITS.volume),
  folio: optionalText("Folio", PROPERTY_LIMITS.folio),
  area: optionalText("Area", PROPERTY_LIMITS.area),
  zoning: optionalText("Zoning", PROPERTY_LIMITS.zoning),
  notes: optionalText("Notes", PROPERTY_LIMITS.notes),
  nextAction: optionalText("Next action", PROPERTY_LIMITS.nextAction),
  nextActionDueDate: optionalDate("Next action due date"),
  hasLAA: checkbox,
  // Only checked and kept when hasLAA is ticked (refined below).
  laaExpiryDate: z.unknown().optional(),
  laaDetails: z.unknown().optional(),
  lot: keptText("Lot", PROPERTY_LIMITS.lot),
  planNumber: keptText("Plan number", PROPERTY_LIMITS.planNumber),
  lotPlanLine: keptText("Lot/plan", PROPERTY_LIMITS.lotPlanLine),
});

const laaExpirySchema = optionalDate("LAA expiry date");
const laaDetailsSchema = optionalText("LAA details", PROPERTY_LIMITS.laaDetails);

export const PropertyFormSchema = PropertyFieldsSchema.superRefine((value, ctx) => {
  if (!value.hasLAA) return;
  for (const [name, schema] of [
    ["laaExpiryDate", laaExpirySchema],
    ["laaDetails", laaDetailsSchema],
  ] as const) {
    const result = schema.safeParse(value[name]);
    if (!result.success) ctx.addIssue({ code: "custom", path: [name], message: result.error.issues[0]!.message });
  }
}).transform((value) => ({
  ...value,
  laaExpiryDate: value.hasLAA ? laaExpirySchema.parse(value.laaExpiryDate) : null,
  laaDetails: value.hasLAA ? laaDetailsSchema.parse(value.laaDetails) : null,
}));

export type PropertyInput = z.infer<typeof PropertyFormSchema>;

/** The page form also carries the version it was rendered with (edit) and the duplicate override. */
export const PropertyPageFormSchema = PropertyFormSchema.and(
  z.object({
    version: z
      .preprocess(
        asText,
        z
          .string()
          .trim()
          .regex(/^\d{0,9}$/, "Reload the form and try again"),
      )
      .transform((v) => (v ? Number(v) : null)),
    force: checkbox,
  }),
);
export const propertyFormValidator = withZod(PropertyPageFormSchema);

/** POST /api/properties: the form fields plus force (projectId is read by requireApiProject). */
export const PropertyCreateApiSchema = PropertyFormSchema.and(z.object({ force: checkbox.optional().default(false) }));

/** Optional stale-write guard for PATCH /api/properties/{id}. */
export const VersionSchema = z.object({
  version: z.preprocess((v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v), z.number().int().positive("version must be a positive whole number").optional()),
});

const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number({ invalid_type_error: "Stakeholder ids must be numbers" }).int().positive("Stakeholder ids must be positive whole numbers")).max(1000, "Too many stakeholders"),
);

export const LinkStakeholdersSchema = z.object({
  propertyId: z.coerce.number({ invalid_type_error: "propertyId must be a number" }).int().positive("propertyId must be a positive whole number"),
  stakeholderIds: idList,
});
