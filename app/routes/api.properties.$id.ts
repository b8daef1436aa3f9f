import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { propertyToJson } from "~/modules/property/property-json";
import { getProperty, updateProperty } from "~/modules/property/property.server";
import { PropertyFormSchema, VersionSchema } from "~/modules/property/schemas";
import { deleteRecord } from "~/modules/database-management/database-management.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { propertyFormValues } from "~/modules/property/form-values";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/properties/{id}[?projectId=]: 404 for another project's or client's property. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(propertyToJson(await getProperty(access, requireRecordId(params.id, "Property not found"))));
  });
}

/**
 * PATCH /api/properties/{id}: the form fields (those omitted keep their values) plus projectId and
 * optionally the version last read (409 when it is no longer current). DELETE removes it (a failure is
 * "Failed to delete record", as on Database Management).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, "Property not found");
    if (request.method === "DELETE") {
      const access = await requireApiProject(request);
      await deleteRecord(access, "properties", id);
      return json({ message: "Property deleted" });
    }
    requireMethod(request, "PATCH", "PUT", "DELETE");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const current = await getProperty(access, id);
    const input = parseApiPayload(PropertyFormSchema, { ...propertyFormValues(current), ...body });
    const { version } = parseApiPayload(VersionSchema, body);
    const property = await updateProperty(access, id, input, version ?? null);
    return json(propertyToJson(property));
  });
}
