import type { ActionFunctionArgs } from "@remix-run/node";
import { apiAcceptMessage } from "~/modules/inbound-mail/review-api.server";
import { handleAppErrors } from "~/utils/http.server";

/**
 * POST /api/inbound-mail/{id}/accept: `{ projectId, stakeholder: "existing", stakeholderId }` or
 * `{ projectId, stakeholder: "new", newStakeholderName, newStakeholderEmail? }`, the page form's schema.
 */
export const action = ({ request, params }: ActionFunctionArgs) => handleAppErrors(() => apiAcceptMessage(request, params.id));
