import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { figuresQuery, figuresToJson, reportGrievanceFigures } from "~/modules/grievances/figures.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/grievances/figures?projectId=[&from=&to=]: the figures of the page (docs/records.md#grievance-figures). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(figuresToJson(access, await reportGrievanceFigures(access, figuresQuery(new URL(request.url)))));
  });
}
