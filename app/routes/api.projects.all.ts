import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/current-user.server";
import { listAllProjects } from "~/modules/project/all-projects.server";
import { projectToJson } from "~/modules/project/project-json";
import { listResponse, parseListPage } from "~/utils/api-list.server";
import { handleAppErrors } from "~/utils/http.server";

/** GET /api/projects/all[?limit=&offset=]: every client's projects with their clientId (system admin only), one page. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const user = await requireUser(request);
    const page = parseListPage(request);
    const { projects, total } = await listAllProjects(user, page);
    return listResponse(request, projects.map(projectToJson), total, page);
  });
