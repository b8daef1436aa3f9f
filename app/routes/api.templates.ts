import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiProject } from "~/modules/access/api-request.server";
import { listTemplates } from "~/modules/template/template.server";
import { handleAppErrors } from "~/utils/http.server";
import { listResponse, parseListPage } from "~/utils/api-list.server";

/** GET /api/templates?projectId=: the project's templates (JSON array, one page: X-Total-Count, Link). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleAppErrors(async () => {
    const access = await requireApiProject(request);
    const page = parseListPage(request);
    const { templates, total } = await listTemplates(access, page);
    return listResponse(request, templates, total, page);
  });
