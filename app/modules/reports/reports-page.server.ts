import { projectSummary, type ProjectAccess } from "~/modules/access/project-access.server";
import { ApiValidationError } from "~/utils/api-payload";
import { hasPermission } from "~/modules/permissions/permissions";
import { formatRate } from "~/modules/grievances/figure-definitions";
import { REPORT_DEFINITIONS, type ReportFigures } from "./figures";
import { rangeQuery, reportFigures } from "./figures.server";
import { REPORT_PACK_PERMISSION } from "./pack-job.server";
import { scheduleOf } from "./pack-schedule";
import { reportCharts } from "./report-charts.server";

/**
 * What /reports shows for one URL (docs/records.md#reports): the range form's values, the key
 * figures and the charts, or the form's errors (status 400).
 */
export async function loadReportsPage(access: ProjectAccess, url: URL) {
  const values = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const base = { project: projectSummary(access), values, canMakePack: hasPermission(access.role, REPORT_PACK_PERMISSION), schedule: scheduleFields(access) };
  try {
    const figures = await reportFigures(access, rangeQuery(url));
    return { ...base, values: figures.range, errors: null, keyFigures: keyFigures(figures), charts: reportCharts(figures), today: figures.today };
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return { ...base, errors: error.fieldErrors, keyFigures: null, charts: null, today: null };
  }
}

export type ReportsPageData = Awaited<ReturnType<typeof loadReportsPage>>;

/** The tiles at the top of the page: the headline numbers of the range. */
export function keyFigures(f: ReportFigures): { label: string; value: string; note?: string }[] {
  return [
    { label: "Engagements", value: String(f.engagements.total), note: "in the range" },
    { label: "Stakeholders contacted", value: `${f.stakeholders.contacted} of ${f.stakeholders.total}`, note: "in the range" },
    {
      label: "Agreements signed",
      value: `${f.agreements.status.signed} of ${f.agreements.properties}`,
      note: `${f.agreements.status.expiringSoon} expiring within 30 days · ${f.agreements.status.expired} expired`,
    },
    { label: "Grievances received", value: String(f.grievances.received), note: `${f.grievances.closed} closed in the range` },
    { label: "Acknowledged on time", value: formatRate(f.grievances.acknowledgedOnTime), note: `Resolved on time: ${formatRate(f.grievances.resolvedOnTime)}` },
    { label: "Commitments overdue", value: String(f.commitments.overdue), note: `${f.commitments.due} due · ${f.commitments.fulfilled} fulfilled in the range` },
  ];
}

/** GET /api/reports/summary: the figures of the page under their names, with their definitions. */
export function reportToJson(f: ReportFigures) {
  return { ...f, definitions: REPORT_DEFINITIONS };
}

/** The schedule form's stored values (docs/records.md#report-pack-schedule). */
function scheduleFields(access: ProjectAccess) {
  const schedule = scheduleOf(access.project.settings);
  return { enabled: schedule.enabled, recipients: schedule.recipients.join("\n"), sentFor: schedule.sentFor, lastFailure: schedule.lastFailure };
}
