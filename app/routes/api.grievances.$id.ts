import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { deleteGrievance, getGrievance, updateGrievance } from "~/modules/grievances/grievance.server";
import { grievanceToJson } from "~/modules/grievances/grievance-json";
import { grievanceFormStrings } from "~/modules/grievances/form-values";
import { GrievancePageSchema } from "~/modules/grievances/schemas";
import { projectTimeZone } from "~/modules/calendar/today";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/grievances/{id}[?projectId=]: 404 for another project's or client's grievance. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(grievanceToJson(await getGrievance(access, requireRecordId(params.id, "Grievance not found"))));
  });
}

/**
 * PUT (or PATCH) /api/grievances/{id}: the form's fields (those omitted keep their values) plus projectId
 * and optionally the version last read (409 when no longer current). DELETE removes it (deleteData).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, "Grievance not found");
    requireMethod(request, "PUT", "PATCH", "DELETE");
    if (request.method === "DELETE") {
      const access = await requireApiProject(request);
      await deleteGrievance(access, id);
      return json({ message: "Grievance deleted" });
    }
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const current = await getGrievance(access, id);
    const { version, ...input } = parseApiPayload(GrievancePageSchema, { ...grievanceFormStrings(current, projectTimeZone(access.project.settings)), version: "", ...body });
    await updateGrievance(access, id, input, version);
    return json(grievanceToJson(await getGrievance(access, id)));
  });
}
