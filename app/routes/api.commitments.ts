import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { todayForProject } from "~/modules/calendar/today";
import { listCommitments, parseDueFilter, parseStatusFilter } from "~/modules/commitments/commitment-list.server";
import { commitmentToJson } from "~/modules/commitments/commitment-json";
import { commitmentLinks, createCommitment } from "~/modules/commitments/commitment.server";
import { CommitmentFormSchema, type CommitmentInput } from "~/modules/commitments/schemas";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { parseApiPayload } from "~/utils/api-payload";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/commitments?projectId=[&search=&who=&status=&due=&owner=&stakeholderId=&propertyId=&grievanceId=&limit=&offset=]: one page of list rows (X-Total-Count, Link). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const params = new URL(request.url).searchParams;
    const page = parseListPage(request);
    const text = (name: string) => (params.get(name) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    const { rows, total } = await listCommitments(access, {
      search: text("search"),
      who: text("who"),
      status: params.has("status") ? parseStatusFilter(params.get("status")) : "all",
      due: parseDueFilter(params.get("due")),
      ownerId: text("owner") || null,
      stakeholderId: parseRecordId(params.get("stakeholderId")),
      propertyId: parseRecordId(params.get("propertyId")),
      grievanceId: parseRecordId(params.get("grievanceId")),
      limit: page.limit,
      offset: page.offset,
      today: todayForProject(access.project),
    });
    return listResponse(request, rows, total, page);
  });
}

/** POST /api/commitments: the form's fields (stakeholderIds and propertyIds as lists) plus projectId; 201 with the commitment. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(CommitmentFormSchema, body) as CommitmentInput;
    const c = await createCommitment(access, input);
    return json(commitmentToJson(c, await commitmentLinks(access, c.id), access.project), { status: 201 });
  });
}
