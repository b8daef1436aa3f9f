import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { createGrievance, getGrievance } from "~/modules/grievances/grievance.server";
import { listGrievances } from "~/modules/grievances/grievance-list.server";
import { grievanceFilters } from "~/modules/grievances/list-params";
import { GrievanceSchema } from "~/modules/grievances/schemas";
import { grievanceToJson } from "~/modules/grievances/grievance-json";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";

/** GET /api/grievances?projectId=[&search=&stage=&overdue=yes&category=&owner=&property=&limit=&offset=]: the list's rows, one page. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { rows, total } = await listGrievances(access, { ...grievanceFilters(new URL(request.url).searchParams), sort: "receivedAt", dir: "desc", ...page });
    return listResponse(request, rows, total, page);
  });
}

/** POST /api/grievances: the form's fields plus projectId; 201 with the grievance. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(GrievanceSchema, body);
    const created = await createGrievance(access, input);
    return json(grievanceToJson(await getGrievance(access, created.id)), { status: 201 });
  });
}
