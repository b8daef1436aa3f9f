import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { grievanceClockApiAction, grievanceClockApiLoader } from "~/modules/project-lifecycle/grievance-clock.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/projects/{id}/grievance-clock: the project's grievance clock (docs/records.md#grievance-clock-settings). */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(() => grievanceClockApiLoader(request, params.id));

/** PUT /api/projects/{id}/grievance-clock: saves it with the page form's schema. */
export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => grievanceClockApiAction(request, params.id));
