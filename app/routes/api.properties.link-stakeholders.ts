import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload, readBody, requireApiProject } from "~/modules/auth/api.server";
import { setPropertyStakeholders } from "~/modules/links/links.server";
import { linkedMessage } from "~/modules/property/form-values";
import { LinkStakeholdersSchema } from "~/modules/property/schemas";
import { handleApi } from "~/utils/http.server";

/** POST /api/properties/link-stakeholders {projectId, propertyId, stakeholderIds}: replaces the links. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return json({ message: "Method not allowed" }, { status: 405 });
    const body = await readBody(request);
    const access = await requireApiProject(request, "editData", body);
    const { propertyId, stakeholderIds } = parseApiPayload(LinkStakeholdersSchema, body);
    const { count } = await setPropertyStakeholders(access, propertyId, stakeholderIds);
    return json({ message: linkedMessage(count), count });
  });
}
