import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { rangeQuery, reportFigures } from "~/modules/reports/figures.server";
import { reportToJson } from "~/modules/reports/reports-page.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/reports/summary?projectId=[&from=&to=]: the figures of /reports (docs/records.md#reports). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(reportToJson(await reportFigures(access, rangeQuery(new URL(request.url)))));
  });
}
