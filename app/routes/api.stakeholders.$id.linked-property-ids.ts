import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { linkedPropertyIds } from "~/modules/links/links.server";
import { getStakeholder } from "~/modules/stakeholder/stakeholder.server";
import { listResponse, pageOf, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/stakeholders/{id}/linked-property-ids?projectId=: the ids of the linked properties, one page. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const stakeholder = await getStakeholder(access, parseRecordId(params.id));
    const ids = await linkedPropertyIds(access, stakeholder.id);
    return listResponse(request, pageOf(ids, page), ids.length, page);
  });
}
