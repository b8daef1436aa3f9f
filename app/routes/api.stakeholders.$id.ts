import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { StakeholderPatchSchema } from "~/modules/stakeholder/schemas";
import { stakeholderToJson } from "~/modules/stakeholder/stakeholder-json";
import { getStakeholder, updateStakeholder } from "~/modules/stakeholder/stakeholder.server";
import { deleteRecord } from "~/modules/database-management/database-management.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/stakeholders/{id}?projectId=: one stakeholder; another project's or client's id is 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(stakeholderToJson(await getStakeholder(access, parseRecordId(params.id))));
  });
}

/**
 * PATCH /api/stakeholders/{id}[?projectId=]: the fields to change plus projectId, and optionally the
 * version read (a stale version is 409). DELETE /api/stakeholders/{id}?projectId= (deleteData; a failure is
 * "Failed to delete record", as on Database Management).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = parseRecordId(params.id);
    if (request.method === "DELETE") {
      const access = await requireApiProject(request);
      await deleteRecord(access, "stakeholders", id);
      return json({ message: "Stakeholder deleted" });
    }
    requireMethod(request, "PATCH", "PUT", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(StakeholderPatchSchema, body);
    return json(stakeholderToJson(await updateStakeholder(access, id, input)));
  });
}
