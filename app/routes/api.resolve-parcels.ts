import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseApiPayload } from "~/utils/api-payload";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { PARCELS_RESOLVED_TITLE, resolveParcels } from "~/modules/import/parcel-review.server";
import { ResolveParcelsApiSchema } from "~/modules/import/schemas";
import { IMPORT_API } from "~/modules/import/parse-api.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/resolve-parcels (docs/import.md#parcels): { projectId, importId, resolutions: [{ parcelId, action:
 * "create" | "link" | "leave", propertyId? }] } → { message, created, linked, left }. The review step's twin:
 * the same schema and function; all applied in one transaction or none. Errors carry the import /api's `error` field.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const input = parseApiPayload(ResolveParcelsApiSchema, body);
    const outcome = await resolveParcels(access, input.importId, input.resolutions);
    return json({ ...outcome, message: PARCELS_RESOLVED_TITLE });
  }, IMPORT_API);
}
