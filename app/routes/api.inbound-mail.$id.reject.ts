import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRejectMessage } from "~/modules/inbound-mail/review-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** POST /api/inbound-mail/{id}/reject `{ projectId }`: deletes the message in review; nothing is recorded. */
export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => apiRejectMessage(request, params.id));
