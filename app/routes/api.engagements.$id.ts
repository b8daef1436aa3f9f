import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { engagementToJson, listEngagements } from "~/modules/engagement/engagement.server";
import { deleteRecord } from "~/modules/database-management/database-management.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/engagements/{stakeholderId}?projectId=: the stakeholder's engagements, newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { rows, total } = await listEngagements(access, parseRecordId(params.id), page);
    return listResponse(request, rows.map(engagementToJson), total, page);
  });
}

/** DELETE /api/engagements/{id}?projectId=: removes one engagement (deleteData; a failure is "Failed to delete record"). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "DELETE");
    const access = await requireApiProject(request);
    await deleteRecord(access, "engagements", parseRecordId(params.id));
    return json({ message: "Interaction deleted" });
  });
}
