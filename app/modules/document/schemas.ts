import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { DOCUMENT_CATEGORIES } from "~db/entities/enums";
import { MAX_TAG_LENGTH, MAX_TAGS, parseTags } from "./file-types";

export { DOCUMENT_CATEGORIES };
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  legal: "Legal",
  financial: "Financial",
  correspondence: "Correspondence",
  technical: "Technical",
  contract: "Contract",
  permit: "Permit",
  survey: "Survey",
  environmental: "Environmental",
  planning: "Planning",
  other: "Other",
};

export const MAX_DESCRIPTION_LENGTH = 5000;

const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : typeof value === "string" ? value.trim() : value);

export const descriptionField = z.preprocess(blankToNull, z.string().max(MAX_DESCRIPTION_LENGTH, `Description must be ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-AU")} characters or fewer`).nullable());

export const tagsField = z.preprocess(
  parseTags,
  z
    .array(z.string().max(MAX_TAG_LENGTH, `Each tag must be ${MAX_TAG_LENGTH} characters or fewer`))
    .max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`),
);

const categoryField = z.preprocess(
  blankToNull,
  z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "Select a category from the list" }) }).nullable(),
);

/** An optional record id from a select ("" means none). */
const optionalRecordId = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? null : value),
    z.coerce.number({ invalid_type_error: `Select a valid ${label}` }).int(`Select a valid ${label}`).positive(`Select a valid ${label}`).max(2_147_483_647, `Select a valid ${label}`).nullable(),
  );

/** The text fields sent with an upload (page form and POST /api/documents/upload). */
export const documentUploadSchema = z.object({
  stakeholderId: optionalRecordId("stakeholder"),
  propertyId: optionalRecordId("property"),
  description: descriptionField,
  category: categoryField,
  tags: tagsField,
});
export type DocumentUploadInput = z.infer<typeof documentUploadSchema>;

/** Edit notes (spec 000 §5): blank description and category become null; tags split on commas. */
export const documentEditSchema = z.object({
  description: descriptionField,
  category: categoryField,
  tags: tagsField,
});
export type DocumentEditInput = z.infer<typeof documentEditSchema>;

export const UPLOAD_FORM_ID = "upload-document";
export const EDIT_FORM_ID = "edit-document";

export const documentUploadValidator = withZod(documentUploadSchema);
export const documentEditValidator = withZod(documentEditSchema);

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === "string" && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}
