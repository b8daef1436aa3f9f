import { withZod } from "@remix-validated-form/with-zod";
import { getSelectedProjectAccess } from "~/modules/access/project-access.server";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { ApiValidationError, parseApiPayload } from "~/utils/api-payload";
import { AppError } from "~/utils/app-error";
import { ReportRangeSchema } from "./range";
import { requestReportPack } from "./pack-job.server";
import { REPORT_SCHEDULE_FORM, ReportPackScheduleSchema } from "./pack-schedule";
import { saveReportPackSchedule } from "./pack-schedule.server";
import { validateForm } from "~/utils/validation.server";

const scheduleValidator = withZod(ReportPackScheduleSchema);

/** Where the made packs are listed: the documents tagged "report pack". */
export const PACK_DOCUMENTS_PATH = "/documents?search=report+pack";

const fieldsOf = (formData: FormData) => Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;

/**
 * POST /reports, intent "schedule": the monthly schedule's form (docs/records.md#report-pack-schedule),
 * its errors shown on the page with the submitted values; intent "pack": the current range (hidden fields of the button's plain form) through
 * the one range schema, then the job is queued (docs/records.md#report-pack). Back to the same range
 * with a message; a refused range comes back as an error message (the fields are hidden).
 */
export async function reportsAction(request: Request): Promise<Response> {
  const access = await getSelectedProjectAccess(request);
  if (!access) throw new AppError(400, "No project selected. Please select a project first from the dashboard.");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const fields = fieldsOf(formData);
  const back = `/reports?${new URLSearchParams({ from: fields.from ?? "", to: fields.to ?? "" })}`;
  if (intent === "schedule") {
    const { data, response } = await validateForm(formData, scheduleValidator, REPORT_SCHEDULE_FORM);
    if (response) return response;
    const schedule = await saveReportPackSchedule(access, data);
    return redirectWithFlash(request, back, {
      kind: "success",
      title: "Schedule saved",
      description: schedule.enabled
        ? `The previous month's pack will be sent to ${schedule.recipients.length} address${schedule.recipients.length === 1 ? "" : "es"} on the first business day of each month.`
        : "The monthly report pack is off.",
    });
  }
  if (intent !== "pack") throw new AppError(400, "Unknown action");
  try {
    const { range } = await requestReportPack(access, parseApiPayload(ReportRangeSchema, { from: fields.from, to: fields.to }));
    return redirectWithFlash(request, `/reports?${new URLSearchParams({ from: range.from, to: range.to })}`, {
      kind: "success",
      title: "Report pack queued",
      description: `The PDF and the workbook for ${range.from} to ${range.to} are being made; they will appear in Documents (search "report pack") in a minute.`,
    });
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return redirectWithFlash(request, back, { kind: "error", title: "The report pack was not queued", description: Object.values(error.fieldErrors).join(" ") });
  }
}
