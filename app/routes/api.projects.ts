import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/guards.server";
import { listAccessibleProjects } from "~/modules/project/access.server";
import { projectToJson } from "~/modules/project/project-json";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/projects[?limit=&offset=]: the projects the user may open (a JSON array, as in the spec), one page. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const page = parseListPage(request);
    const { projects, total } = await listAccessibleProjects(user, page);
    return listResponse(request, projects.map(projectToJson), total, page);
  });
