import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { handleAppErrors } from "~/utils/http.server";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { exportStakeholders } from "~/modules/stakeholder/stakeholder.server";

/**
 * /stakeholders/export.json: every stakeholder of the selected project (or ?projectId=) as raw
 * JSON, capped at 10,000 rows; ?download=1 saves it as a file (the detail view's debug actions).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await getSelectedProjectAccess(request);
    if (!access) return json({ message: "No project selected" }, { status: 400 });
    const rows = await exportStakeholders(access);
    const download = new URL(request.url).searchParams.get("download") === "1";
    return json(rows, {
      headers: {
        "Cache-Control": "private, no-store",
        ...(download ? { "Content-Disposition": `attachment; filename="project_${access.project.id}_stakeholders.json"` } : {}),
      },
    });
  });
}
