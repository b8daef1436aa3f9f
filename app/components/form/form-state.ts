import { useContext } from "react";
import { useActionData } from "@remix-run/react";
// Same package and version Remix renders with; pinned in package.json.
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from "react-router-dom";
import { isFormErrorData, type FormErrorData } from "~/utils/form-state";

/** Errors and submitted values of this route's last failed submission of form `formId`. */
export function useFormErrors(formId?: string): FormErrorData | null {
  const data = useActionData();
  if (!isFormErrorData(data)) return null;
  if (formId && data.formId && data.formId !== formId) return null;
  return data;
}

/**
 * True when any route on the page has just failed validation. The root uses it to prefix the page
 * title with "Error: " (meta functions never see action data, so the router state is read here).
 */
export function usePageHasFormErrors(): boolean {
  const state = useContext(DataRouterStateContext);
  return Object.values(state?.actionData ?? {}).some(isFormErrorData);
}
