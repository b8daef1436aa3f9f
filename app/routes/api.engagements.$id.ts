import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { deleteEngagement, engagementToJson, listEngagements } from "~/modules/engagement/engagement.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { pageParams } from "~/utils/pagination";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/engagements/{stakeholderId}?projectId=: the stakeholder's interactions, newest first. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const { limit, offset } = pageParams(new URL(request.url).searchParams, { defaultLimit: 200, maxLimit: 1000 });
    const { rows, total } = await listEngagements(access, parseRecordId(params.id), { limit, offset });
    return json(rows.map(engagementToJson), { headers: { "X-Total-Count": String(total) } });
  });
}

/** DELETE /api/engagements/{id}?projectId=: removes one interaction (deleteData). */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "DELETE");
    const access = await requireApiProject(request);
    await deleteEngagement(access, parseRecordId(params.id));
    return json({ message: "Interaction deleted" });
  });
}
