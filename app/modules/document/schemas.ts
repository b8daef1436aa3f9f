import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { DOCUMENT_CATEGORIES, MAX_DESCRIPTION_LENGTH } from "./document-fields";
import { MAX_TAG_LENGTH, MAX_TAGS, parseTags } from "./file-types";

export { CATEGORY_LABELS, DOCUMENT_CATEGORIES, EDIT_FORM_ID, isDocumentCategory, MAX_DESCRIPTION_LENGTH, UPLOAD_FORM_ID, type DocumentCategory } from "./document-fields";

const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : typeof value === "string" ? value.trim() : value);

export const descriptionField = z.preprocess(
  blankToNull,
  z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `Description must be ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-AU")} characters or fewer`)
    .nullable(),
);

export const tagsField = z.preprocess(parseTags, z.array(z.string().max(MAX_TAG_LENGTH, `Each tag must be ${MAX_TAG_LENGTH} characters or fewer`)).max(MAX_TAGS, `Use at most ${MAX_TAGS} tags`));

const categoryField = z.preprocess(blankToNull, z.enum(DOCUMENT_CATEGORIES, { errorMap: () => ({ message: "Select a category from the list" }) }).nullable());

/** An optional record id from a select ("" means none). */
const optionalRecordId = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? null : value),
    z.coerce
      .number({ invalid_type_error: `Select a valid ${label}` })
      .int(`Select a valid ${label}`)
      .positive(`Select a valid ${label}`)
      .max(2_147_483_647, `Select a valid ${label}`)
      .nullable(),
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

/** Edit notes (docs/records.md#documents): blank description and category become null; tags split on commas. */
export const documentEditSchema = z.object({
  description: descriptionField,
  category: categoryField,
  tags: tagsField,
});
export type DocumentEditInput = z.infer<typeof documentEditSchema>;

export const documentUploadValidator = withZod(documentUploadSchema);
export const documentEditValidator = withZod(documentEditSchema);
