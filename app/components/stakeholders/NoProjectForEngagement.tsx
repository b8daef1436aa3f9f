import { useFormErrors } from "~/components/kit";
import { FORM_ERROR } from "~/utils/form-state";
import { NO_PROJECT_FOR_ENGAGEMENT } from "~/modules/engagement/engagement-types";

/** docs/records.md#engagements: recording an interaction with no project selected says so, whether asked by URL or by a post. */
export function NoProjectForEngagement({ requested }: { requested: boolean }) {
  const posted = useFormErrors()?.fieldErrors[FORM_ERROR] === NO_PROJECT_FOR_ENGAGEMENT;
  if (!requested && !posted) return null;
  return (
    <p role="alert" className="field__error">
      {NO_PROJECT_FOR_ENGAGEMENT}
    </p>
  );
}
