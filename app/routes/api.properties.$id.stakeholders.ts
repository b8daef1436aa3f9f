import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { linkedStakeholderToJson } from "~/modules/property/property-json";
import { listPropertyStakeholders } from "~/modules/property/property.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}/stakeholders?projectId=: the stakeholders linked to the property. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const stakeholders = await listPropertyStakeholders(access, requireRecordId(params.id, "Property not found"));
    return json(stakeholders.map(linkedStakeholderToJson));
  });
}
