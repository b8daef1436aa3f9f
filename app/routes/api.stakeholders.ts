import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { StakeholderSchema } from "~/modules/stakeholder/schemas";
import { stakeholderToJson } from "~/modules/stakeholder/stakeholder-json";
import { createStakeholder, listStakeholderRecords } from "~/modules/stakeholder/stakeholder.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";

/** GET /api/stakeholders?projectId=[&search=&limit=&offset=]: a JSON array, name order, one page (X-Total-Count, Link). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    // Plain rows in stakeholderToJson's shape (no entities hydrated for a read-only list).
    const { rows, total } = await listStakeholderRecords(access, { search, sort: "name", dir: "asc", ...page });
    return listResponse(request, rows, total, page);
  });
}

/** POST /api/stakeholders: the form fields plus projectId; 201 with the created record. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(StakeholderSchema, body);
    const stakeholder = await createStakeholder(access, input);
    return json(stakeholderToJson(stakeholder), { status: 201 });
  });
}
