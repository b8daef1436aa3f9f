import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { apiInboxMessage } from "~/modules/inbound-mail/review-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/inbound-mail/{id}?projectId=: one message as the Mail inbox shows it; 404 for another project's. */
export const loader = ({ request, params }: LoaderFunctionArgs) => handleAppErrors(async () => json(await apiInboxMessage(await requireApiProject(request), params.id)));
