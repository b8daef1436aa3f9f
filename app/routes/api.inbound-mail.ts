import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { apiListInbox } from "~/modules/inbound-mail/review-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/inbound-mail?projectId=[&status=review|recorded|rejected&limit=&offset=]: the Mail inbox's rows, one page (docs/inbound-mail.md#review). */
export const loader = ({ request }: LoaderFunctionArgs) => handleAppErrors(async () => apiListInbox(request, await requireApiProject(request)));
