import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireProjectAccess } from "~/modules/access/project-access.server";
import { projectToJson } from "~/modules/project/project-json";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/projects/{id}: 404 for an unknown or another client's project, 403 without access. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const { project } = await requireProjectAccess(request, params.id);
    return json(projectToJson(project));
  });
}
