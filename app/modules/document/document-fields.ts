import { DOCUMENT_CATEGORIES } from "~db/entities/enums";

/**
 * What the document forms show and limit, apart from the zod schemas: components import these, so a
 * page's client bundle does not carry zod and the validators (schemas.ts re-exports them).
 */
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

export const UPLOAD_FORM_ID = "upload-document";
export const EDIT_FORM_ID = "edit-document";

export function isDocumentCategory(value: unknown): value is DocumentCategory {
  return typeof value === "string" && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}
