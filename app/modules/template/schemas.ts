import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { tagsField } from "~/modules/document/schemas";

import { MAX_TEMPLATE_CATEGORY, MAX_TEMPLATE_DESCRIPTION, MAX_TEMPLATE_NAME } from "./template-fields";

export { MAX_TEMPLATE_CATEGORY, MAX_TEMPLATE_DESCRIPTION, MAX_TEMPLATE_NAME, TEMPLATE_EDIT_FORM_ID, TEMPLATE_UPLOAD_FORM_ID } from "./template-fields";

const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const blankToUndefined = (value: unknown) => (value === null || value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : trimmed(value));

const description = z.string().max(MAX_TEMPLATE_DESCRIPTION, `Description must be ${MAX_TEMPLATE_DESCRIPTION.toLocaleString("en-AU")} characters or fewer`);
const category = z.string().max(MAX_TEMPLATE_CATEGORY, `Category must be ${MAX_TEMPLATE_CATEGORY} characters or fewer`);
const name = z.string().max(MAX_TEMPLATE_NAME, `Template name must be ${MAX_TEMPLATE_NAME} characters or fewer`);

/** Upload (docs/records.md#templates): file and template name required; the rest optional. */
export const templateUploadSchema = z.object({
  templateName: z.preprocess(trimmed, name.min(1, "Template name is required")),
  templateDescription: z.preprocess(blankToUndefined, description.optional()),
  category: z.preprocess(blankToUndefined, category.optional()),
  tags: tagsField,
});
export type TemplateUploadInput = z.infer<typeof templateUploadSchema>;

/** Edit: fields left blank keep their old values (docs/records.md#templates). */
export const templateEditSchema = z.object({
  templateName: z.preprocess(blankToUndefined, name.optional()),
  templateDescription: z.preprocess(blankToUndefined, description.optional()),
  category: z.preprocess(blankToUndefined, category.optional()),
  tags: z.preprocess((value) => (blankToUndefined(value) === undefined || (Array.isArray(value) && value.length === 0) ? undefined : value), tagsField.optional()),
});
export type TemplateEditInput = z.infer<typeof templateEditSchema>;

export const templateUploadValidator = withZod(templateUploadSchema);
export const templateEditValidator = withZod(templateEditSchema);
