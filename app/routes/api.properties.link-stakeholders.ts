import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { linkRemovedMessage } from "~/modules/links/link-rules";
import { removePropertyStakeholders, setPropertyStakeholders } from "~/modules/links/links.server";
import { linkedMessage } from "~/modules/property/form-values";
import { LinkStakeholdersSchema } from "~/modules/property/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/properties/link-stakeholders {projectId, propertyId, stakeholderIds}: replaces the links;
 * an empty stakeholderIds is 400 (NOTHING_SELECTED). DELETE with the same body removes the named
 * links (docs/records.md#links).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const { propertyId, stakeholderIds } = parseApiPayload(LinkStakeholdersSchema, body);
    if (request.method === "DELETE") {
      const { address, names, count } = await removePropertyStakeholders(access, propertyId, stakeholderIds);
      return json({ message: linkRemovedMessage(names, [address]), count });
    }
    const { count } = await setPropertyStakeholders(access, propertyId, stakeholderIds);
    return json({ message: linkedMessage(count), count });
  });
}
