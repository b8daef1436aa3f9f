import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { apiListParcels } from "~/modules/parcels/parcel-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/parcels?projectId=[&bbox=minLng,minLat,maxLng,maxLat][&limit=&offset=]: the project's parcels, a page at a time (docs/records.md#parcels-over-api). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => apiListParcels(request, await requireApiProject(request)));
}
