import { useFormErrors } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { NO_PROJECT_FOR_INTERACTION } from "~/modules/engagement/interaction-types";

/** docs/records.md#engagements: recording an interaction with no project selected says so, whether asked by URL or by a post. */
export function NoProjectForInteraction({ requested }: { requested: boolean }) {
  const posted = useFormErrors()?.fieldErrors[FORM_ERROR] === NO_PROJECT_FOR_INTERACTION;
  if (!requested && !posted) return null;
  return (
    <p role="alert" className="field__error">
      {NO_PROJECT_FOR_INTERACTION}
    </p>
  );
}
