import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/modules/auth/guards.server";
import { listAccessibleProjects } from "~/modules/project/access.server";
import { projectToJson } from "~/modules/project/project-json";
import { pageParams } from "~/utils/pagination";

/** GET /api/projects: the projects the user may open (a JSON array, as in the spec). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { limit, offset } = pageParams(new URL(request.url).searchParams, { defaultLimit: 200, maxLimit: 500 });
  const { projects, total } = await listAccessibleProjects(user, { limit, offset });
  return json(projects.map(projectToJson), { headers: { "X-Total-Count": String(total) } });
}
