import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { requestReportPack } from "~/modules/reports/pack-job.server";
import { ReportRangeSchema } from "~/modules/reports/range";
import { parseApiPayload } from "~/utils/api-payload";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

/**
 * POST /api/reports/pack: projectId[, from, to] (the range of /reports, this month by default). Queues
 * the pack's job and answers 202; the PDF and the workbook then appear as the project's documents
 * tagged "report pack" (docs/records.md#report-pack).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    const { range } = await requestReportPack(access, parseApiPayload(ReportRangeSchema, body));
    return json({ queued: true, range, documents: `/api/documents?projectId=${access.project.id}&search=report+pack` }, { status: 202 });
  });
}
