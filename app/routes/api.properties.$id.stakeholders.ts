import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { linkedStakeholderToJson } from "~/modules/property/property-json";
import { pagePropertyStakeholders } from "~/modules/property/property.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}/stakeholders?projectId=: the stakeholders linked to the property, one page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { stakeholders, total } = await pagePropertyStakeholders(access, requireRecordId(params.id, "Property not found"), page);
    return listResponse(request, stakeholders.map(linkedStakeholderToJson), total, page);
  });
}
