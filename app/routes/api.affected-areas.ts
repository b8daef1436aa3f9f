import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { requireUser } from "~/modules/access/current-user.server";
import { createAffectedArea, getAffectedArea, listAffectedAreas } from "~/modules/affected-areas/affected-areas.server";
import { receiveAffectedAreaUpload } from "~/modules/affected-areas/receive.server";
import { AffectedAreaUploadSchema } from "~/modules/affected-areas/schemas";
import { parseApiPayload } from "~/utils/api-payload";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** GET /api/affected-areas?projectId=[&limit=&offset=]: the project's affected areas, one page (docs/records.md#affected-areas). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { rows, total } = await listAffectedAreas(access, page);
    return listResponse(request, rows, total, page);
  });
}

/**
 * POST /api/affected-areas (multipart: `file`, `name`, `widthMetres` for a centre line, `crs` when the file
 * does not say; projectId in the query or before the file) → 201 with the area and its parcels. The page
 * form's schema and module function, so the same refusals (422 with the reason, nothing written).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    await requireUser(request);
    const inQuery = new URL(request.url).searchParams.get("projectId") ? await requireApiProject(request) : null;
    const upload = await receiveAffectedAreaUpload(request, async (fields) => inQuery ?? requireApiProject(request, fields));
    const input = parseApiPayload(AffectedAreaUploadSchema, upload.fields);
    const created = await createAffectedArea(upload.access, input, upload.file);
    return json(await getAffectedArea(upload.access, created.id), { status: 201 });
  });
}
