import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { apiCreateProject } from "~/modules/project-lifecycle/projects-api.server";
import { listAccessibleProjects } from "~/modules/access/project-access.server";
import { projectToJson } from "~/modules/project/project-json";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/** GET /api/projects[?limit=&offset=]: the projects the user may open (a JSON array, as in the spec), one page. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const page = parseListPage(request);
    const { projects, total } = await listAccessibleProjects(user, page);
    return listResponse(request, projects.map(projectToJson), total, page);
  });

/**
 * POST /api/projects: creates a project from the start-up form (201 with the project), as /projects/new
 * does: createProjects, the plan's project limit (403 naming the plan), the creator made a member.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleAppErrors(async () => {
    requireMethod(request, "POST");
    return apiCreateProject(request);
  });
