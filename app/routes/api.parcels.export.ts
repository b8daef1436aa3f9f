import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { parcelExportDownload } from "~/modules/parcels/parcel-api.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/parcels/export?projectId=&format=geojson|kml[&bbox=]: the parcels as a GIS file in GDA2020 (docs/records.md#parcels-over-api). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => parcelExportDownload(request, await requireApiProject(request)));
}
