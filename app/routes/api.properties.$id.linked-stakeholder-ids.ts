import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { getProperty } from "~/modules/property/property.server";
import { listResponse, pageOf, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}/linked-stakeholder-ids?projectId=: a JSON array of stakeholder ids, one page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const property = await getProperty(access, requireRecordId(params.id, "Property not found"));
    const ids = await linkedStakeholderIds(access, property.id);
    return listResponse(request, pageOf(ids, page), ids.length, page);
  });
}
