import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { propertyToJson } from "~/modules/property/property-json";
import { stakeholderProperties } from "~/modules/stakeholder/stakeholder.server";
import { handleAppErrors } from "~/utils/http.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /api/stakeholders/{id}/properties?projectId=: the properties linked to the stakeholder. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const properties = await stakeholderProperties(access, parseRecordId(params.id));
    return json(properties.map(propertyToJson));
  });
}
