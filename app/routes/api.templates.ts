import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireApiProject } from "~/modules/auth/api.server";
import { listTemplates } from "~/modules/template/template.server";
import { handleAppErrors } from "~/utils/http.server";
import { pageParams } from "~/utils/pagination";

/** GET /api/templates?projectId=: the project's templates (JSON array, total in X-Total-Count). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const { limit, offset } = pageParams(new URL(request.url).searchParams, { defaultLimit: 100, maxLimit: 500 });
    const { templates, total } = await listTemplates(access, { limit, offset });
    return json(templates, { headers: { "X-Total-Count": String(total) } });
  });
