import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { IAP2_LEVELS, INFLUENCE_LEVELS, MEMBER_TYPES, STAKEHOLDER_CATEGORIES } from "~db/entities/enums";
import { isCalendarDate } from "~/modules/engagement/zoned-time";
import { blankToNull, optionalText, toBoolean } from "~/utils/form-fields";

/**
 * The stakeholder form (docs/records.md#stakeholder-form), shared by the /stakeholders action and the /api routes.
 * Blank text becomes null (clears the field); a field left out entirely stays undefined so a PATCH
 * changes only what it sends.
 */
import { LIMITS } from "./limits";

export { LIMITS };

const optionalEmail = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(LIMITS.email, `${label} must be ${LIMITS.email} characters or fewer`)
      .email("Invalid email")
      .nullable()
      .optional(),
  );

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .enum(values, { errorMap: () => ({ message: `Select a valid ${label}` }) })
      .nullable()
      .optional(),
  );

export const optionalCalendarDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ invalid_type_error: `${label} must be a date` })
      .refine(isCalendarDate, `${label} must be a real date in the format YYYY-MM-DD`)
      .nullable()
      .optional(),
  );

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" ? Number(v) : v),
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .min(-limit, `${label} is out of range`)
      .max(limit, `${label} is out of range`)
      .nullable()
      .optional(),
  );

const customFields = z
  .record(z.union([z.string().max(LIMITS.notes), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, "At most 100 custom fields")
  .nullable()
  .optional();

export const StakeholderSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: "Name is required", invalid_type_error: "Name is required" }).min(1, "Name is required").max(LIMITS.name, `Name must be ${LIMITS.name} characters or fewer`),
  ),
  email: optionalEmail("Email"),
  email2: optionalEmail("Email 2"),
  email3: optionalEmail("Email 3"),
  phone: optionalText("Phone", LIMITS.phone),
  phone2: optionalText("Phone 2", LIMITS.phone),
  phone3: optionalText("Phone 3", LIMITS.phone),
  address: optionalText("Address", LIMITS.address),
  address2: optionalText("Address 2", LIMITS.address),
  address3: optionalText("Address 3", LIMITS.address),
  memberType: optionalChoice(MEMBER_TYPES, "member type"),
  stakeholderCategory: optionalChoice(STAKEHOLDER_CATEGORIES, "stakeholder category"),
  influenceLevel: optionalChoice(INFLUENCE_LEVELS, "influence level"),
  iap2EngagementLevel: optionalChoice(IAP2_LEVELS, "IAP2 engagement level"),
  isActive: z.preprocess(toBoolean, z.boolean({ invalid_type_error: "Active must be true or false" }).optional()),
  nextAction: optionalText("Next action", LIMITS.nextAction),
  nextActionDueDate: optionalCalendarDate("Next action due date"),
  notes: optionalText("Notes", LIMITS.notes),
  // Not on the form; accepted from /api callers (imports, integrations).
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  customFields,
  /** The version the edit form was rendered with (stale-form detection). */
  version: z.preprocess((v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v), z.number({ invalid_type_error: "Invalid version" }).int().positive().optional()),
});

/** A PATCH may send any subset of the fields. */
export const StakeholderPatchSchema = StakeholderSchema.partial();

export type StakeholderInput = z.infer<typeof StakeholderSchema>;
export type StakeholderPatch = z.infer<typeof StakeholderPatchSchema>;

export const stakeholderValidator = withZod(StakeholderSchema);

/**
 * Edit Contact Details in the detail view (docs/records.md#contact-details): the stakeholder form's own
 * field rules (Name required, e-mails checked), so the page and PATCH/PUT /api/stakeholders/{id}
 * cannot disagree about a contact field.
 */
export const StakeholderContactSchema = StakeholderSchema.pick({
  name: true,
  email: true,
  email2: true,
  email3: true,
  phone: true,
  phone2: true,
  phone3: true,
  address: true,
  address2: true,
  address3: true,
  version: true,
});

export type StakeholderContactInput = z.infer<typeof StakeholderContactSchema>;

export const stakeholderContactValidator = withZod(StakeholderContactSchema);

/** The contact fields in the order the form shows them. */
export const CONTACT_FIELDS = ["name", "email", "email2", "email3", "phone", "phone2", "phone3", "address", "address2", "address3"] as const satisfies readonly (keyof StakeholderContactInput)[];

/** Link Properties: the ticked property ids (checkboxes named propertyIds, or a JSON list). */
export const LinkPropertiesSchema = z.object({
  propertyIds: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number({ invalid_type_error: "Invalid property id" }).int("Invalid property id").positive("Invalid property id")).max(10_000, "Too many properties"),
  ),
});

export const ApiLinkPropertiesSchema = LinkPropertiesSchema.extend({
  stakeholderId: z.coerce.number({ invalid_type_error: "Invalid stakeholder id" }).int().positive("Invalid stakeholder id"),
});
