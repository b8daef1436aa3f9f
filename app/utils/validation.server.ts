import { validationError, type Validator } from "remix-validated-form";

/**
 * Validates a submitted form with the route's zod validator. Returns the parsed data, or a 422
 * response carrying field errors and the submitted values so the page re-renders them.
 */
export async function validateForm<T>(formData: FormData, validator: Validator<T>, formId?: string): Promise<{ data: T; response?: undefined } | { data?: undefined; response: Response }> {
  const result = await validator.validate(formData);
  if (result.error) {
    const submitted = Object.fromEntries([...formData.entries()].filter(([, value]) => typeof value === "string"));
    return { response: validationError({ ...result.error, formId: formId ?? result.error.formId }, submitted) };
  }
  return { data: result.data };
}
