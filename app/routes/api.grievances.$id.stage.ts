import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { getGrievance } from "~/modules/grievances/grievance.server";
import { changeGrievanceStage } from "~/modules/grievances/grievance-stages.server";
import { grievanceToJson } from "~/modules/grievances/grievance-json";
import { GrievanceStageSchema } from "~/modules/grievances/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/**
 * POST /api/grievances/{id}/stage: `action` (move with `to`, escalate, refer with referredTo and
 * referredAt, reopen, close with the outcome) plus projectId; docs/records.md#grievance-stages.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, "Grievance not found");
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(GrievanceStageSchema, body);
    await changeGrievanceStage(access, id, input);
    return json(grievanceToJson(await getGrievance(access, id)));
  });
}
