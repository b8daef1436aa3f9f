import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { parseLaaFilter } from "~/modules/property/laa-status";
import { propertyToJson } from "~/modules/property/property-json";
import { createProperty, listPropertyEntities } from "~/modules/property/property.server";
import { PropertyCreateApiSchema } from "~/modules/property/schemas";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { MAX_SEARCH_LENGTH } from "~/utils/list-query";
import { listResponse, parseListPage } from "~/utils/api-list.server";

/** GET /api/properties?projectId=[&search=&laa=&limit=&offset=]: a JSON array, one page (X-Total-Count, Link). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const params = new URL(request.url).searchParams;
    const page = parseListPage(request);
    const search = (params.get("search") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    const { properties, total } = await listPropertyEntities(access, { search, laa: parseLaaFilter(params.get("laa")), sort: "address", dir: "asc", ...page });
    return listResponse(request, properties.map(propertyToJson), total, page);
  });
}

/** POST /api/properties: form fields plus projectId; 201 with the property, or 409 with duplicates unless force is true. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(PropertyCreateApiSchema, body);
    const result = await createProperty(access, input, { force: input.force });
    if (result.duplicates) return json({ message: "Possible duplicate properties found", duplicates: result.duplicates }, { status: 409 });
    return json(propertyToJson(result.property), { status: 201 });
  });
}
