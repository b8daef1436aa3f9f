import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleAppErrors } from "~/utils/http.server";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { SAMPLE_STAKEHOLDER } from "~/modules/stakeholder/stakeholder-json";

/** /stakeholders/sample.json: the stakeholder shape with made-up values (debug action). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ message: "No project selected" }, { status: 400 });
    return json({ ...SAMPLE_STAKEHOLDER, projectId: access.project.id }, { headers: { "Cache-Control": "private, no-store" } });
  });
}
