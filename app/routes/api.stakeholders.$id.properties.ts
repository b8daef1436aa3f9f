import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { propertyToJson } from "~/modules/property/property-json";
import { stakeholderProperties } from "~/modules/stakeholder/stakeholder.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/stakeholders/{id}/properties?projectId=: the properties linked to the stakeholder, one page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { properties, total } = await stakeholderProperties(access, parseRecordId(params.id), page);
    return listResponse(request, properties.map(propertyToJson), total, page);
  });
}
