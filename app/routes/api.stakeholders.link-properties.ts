import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { linkRemovedMessage } from "~/modules/links/link-rules";
import { removeStakeholderProperties, setStakeholderProperties } from "~/modules/links/links.server";
import { ApiLinkPropertiesSchema } from "~/modules/stakeholder/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/stakeholders/link-properties {projectId, stakeholderId, propertyIds}: replaces the links;
 * an empty propertyIds is 400 (NOTHING_SELECTED). DELETE with the same body removes the named links
 * (docs/records.md#links).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const { stakeholderId, propertyIds } = parseApiPayload(ApiLinkPropertiesSchema, body);
    if (request.method === "DELETE") {
      const { name, addresses, count } = await removeStakeholderProperties(access, stakeholderId, propertyIds);
      return json({ message: linkRemovedMessage([name], addresses), count });
    }
    const { name, count } = await setStakeholderProperties(access, stakeholderId, propertyIds);
    return json({ message: `Updated property links for ${name}. Linked to ${count} properties.`, count });
  });
}
