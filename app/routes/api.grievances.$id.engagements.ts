import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { linkTargetId } from "~/modules/grievances/grievance-links-actions.server";
import { attachToGrievance, detachFromGrievance, grievanceAttachments } from "~/modules/grievances/grievance-links.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/**
 * POST /api/grievances/{id}/engagements: attach one of the project's engagements (`engagementId`, plus projectId); 201.
 * DELETE with the same body removes it. Both answer the grievance's attachments; another project's
 * engagement or grievance is 404 (docs/records.md#grievance-links).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, "Grievance not found");
    requireMethod(request, "POST", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const targetId = linkTargetId("engagement", body);
    if (request.method === "DELETE") await detachFromGrievance(access, id, "engagement", targetId);
    else await attachToGrievance(access, id, "engagement", targetId);
    return json(await grievanceAttachments(access, id), { status: request.method === "DELETE" ? 200 : 201 });
  });
}
