import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { getProperty } from "~/modules/property/property.server";
import { handleAppErrors } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}/linked-stakeholder-ids?projectId=: a JSON array of stakeholder ids. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const property = await getProperty(access, requireRecordId(params.id, "Property not found"));
    return json(await linkedStakeholderIds(access, property.id));
  });
}
