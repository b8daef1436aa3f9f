import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { engagementToJson, recordEngagement } from "~/modules/engagement/engagement.server";
import { EngagementSchema } from "~/modules/engagement/schemas";
import { AppError } from "~/utils/app-error";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

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
