import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { linkedStakeholderIds } from "~/modules/links/links.server";
import { parsePropertyId } from "~/modules/property/form-values";
import { getProperty } from "~/modules/property/property.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/properties/{id}/linked-stakeholder-ids?projectId=: a JSON array of stakeholder ids. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const property = await getProperty(access, parsePropertyId(params.id));
    return json(await linkedStakeholderIds(access, property.id));
  });
}
