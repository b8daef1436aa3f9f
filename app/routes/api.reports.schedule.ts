import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { readBody, requireApiProject } from "~/modules/access/api-request.server";
import { requirePermission } from "~/modules/access/project-access.server";
import { REPORT_PACK_PERMISSION } from "~/modules/reports/pack-job.server";
import { ReportPackScheduleSchema, scheduleOf } from "~/modules/reports/pack-schedule";
import { saveReportPackSchedule } from "~/modules/reports/pack-schedule.server";
import { parseApiPayload } from "~/utils/api-payload";
import { handleAppErrors, requireMethod } from "~/utils/http.server";

const toJson = (s: ReturnType<typeof scheduleOf>) => ({ enabled: s.enabled, recipients: s.recipients, sentFor: s.sentFor });

/** GET /api/reports/schedule?projectId=: the monthly report pack's schedule (docs/records.md#report-pack-schedule). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleAppErrors(async () => {
    const access = await requireApiProject(request);
    requirePermission(access, REPORT_PACK_PERMISSION);
    return json(toJson(scheduleOf(access.project.settings)));
  });
}

/** POST /api/reports/schedule: projectId, enabled, recipients (text one a line, or a list); the page form's schema. */
export function action({ request }: ActionFunctionArgs) {
  return handleAppErrors(async () => {
    requireMethod(request, "POST");
    const body = await readBody(request);
    const access = await requireApiProject(request, body);
    return json(toJson(await saveReportPackSchedule(access, parseApiPayload(ReportPackScheduleSchema, body))));
  });
}
