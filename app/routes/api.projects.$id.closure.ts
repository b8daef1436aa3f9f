import type { ActionFunctionArgs } from "@remix-run/node";
import { phaseApiAction } from "~/modules/project-lifecycle/phases-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** POST /api/projects/{id}/closure: the closure form's values (`intent: "save"` keeps them in progress; otherwise submitted). */
export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => phaseApiAction(request, params.id, "closure"));
