import { redirect } from "@remix-run/node";
import { canUndoImport, hasPermission } from "~/modules/permissions/permissions";
import { projectSummary, requirePermission, type ProjectAccess } from "~/modules/access/project-access.server";
import { AppError } from "~/utils/app-error";
import { parseListQuery } from "~/utils/list-query";
import { requireRecordId } from "~/utils/record-id";
import { autoMapColumns } from "./column-mapping";
import { importFields } from "./import-fields";
import { getImport, listImports, type ImportView } from "./imports.server";
import { duplicatesUrl } from "./duplicate-view";
import { listNotTaken } from "./duplicates.server";
import { getStagedData, getWorkbook } from "./staging.server";
import { importTypeFrom } from "./wizard";
import { CRS_CHOICES, crsByCode } from "~/modules/parcels/crs";
import { repairableRows } from "./parcel-choices";
import type { GisStaging } from "./gis-staging.server";

/** Shape problems listed on the mapping step; the rest are counted (each is also a skipped row's reason if skipped). */
export const PROBLEMS_LISTED = 100;

/** What the mapping step shows of a parcel file (docs/import.md#parcels): its coordinate system or the choice, and its invalid shapes by row. */
function gisMapping(gis: GisStaging) {
  const byRow = gis.problems.filter((p) => p.row !== undefined);
  const rows = new Set(byRow.map((p) => p.row));
  return {
    format: gis.format,
    crs: gis.crs ? (crsByCode(gis.crs)?.label ?? gis.crs) : null,
    suggestedCrs: gis.suggestedCrs,
    crsChoices: CRS_CHOICES.map((c) => ({ value: c.code, label: `${c.label} (${c.code})` })),
    fileProblems: gis.problems.filter((p) => p.row === undefined && p.problem !== "no-crs").map((p) => p.message),
    problems: byRow.slice(0, PROBLEMS_LISTED).map((p) => ({ row: p.row!, message: p.message, repairable: p.repairable })),
    problemCount: byRow.length,
    invalidRows: rows.size,
    repairableRows: repairableRows(gis).length,
  };
}

/**
 * What each step of the import wizard shows for one URL (docs/import.md#wizard-steps). Every step is
 * the importer's own: a role without importData gets the 403 page, and another user's or client's
 * workbook, staged data or import is 404 (the staging and import modules scope them).
 */

function requiredParam(url: URL, name: string, notFound: string): string {
  const value = url.searchParams.get(name);
  if (!value) throw new AppError(404, notFound);
  return value;
}

/** /import: the upload form. */
export function loadUploadPage(access: ProjectAccess, url: URL) {
  requirePermission(access, "importData");
  return { project: projectSummary(access), importType: importTypeFrom(url.searchParams.get("type")) };
}

/** /import/sheet?workbook=&type=: the workbook's real sheet names and row counts. */
export async function loadSheetPage(access: ProjectAccess, url: URL) {
  requirePermission(access, "importData");
  const workbook = await getWorkbook(access, requiredParam(url, "workbook", "Workbook not found"));
  return {
    project: projectSummary(access),
    importType: importTypeFrom(url.searchParams.get("type")),
    workbook: { workbookKey: workbook.workbookKey, fileName: workbook.fileName, sheets: workbook.sheets.map((s) => ({ name: s.name, rowCount: s.rowCount })) },
  };
}

/**
 * /import/mapping?data=&type=: one row per column with its first 3 sample values and the automatic
 * first guess of its target (docs/import.md#mapping), and the type's fields for the choice.
 */
export async function loadMappingPage(access: ProjectAccess, url: URL) {
  requirePermission(access, "importData");
  const importType = importTypeFrom(url.searchParams.get("type"));
  const staged = await getStagedData(access, requiredParam(url, "data", "Import data not found"));
  const automatic = autoMapColumns(
    importType,
    staged.columns.map((c) => c.name),
  );
  return {
    project: projectSummary(access),
    importType,
    staged: { dataKey: staged.dataKey, fileName: staged.fileName, sheet: staged.sheet, totalRows: staged.totalRows },
    columns: staged.columns.map((column, position) => ({ name: column.name, sampleData: column.sampleData.slice(0, 3), target: automatic[position]?.target ?? "skip" })),
    fields: importFields(importType).map((f) => ({ key: f.key, label: f.label, required: f.required })),
    gis: staged.gis && importType === "parcels" ? gisMapping(staged.gis) : null,
  };
}

export const SKIPPED_PAGE_SIZE = 50;

/** /import/{id}: progress while the job runs, then the counts and the skipped rows (paginated). */
export async function loadProgressPage(access: ProjectAccess, idParam: string | undefined, url: URL) {
  requirePermission(access, "importData");
  const id = requireRecordId(idParam, "Import not found");
  const view = await getImport(access, id);
  // Rows held back as duplicates: the wizard's next step is theirs (docs/import.md#wizard-steps).
  if (view.duplicatesPending) throw redirect(duplicatesUrl(id));
  const { page, offset } = parseListQuery(url.searchParams, { sortKeys: ["row"] as const, defaultSort: "row", pageSize: SKIPPED_PAGE_SIZE });
  let retryUrl: string | null = null;
  if (view.status === "failed") {
    const dataKey = view.dataKey;
    // Back to the mapping only while the staged rows are still there (they expire after 24 hours).
    const staged = dataKey ? await getStagedData(access, dataKey).catch(() => null) : null;
    retryUrl = staged ? `/import/mapping?${new URLSearchParams({ data: staged.dataKey, type: view.importType })}` : `/import?${new URLSearchParams({ type: view.importType })}`;
  }
  return {
    project: projectSummary(access),
    import: {
      id: view.id,
      status: view.status,
      importType: view.importType,
      fileName: view.fileName,
      totalRows: view.totalRows,
      processedRows: view.processedRows,
      counts: {
        imported: view.counts.imported,
        updated: view.counts.updated,
        skipped: view.counts.skipped,
        autoMergedProperties: view.counts.autoMergedProperties,
        created: view.counts.created,
        linked: view.counts.linked,
        stakeholdersCreated: view.counts.stakeholdersCreated,
        stakeholdersLinked: view.counts.stakeholdersLinked,
        parcelsMatched: view.counts.parcelsMatched,
        parcelsUnmatched: view.counts.parcelsUnmatched,
        shapesRepaired: view.counts.shapesRepaired,
      },
      error: view.error,
      createdAt: view.createdAt,
      finishedAt: view.finishedAt,
    },
    skipped: {
      rows: view.skippedRows.slice(offset, offset + SKIPPED_PAGE_SIZE),
      listed: view.skippedRows.length,
      total: view.skippedRowsTotal,
      page,
      pageSize: SKIPPED_PAGE_SIZE,
    },
    retryUrl,
    notTaken: view.status === "completed" && view.counts.updated > 0 ? await listNotTaken(access, id) : [],
  };
}

export const HISTORY_PAGE_SIZE = 20;

function historyRow(view: ImportView) {
  return {
    id: view.id,
    status: view.status,
    importType: view.importType,
    fileName: view.fileName,
    createdAt: view.createdAt,
    createdBy: view.createdBy,
    totalRows: view.totalRows,
    imported: view.counts.imported,
    updated: view.counts.updated,
    skipped: view.counts.skipped,
    canUndo: view.canUndo,
    duplicatesPending: view.duplicatesPending,
  };
}

/** /imports: the project's import history, and the ?undo=ID confirmation when the role may undo. */
export async function loadHistoryPage(access: ProjectAccess, url: URL) {
  const { page, offset, pageSize } = parseListQuery(url.searchParams, { sortKeys: ["created"] as const, defaultSort: "created", pageSize: HISTORY_PAGE_SIZE });
  const canImport = hasPermission(access.role, "importData");
  const undoParam = url.searchParams.get("undo");
  const [list, undoing] = await Promise.all([
    listImports(access, { limit: pageSize, offset }),
    undoParam !== null && canUndoImport(access.role) ? getImport(access, requireRecordId(undoParam, "Import not found")) : null,
  ]);
  return {
    project: projectSummary(access),
    canImport,
    imports: list.imports.map(historyRow),
    total: list.total,
    page,
    pageSize,
    undoing: undoing ? historyRow(undoing) : null,
  };
}
