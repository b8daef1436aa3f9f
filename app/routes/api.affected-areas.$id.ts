import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { deleteAffectedArea, getAffectedArea } from "~/modules/affected-areas/affected-areas.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";
import { requireRecordId } from "~/utils/record-id";

/** GET /api/affected-areas/{id}?projectId=: the area and each parcel it takes land from; another project's or client's id is 404. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    return json(await getAffectedArea(access, requireRecordId(params.id, "Affected area not found")));
  });
}

/** DELETE /api/affected-areas/{id}?projectId=: removes it (deleteData); its parcels' totals are worked out again. */
export function action({ request, params }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    const id = requireRecordId(params.id, "Affected area not found");
    requireMethod(request, "DELETE");
    const access = await requireApiProject(request);
    const { name } = await deleteAffectedArea(access, id);
    return json({ message: "Affected area deleted", name });
  });
}
