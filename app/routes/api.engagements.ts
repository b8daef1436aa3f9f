import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { engagementToJson, recordEngagement } from "~/modules/engagement/engagement.server";
import { listProjectEngagements } from "~/modules/engagement/engagement-list.server";
import { EngagementSchema } from "~/modules/engagement/schemas";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";

/** GET /api/engagements?projectId=[&search=&limit=&offset=]: the project's engagements, newest first, one page (X-Total-Count, Link). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const search = (new URL(request.url).searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    const { rows, total } = await listProjectEngagements(access, { search, ...page });
    return listResponse(request, rows, total, page);
  });
}

/** POST /api/engagements: the Record Interaction form's fields plus stakeholderId and projectId; 201 with the record. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(EngagementSchema, body);
    const stakeholderId = parseRecordId(body.stakeholderId);
    if (!stakeholderId) throw new AppError(400, "Stakeholder is required");
    const engagement = await recordEngagement(access, stakeholderId, input);
    return json(engagementToJson(engagement), { status: 201 });
  });
}
