import ExcelJS from "exceljs";
import { redirectWithFlash } from "~/modules/auth/flash.server";
import { AppError } from "~/utils/app-error";
import { contentDisposition } from "~/utils/download";
import { isBrowserNavigation } from "~/utils/http.server";
import { sqlRows } from "~db/sql.server";
import { projectClockSettings, JURISDICTION_LABELS } from "~/modules/calendar/business-days";
import { addDays, todayForProject, type CalendarDate } from "~/modules/calendar/today";
import { zonedDateToInstant } from "~/modules/engagement/zoned-time";
import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { ApiValidationError, parseApiPayload } from "~/utils/api-payload";
import { FIGURE_DEFINITIONS, grievanceFigures, type FigureRow, type GrievanceFigures } from "./figures";
import { figurePeriod, GrievanceFiguresSchema, type GrievanceFiguresInput } from "./figure-period";

/**
 * Grievance figures for a period (docs/records.md#grievance-figures): the one read, and the figures
 * as the page, the /api JSON and the Excel sheet give them. Every one goes through reportGrievanceFigures,
 * which checks viewData and reads only the selected project's rows.
 */

/**
 * The rows of the grievances received in [from, to] (local days in the project's zone), just the
 * columns the figures need, as plain rows: one statement over the (project_id, received_at) index.
 */
async function readFigureRows(access: ProjectAccess, from: CalendarDate, to: CalendarDate, timeZone: string): Promise<FigureRow[]> {
  const start = zonedDateToInstant(from, timeZone)!;
  const end = zonedDateToInstant(addDays(to, 1), timeZone)!;
  return sqlRows<FigureRow>(
    `select g.received_at as "receivedAt", g.counted_received_on::text as "countedReceivedOn", g.acknowledge_by::text as "acknowledgeBy",
            g.resolve_by::text as "resolveBy", g.acknowledged_at as "acknowledgedAt", g.resolved_at as "resolvedAt", g.closed_at as "closedAt",
            g.stage, g.category
       from grievance g
      where g.project_id = ? and g.received_at >= ? and g.received_at < ?
      order by g.received_at`,
    [access.project.id, start, end],
  );
}

export interface FiguresReport {
  figures: GrievanceFigures;
  clock: { jurisdiction: string; jurisdictionLabel: string; timeZone: string; acknowledgeDays: number; resolveDays: number };
}

/** The figures for the period asked for (defaults: the last 90 days to the project's today); 400 with the field's message for a period that is not one. */
export async function reportGrievanceFigures(access: ProjectAccess, input: GrievanceFiguresInput, now = new Date()): Promise<FiguresReport> {
  requirePermission(access, "viewData");
  const settings = projectClockSettings(access.project.settings);
  const today = todayForProject(access.project, now);
  const period = figurePeriod(input, today);
  if ("errors" in period) throw new ApiValidationError(period.errors);
  const rows = await readFigureRows(access, period.from, period.to, settings.timeZone);
  return {
    figures: grievanceFigures(rows, settings, { ...period, today }),
    clock: { ...settings, jurisdictionLabel: JURISDICTION_LABELS[settings.jurisdiction] },
  };
}

/** The query of the page and the /api twins, checked with the one schema (400 with `errors` per field). */
export function figuresQuery(url: URL): GrievanceFiguresInput {
  return parseApiPayload(GrievanceFiguresSchema, { from: url.searchParams.get("from") ?? undefined, to: url.searchParams.get("to") ?? undefined });
}

/** GET /api/grievances/figures: the figures under their definitions' names, with the definitions themselves. */
export function figuresToJson(access: ProjectAccess, report: FiguresReport) {
  const { figures } = report;
  return {
    projectId: access.project.id,
    period: { from: figures.from, to: figures.to },
    today: figures.today,
    clock: report.clock,
    received: figures.received,
    acknowledgedOnTime: figures.acknowledgedOnTime,
    resolvedOnTime: figures.resolvedOnTime,
    medianBusinessDaysToClose: figures.medianBusinessDaysToClose,
    openByCategory: figures.openByCategory,
    openByAge: figures.openByAge,
    open: figures.open,
    definitions: Object.fromEntries(Object.entries(FIGURE_DEFINITIONS).map(([name, d]) => [name, d.definition])),
  };
}

/** What /grievances/figures shows for one URL: the period form's values, the figures, or the form's errors (status 400). */
export async function loadGrievanceFiguresPage(access: ProjectAccess, url: URL) {
  const values = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const base = { project: projectSummary(access), values };
  try {
    const report = await reportGrievanceFigures(access, figuresQuery(url));
    const { from, to } = report.figures;
    return { ...base, values: { from, to }, errors: null, report, excelUrl: `/api/grievances/figures.xlsx?${new URLSearchParams({ projectId: String(access.project.id), from, to })}` };
  } catch (error) {
    if (!(error instanceof ApiValidationError)) throw error;
    return { ...base, errors: error.fieldErrors, report: null, excelUrl: null };
  }
}

export type GrievanceFiguresPageData = Awaited<ReturnType<typeof loadGrievanceFiguresPage>>;

export const FIGURES_XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** `grievance_figures_{from}_to_{to}.xlsx` */
export const figuresFileName = (figures: GrievanceFigures) => `grievance_figures_${figures.from}_to_${figures.to}.xlsx`;

/**
 * One sheet with the same figures as the page: the project and period, the timeliness figures, then
 * the open grievances by category and by age. Percentages are numbers (62.5 for 62.5 %), blank when
 * nothing was counted; the dates are the ISO text the page shows.
 */
export async function figuresWorkbook(access: ProjectAccess, report: FiguresReport): Promise<Buffer> {
  const { figures, clock } = report;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Grievance figures");
  sheet.columns = [{ width: 34 }, { width: 14 }, { width: 12 }, { width: 90 }];
  const bold = (row: ExcelJS.Row) => (row.font = { bold: true });
  bold(sheet.addRow(["Grievance figures"]));
  sheet.addRow(["Project", access.project.name]);
  sheet.addRow(["Period from", figures.from]);
  sheet.addRow(["Period to", figures.to]);
  sheet.addRow(["Worked out on", figures.today]);
  sheet.addRow(["Business days of", clock.jurisdictionLabel]);
  sheet.addRow([]);
  bold(sheet.addRow(["Figure", "Value", "Counted", "Definition"]));
  const d = FIGURE_DEFINITIONS;
  sheet.addRow([d.received.label, figures.received, null, d.received.definition]);
  sheet.addRow([`${d.acknowledgedOnTime.label} (%)`, figures.acknowledgedOnTime.percent, figures.acknowledgedOnTime.counted, d.acknowledgedOnTime.definition]);
  sheet.addRow([`${d.resolvedOnTime.label} (%)`, figures.resolvedOnTime.percent, figures.resolvedOnTime.counted, d.resolvedOnTime.definition]);
  sheet.addRow([d.medianBusinessDaysToClose.label, figures.medianBusinessDaysToClose.median, figures.medianBusinessDaysToClose.closed, d.medianBusinessDaysToClose.definition]);
  sheet.addRow([]);
  bold(sheet.addRow([`${d.openByCategory.label}`, "Open", null, d.openByCategory.definition]));
  for (const c of figures.openByCategory) sheet.addRow([c.label, c.open]);
  sheet.addRow(["Total open", figures.open]);
  sheet.addRow([]);
  bold(sheet.addRow([`${d.openByAge.label}`, "Open", null, d.openByAge.definition]));
  for (const a of figures.openByAge) sheet.addRow([a.label, a.open]);
  sheet.getColumn(4).alignment = { wrapText: true, vertical: "top" };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const FIGURES_DOWNLOAD_FAILED = "Failed to download the figures";

/**
 * GET /api/grievances/figures.xlsx: the sheet as an attachment, so the page's plain link downloads it
 * and the browser stays on the page. A refused period is JSON (400 with `errors`) for a script and a
 * flash on the figures page for a browser that followed the link itself (CONTRIBUTING.md, a download
 * behind a plain link).
 */
export async function grievanceFiguresDownload(request: Request, access: ProjectAccess): Promise<Response> {
  try {
    const report = await reportGrievanceFigures(access, figuresQuery(new URL(request.url)));
    const body = await figuresWorkbook(access, report);
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
      status: 200,
      headers: {
        "Content-Type": FIGURES_XLSX_TYPE,
        "Content-Length": String(body.byteLength),
        "Content-Disposition": contentDisposition("attachment", figuresFileName(report.figures)),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 403 || error.status === 404 || !isBrowserNavigation(request)) throw error;
    return redirectWithFlash(request, "/grievances/figures", { kind: "error", title: FIGURES_DOWNLOAD_FAILED, description: error.message });
  }
}
