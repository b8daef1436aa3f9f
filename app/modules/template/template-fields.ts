/**
 * The template forms' limits and ids, apart from the zod schemas: components import these, so a
 * page's client bundle does not carry zod and the validators (schemas.ts re-exports them).
 */
export const MAX_TEMPLATE_NAME = 200;
export const MAX_TEMPLATE_DESCRIPTION = 5000;
export const MAX_TEMPLATE_CATEGORY = 100;

export const TEMPLATE_UPLOAD_FORM_ID = "upload-template";
export const TEMPLATE_EDIT_FORM_ID = "edit-template";
