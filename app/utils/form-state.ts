/**
 * The contract between a form's action and its page: module actions return it, components read it
 * (the hooks in components/form/form-state.ts).
 */

/**
 * The key of an error that belongs to the whole form rather than one field (a stale edit, a save
 * that failed, no project selected). Every form uses this one key.
 */
export const FORM_ERROR = "_form";

/** What an action returns when validation fails (remix-validated-form's validationError shape). */
export interface FormErrorData {
  formId?: string;
  fieldErrors: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
}

export function isFormErrorData(value: unknown): value is FormErrorData {
  return Boolean(value && typeof value === "object" && "fieldErrors" in value && Object.keys((value as FormErrorData).fieldErrors ?? {}).length);
}
