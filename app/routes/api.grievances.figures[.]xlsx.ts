import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { grievanceFiguresDownload } from "~/modules/grievances/figures.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/grievances/figures.xlsx?projectId=[&from=&to=]: the figures as one Excel sheet (docs/records.md#grievance-figures). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => grievanceFiguresDownload(request, await requireApiProject(request)));
}
